// A large code write in the embedded store is copied, stringified and encoded in slices
// (code-change-copy.ts, loop-slices.ts): the same copy and bytes as in one go, and the event loop
// turns meanwhile.
import { describe, expect, it } from "vitest";
import { copyCodeChange } from "../../src/adapters/embedded-graph/code-change-copy.js";
import { LoopSlices, utf8InSlices } from "../../src/adapters/embedded-graph/loop-slices.js";
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
    expect(JSON.parse(json)).toEqual(change);
    expect(json).toBe(JSON.stringify(change));
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
      copyCodeChange({ repo: "app", upsert, remove: [] }, new LoopSlices(1)),
    );
    expect(value.change.upsert).toHaveLength(3000);
    expect(turns).toBeGreaterThan(0);
  });
});

describe("utf8InSlices", () => {
  it("encodes like Buffer.from, never splitting a surrogate pair", async () => {
    // 1 MiB pieces: an emoji (two UTF-16 units) straddles the first boundary.
    const text = `${"a".repeat(1024 * 1024 - 1)}😀${"é".repeat(3000)}😀`;
    const pieces = await utf8InSlices(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(Buffer.concat(pieces).equals(Buffer.from(text))).toBe(true);
  });

  it("gives way to the event loop on a long text", async () => {
    const text = "x".repeat(8 * 1024 * 1024);
    const { value, turns } = await turnsDuring(() => utf8InSlices(text, new LoopSlices(0)));
    expect(Buffer.concat(value).length).toBe(text.length);
    expect(turns).toBeGreaterThan(0);
  });
});
