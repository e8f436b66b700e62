import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CodeIndexer, WorkerExtractor } from "../index.js";
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
