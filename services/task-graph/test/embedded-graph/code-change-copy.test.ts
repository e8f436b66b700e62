// A large code write in the embedded store is copied, stringified and encoded in slices
// (code-change-copy.ts, loop-slices.ts): the same copy and bytes as in one go, never one string of
// the whole line, and the event loop turns meanwhile.
import { describe, expect, it } from "vitest";
import { Yielder } from "../../../../lib/turns/index.js";
import { copyCodeChange } from "../../src/adapters/embedded-graph/code-change-copy.js";
import { utf8InSlices } from "../../src/adapters/embedded-graph/loop-slices.js";
import { makeCodeFile } from "../conformance/code-graph-store.conformance.js";

/** Counts turns of the event loop while `work` runs. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  const timer = setInterval(() => turns++, 1);
  try {
    return { value: await work(), turns };
  } finally {
    clearInterval(timer);
  }
}

describe("copyCodeChange", () => {
  it("is a frozen deep copy whose JSON is JSON.stringify's", async () => {
    const change = {
      repo: "app",
      upsert: [makeCodeFile("app", "src/a.ts", ["f", "g"]), makeCodeFile("app", "src/é.ts", ["h"])],
      remove: ["old.ts"],
    };
    const { change: copy, json } = await copyCodeChange(change);
    expect(copy).toEqual(change);
    expect(copy.upsert[0]).not.toBe(change.upsert[0]);
    expect(Object.isFrozen(copy.upsert[0]!.symbols[0])).toBe(true);
    expect(json.join("")).toBe(JSON.stringify(change));
  });

  it("copies one file with thousands of symbols and edges a piece at a time, to the same copy and JSON", async () => {
    const big = makeCodeFile(
      "app",
      "src/big.ts",
      Array.from({ length: 3000 }, (_, k) => `s${k}`),
    );
    const edges = Array.from({ length: 1000 }, (_, k) => ({
      ...big.edges[k % big.edges.length]!,
      note: `é${k}`,
    }));
    const change = {
      repo: "app",
      upsert: [makeCodeFile("app", "src/a.ts", ["f"]), { ...big, edges }],
      remove: [],
    };
    expect(big.symbols.length).toBeGreaterThan(1000);
    const { value, turns } = await turnsDuring(() => copyCodeChange(change, new Yielder(0)));
    expect(value.change).toEqual(JSON.parse(JSON.stringify(change)));
    expect(Object.isFrozen(value.change.upsert[1]!.symbols)).toBe(true);
    expect(Object.isFrozen(value.change.upsert[1]!.edges[999])).toBe(true);
    expect(value.json.join("")).toBe(JSON.stringify(change));
    expect(value.json.length).toBeGreaterThan(10);
    expect(turns).toBeGreaterThan(0);
  });

  it("copies what JSON keeps and drops what it drops, and a later change to the caller's objects does not reach it", async () => {
    const file = makeCodeFile("app", "src/a.ts", ["f"]);
    const odd = {
      ...file,
      extra: {
        gone: undefined,
        fn: () => 1,
        list: [1, undefined, Number.NaN, Number.POSITIVE_INFINITY, "s", null, true, { deep: [{ x: -0 }] }],
        when: new Date(0),
        nothing: null,
        owned: JSON.parse('{"__proto__": {"polluted": true}, "b": 1}'),
      },
    };
    const big = {
      ...file,
      edges: Array.from({ length: 600 }, (_, k) => ({ ...file.edges[0]!, weight: k / 3, gone: undefined })),
    };
    const change = { repo: "app", upsert: [odd, big] as unknown as (typeof file)[], remove: [] };
    const { change: copy, json } = await copyCodeChange(change, new Yielder(0));
    expect(copy).toStrictEqual(JSON.parse(JSON.stringify(change)));
    expect(json.join("")).toBe(JSON.stringify(change));
    const owned = (copy.upsert[0] as unknown as typeof odd).extra.owned as Record<string, unknown>;
    expect(Object.getPrototypeOf(owned)).toBe(Object.prototype);
    expect(Object.keys(owned)).toEqual(["__proto__", "b"]);
    const deep = (copy.upsert[0] as unknown as typeof odd).extra.list[7] as { deep: { x: number }[] };
    expect(Object.isFrozen(deep.deep[0])).toBe(true);
    odd.extra.list.push("later");
    big.edges[0]!.weight = 99;
    expect((copy.upsert[0] as unknown as typeof odd).extra.list).toHaveLength(8);
    expect((copy.upsert[1]!.edges[0] as { weight?: number }).weight).toBe(0);
  });

  it("gives way to the event loop on a large change", async () => {
    const upsert = Array.from({ length: 3000 }, (_, i) =>
      makeCodeFile(
        "app",
        `src/f${i}.ts`,
        Array.from({ length: 20 }, (_, k) => `s${k}`),
      ),
    );
    const { value, turns } = await turnsDuring(() =>
      copyCodeChange({ repo: "app", upsert, remove: [] }, new Yielder(1)),
    );
    expect(value.change.upsert).toHaveLength(3000);
    expect(turns).toBeGreaterThan(0);
  });
});

describe("utf8InSlices", () => {
  it("encodes the pieces as Buffer.from of them joined, in buffers of about a MiB", async () => {
    const pieces = Array.from(
      { length: 5000 },
      (_, i) => `{"path":"src/é${i}.ts","emoji":"😀"}${"x".repeat(i % 700)},`,
    );
    const buffers = await utf8InSlices(pieces);
    expect(buffers.length).toBeGreaterThan(1);
    expect(Buffer.concat(buffers).equals(Buffer.from(pieces.join("")))).toBe(true);
    expect(await utf8InSlices(["one line\n"])).toEqual([Buffer.from("one line\n")]);
  });

  it("holds a batch of short lines in a buffer of about their size, not a MiB each", async () => {
    // Group commit encodes every batch of a few journal lines: a MiB per batch made V8 run a full
    // collection several times a second under steady writes.
    const lines = Array.from({ length: 8 }, (_, i) => `{"op":"issue.update","id":"T-${i}","title":"é"}\n`);
    const [buffer, ...rest] = await utf8InSlices(lines);
    expect(rest).toEqual([]);
    expect(buffer!.equals(Buffer.from(lines.join("")))).toBe(true);
    expect(buffer!.buffer.byteLength).toBeLessThanOrEqual(8 * 1024);
    const medium = Array.from({ length: 40 }, () => "y".repeat(10_000));
    const held = (await utf8InSlices(medium)).reduce((n, b) => n + b.buffer.byteLength, 0);
    expect(held).toBeLessThanOrEqual(3 * 400_000);
  });

  it("encodes one long piece (a file's text of MBs) in parts, never splitting a surrogate pair", async () => {
    // Odd offset: a cut every 256Ki characters would fall between the halves of a pair.
    const piece = `a${"😀".repeat(1_000_000)}é`;
    const buffers = await utf8InSlices([piece]);
    expect(buffers.length).toBeGreaterThan(1);
    expect(Buffer.concat(buffers).equals(Buffer.from(piece))).toBe(true);
    const mixed = ["x", piece, "\n"];
    expect(Buffer.concat(await utf8InSlices(mixed)).equals(Buffer.from(mixed.join("")))).toBe(true);
  });

  it("gives way to the event loop on a long line", async () => {
    const pieces = Array.from({ length: 64 }, () => "x".repeat(256 * 1024));
    const { value, turns } = await turnsDuring(() => utf8InSlices(pieces, new Yielder(0)));
    expect(Buffer.concat(value).length).toBe(64 * 256 * 1024);
    expect(turns).toBeGreaterThan(0);
  });
});
