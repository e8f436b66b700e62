// Cost of the reporters: `e2e run` over 1,000 modules with all of them (console, json, junit,
// html) versus console alone, side by side (interleaved, same process, same server), median of
// 5 runs each. Target: all reporters add < 10% to the run time, with the default config. The same
// pair is also measured with reporting.include_payloads on (headers and bodies in every report),
// and reported alongside.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateModuleTree } from "./fixtures.js";
import { loadRunner, runOptions, startServerProcess } from "./in-process.js";
import { median, round, writeResult } from "./measure.js";

const N = 1000;
const REPS = 5;
const ALL = ["console", "json", "junit", "html"];

export async function benchReporters(): Promise<Record<string, unknown>> {
  const server = await startServerProcess();
  const { runE2e, label } = await loadRunner();
  const reportDir = mkdtempSync(join(tmpdir(), "gantry-bench-reports-"));
  const trees = {
    defaults: generateModuleTree(N, server.url),
    payloads: generateModuleTree(N, server.url, { includePayloads: true }),
  };
  try {
    const run = async (config: string, reporters: string[]) => {
      const started = performance.now();
      const code = await runE2e(runOptions(config, { reporters, reportDir }));
      if (code !== 0) throw new Error(`e2e run (${reporters}) exited ${code}`);
      return performance.now() - started;
    };
    const times = {
      defaults: { console: [] as number[], all: [] as number[] },
      payloads: { console: [] as number[], all: [] as number[] },
    };
    for (let i = 0; i < REPS + 1; i++) {
      for (const kind of ["defaults", "payloads"] as const) {
        const a = await run(trees[kind].config, ["console"]);
        const b = await run(trees[kind].config, ALL);
        if (i === 0) continue; // fills the compile cache and warms the reporters' code
        times[kind].console.push(a);
        times[kind].all.push(b);
      }
    }
    const summary = (kind: keyof typeof times) => ({
      console_ms: round(median(times[kind].console)),
      console_json_junit_html_ms: round(median(times[kind].all)),
      ratio: round(median(times[kind].all) / median(times[kind].console), 3),
    });
    const defaults = summary("defaults");
    const payloads = summary("payloads");
    const result = {
      modules: N,
      reps: REPS,
      cli: label,
      baseline: "same run with --reporter console only",
      median_ms: {
        console: defaults.console_ms,
        console_json_junit_html: defaults.console_json_junit_html_ms,
      },
      ratio_vs_baseline: defaults.ratio,
      with_include_payloads: payloads,
      target: "all reporters add < 10% (ratio < 1.10), default config",
      met: defaults.ratio < 1.1,
    };
    const file = writeResult("controller-reporters", result);
    console.log(
      `reporters: all ${defaults.console_json_junit_html_ms} ms vs console ${defaults.console_ms} ms ` +
        `(×${defaults.ratio}) target <×1.10: ${result.met ? "met" : "NOT met"}; ` +
        `with include_payloads ×${payloads.ratio} (${payloads.console_json_junit_html_ms} vs ${payloads.console_ms} ms) → ${file}`,
    );
    return result;
  } finally {
    for (const tree of Object.values(trees)) tree.remove();
    rmSync(reportDir, { recursive: true, force: true });
    server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchReporters();
