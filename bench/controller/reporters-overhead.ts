// Cost of the reporters: `e2e run` over 1,000 modules with all of them (console, json, junit,
// html) versus console alone, side by side (interleaved, same process, same server), median of
// 5 runs each. Target: all reporters add < 10% to the run time.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateModuleTree } from "./fixtures.js";
import { loadRunner, runOptions, startServerProcess } from "./in-process.js";
import { median, round, writeResult } from "./measure.js";

const N = 1000;
const REPS = 5;

export async function benchReporters(): Promise<Record<string, unknown>> {
  const server = await startServerProcess();
  const { runE2e, label } = await loadRunner();
  const tree = generateModuleTree(N, server.url);
  const reportDir = mkdtempSync(join(tmpdir(), "gantry-bench-reports-"));
  try {
    const run = async (reporters: string[]) => {
      const started = performance.now();
      const code = await runE2e(runOptions(tree.config, { reporters, reportDir }));
      if (code !== 0) throw new Error(`e2e run (${reporters}) exited ${code}`);
      return performance.now() - started;
    };
    const consoleOnly: number[] = [];
    const all: number[] = [];
    for (let i = 0; i < REPS + 1; i++) {
      const a = await run(["console"]);
      const b = await run(["console", "json", "junit", "html"]);
      if (i === 0) continue; // fills the compile cache and warms the reporters' code
      consoleOnly.push(a);
      all.push(b);
    }
    const ratio = median(all) / median(consoleOnly);
    const result = {
      modules: N,
      reps: REPS,
      cli: label,
      baseline: "same run with --reporter console only",
      median_ms: { console: round(median(consoleOnly)), console_json_junit_html: round(median(all)) },
      ratio_vs_baseline: round(ratio, 3),
      target: "all reporters add < 10% (ratio < 1.10)",
      met: ratio < 1.1,
    };
    const file = writeResult("controller-reporters", result);
    console.log(
      `reporters: all ${result.median_ms.console_json_junit_html} ms vs console ${result.median_ms.console} ms ` +
        `(×${result.ratio_vs_baseline}) target <×1.10: ${result.met ? "met" : "NOT met"} → ${file}`,
    );
    return result;
  } finally {
    tree.remove();
    rmSync(reportDir, { recursive: true, force: true });
    server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchReporters();
