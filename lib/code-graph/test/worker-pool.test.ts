import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CodeIndexer, JobTimeoutError, WorkerExtractor } from "../index.js";
import { FIXTURES, readTree } from "./helpers/fixture-graph.js";

describe("WorkerExtractor (extraction on worker threads)", () => {
  it("builds the same graph on two worker threads as in the calling thread", async () => {
    const files = [...readTree(join(FIXTURES, "ts")), ...readTree(join(FIXTURES, "go"))];
    const pool = new WorkerExtractor({ threads: 2 });
    try {
      const threaded = new CodeIndexer({ repo: "mixed", extract: pool.extract });
      const inline = new CodeIndexer({ repo: "mixed" });
      await threaded.update(files);
      await inline.update(files);
      expect(threaded.graph().symbols.length).toBeGreaterThan(20);
      expect(threaded.graph()).toEqual(inline.graph());
    } finally {
      await pool.close();
    }
  });

  it("refuses work once closed instead of waiting forever", async () => {
    const pool = new WorkerExtractor({ threads: 1 });
    await pool.close();
    await expect(pool.extract("x = 1\n", "python")).rejects.toThrow(/no worker left/);
  });

  it("refuses a thread count that is not a whole number of at least one", () => {
    expect(() => new WorkerExtractor({ threads: 0 })).toThrow(/threads: expected a whole number ≥ 1, got 0/);
  });
});

describe("WorkerExtractor with a time budget (hostile input)", () => {
  // A long operator chain (160 KB, the probe's): extraction on it runs for about 12 s here, and grows as n².
  const chain = `var a=${Array.from({ length: 80_000 }, () => "b").join("+")}\n`;

  it("stops a parse over its budget, fails that job only, and goes on with a fresh worker", async () => {
    const pool = new WorkerExtractor({ threads: 1, jobTimeoutMs: 500 });
    try {
      const started = performance.now();
      await expect(pool.extract(chain, "javascript")).rejects.toBeInstanceOf(JobTimeoutError);
      expect(performance.now() - started).toBeLessThan(10_000);
      const facts = await pool.extract("export function ok() { return 1; }\n", "typescript");
      expect(facts.symbols.map((s) => s.name)).toEqual(["ok"]);
    } finally {
      await pool.close();
    }
  });

  it("indexes a file over budget without symbols and says why, keeping the rest of the batch", async () => {
    const pool = new WorkerExtractor({ threads: 1, jobTimeoutMs: 500 });
    try {
      const indexer = new CodeIndexer({ repo: "hostile", extract: pool.extract });
      await indexer.update([
        { path: "chain.js", content: chain },
        { path: "ok.ts", content: "export function fine() {}\n" },
      ]);
      expect(indexer.graph().files.map((f) => f.path)).toEqual(["chain.js", "ok.ts"]);
      expect(indexer.graph().symbols.map((s) => s.name)).toEqual(["fine"]);
      expect(indexer.lastUpdate().unparsed).toEqual([
        { path: "chain.js", reason: expect.stringMatching(/over its budget of 500 ms/) },
      ]);
    } finally {
      await pool.close();
    }
  });

  it("does not parse a file with a line over maxLineChars", async () => {
    const indexer = new CodeIndexer({ repo: "min", maxLineChars: 1000 });
    await indexer.update([{ path: "data.js", content: `export const d = [${"1,".repeat(2000)}];\n` }]);
    expect(indexer.graph().symbols).toEqual([]);
    expect(indexer.lastUpdate().unparsed).toEqual([
      { path: "data.js", reason: "a line over 1000 characters" },
    ]);
  });
});
