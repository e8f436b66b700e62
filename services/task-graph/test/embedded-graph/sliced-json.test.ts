// The snapshot writer (sliced-json.ts): the file holds exactly JSON.stringify's text, and a large
// value is written giving way to the event loop (a timer fires during the write).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeJsonSliced } from "../../src/adapters/embedded-graph/sliced-json.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "sliced-json-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("writeJsonSliced", () => {
  it("writes JSON.stringify's text, at every depth", async () => {
    const value = {
      format: 1,
      empty: [],
      none: {},
      gone: undefined,
      when: new Date(0),
      'quoted "key" é': ["a\nb", 1.5, null, undefined, true, { x: undefined, y: [1, [2, [3]]] }],
      code: { files: [{ file: { path: "a.ts" }, symbols: [], edges: [{ from: "x", to: "y" }] }] },
    };
    for (const depth of [0, 1, 2, 3, 6]) {
      const path = join(dir, `d${depth}.json`);
      await writeJsonSliced(path, value, depth);
      expect(readFileSync(path, "utf8")).toBe(JSON.stringify(value));
    }
  });

  it("walks a long array below `depth`, or a record holding one, to the same text", async () => {
    const symbols = Array.from({ length: 1000 }, (_, k) => ({ id: `s${k}`, gone: undefined, name: `é${k}` }));
    const value = {
      code: {
        files: [
          { file: { path: "big.ts" }, symbols, edges: [...symbols.map((s) => ({ to: s.id })), undefined] },
          { file: { path: "small.ts" }, symbols: symbols.slice(0, 3), edges: [] },
        ],
      },
      list: Array.from({ length: 700 }, (_, k) => (k % 7 === 0 ? undefined : [k, { k }])),
    };
    for (const depth of [0, 1, 3]) {
      const path = join(dir, `long${depth}.json`);
      await writeJsonSliced(path, value, depth);
      expect(readFileSync(path, "utf8")).toBe(JSON.stringify(value));
    }
  });

  it("walks a record of many members below `depth` to the same text", async () => {
    const byId = Object.fromEntries(
      Array.from({ length: 1000 }, (_, k) => [`app:src/f${k}.ts#s${k}`, { name: `s${k}`, gone: undefined }]),
    );
    const value = { code: { symbols: byId, few: { a: 1, b: [2] } } };
    for (const depth of [0, 1, 2]) {
      const path = join(dir, `many${depth}.json`);
      await writeJsonSliced(path, value, depth);
      expect(readFileSync(path, "utf8")).toBe(JSON.stringify(value));
    }
  });

  it("gives way to the event loop while writing a large value", async () => {
    const files = Array.from({ length: 40_000 }, (_, i) => ({
      file: { path: `src/f${i}.ts`, hash: "h".repeat(64) },
      symbols: Array.from({ length: 5 }, (_, k) => ({ id: `r:src/f${i}.ts#s${k}`, line: k })),
    }));
    const value = { code: { files } };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const path = join(dir, "big.json");
    try {
      await writeJsonSliced(path, value);
    } finally {
      clearInterval(timer);
    }
    expect(readFileSync(path, "utf8")).toBe(JSON.stringify(value));
    expect(ticks).toBeGreaterThan(1);
  });
});
