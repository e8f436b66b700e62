// Peak RSS of `e2e run` over 1,000 and 5,000 trivial modules (median of 3 runs each, after one
// run that fills the compile cache). Baseline: the same CLI on 1,000 modules.
// Targets: peak < 150 MB, and 5,000 within 10% of 1,000 (memory does not grow with modules).

import { generateModuleTree, startBenchServer } from "./fixtures.js";
import { cliUnderTest, median, round, timeNode, writeResult } from "./measure.js";

const REPS = 3;

export async function benchMemory(): Promise<Record<string, unknown>> {
  const server = await startBenchServer();
  const cli = cliUnderTest();
  const trees = [1000, 5000].map((n) => ({ n, tree: generateModuleTree(n, server.url) }));
  try {
    const peaks: Record<number, number[]> = { 1000: [], 5000: [] };
    for (let i = 0; i < REPS + 1; i++) {
      for (const { n, tree } of trees) {
        const r = await timeNode([...cli.args, "run", "--no-start", "--config", tree.config], {
          usage: true,
        });
        if (r.code !== 0 || r.maxRssKb === undefined)
          throw new Error(`e2e run (${n}) failed: ${r.stderr.slice(-2000)}`);
        if (i > 0) peaks[n]!.push(r.maxRssKb / 1024);
      }
    }
    const p1 = median(peaks[1000]!);
    const p5 = median(peaks[5000]!);
    const result = {
      reps: REPS,
      cli: cli.label,
      baseline: "same CLI, 1,000 modules",
      peak_rss_mb: { modules_1000: round(p1, 1), modules_5000: round(p5, 1) },
      ratio_5000_vs_1000: round(p5 / p1, 3),
      target: "peak RSS < 150 MB and 5,000 within 10% of 1,000",
      met: Math.max(p1, p5) < 150 && p5 / p1 <= 1.1,
    };
    const file = writeResult("controller-memory", result);
    console.log(
      `memory: peak RSS ${result.peak_rss_mb.modules_1000} MB (1,000) / ${result.peak_rss_mb.modules_5000} MB (5,000), ` +
        `×${result.ratio_5000_vs_1000} target <150 MB and ≤×1.10: ${result.met ? "met" : "NOT met"} → ${file}`,
    );
    return result;
  } finally {
    for (const { tree } of trees) tree.remove();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMemory();
