// Cost of the reporters: `e2e run` over 1,000 modules with all of them (console, json, junit,
// html) versus console alone, side by side (same process, same server): median of 14 runs each,
// in ABBA order, each from a collected heap. Wall time is the target (all reporters add < 10%
// with the default config); the process's CPU time is reported alongside, and the same pair is
// also measured with reporting.include_payloads on (headers and bodies in every report).

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateModuleTree } from "./fixtures.js";
import { loadRunner, runOptions, startServerProcess } from "./in-process.js";
import { median, round, writeResult } from "./measure.js";

const N = 1000;
const REPS = 14;
interface Sample {
  wall: number;
  cpu: number;
}

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
      // Every run starts from a collected heap, as a fresh `e2e run` process would (the npm script
      // passes --expose-gc); otherwise one run pays for the garbage of the one before.
      (globalThis as { gc?: () => void }).gc?.();
      const started = performance.now();
      const cpu = process.cpuUsage();
      const code = await runE2e(runOptions(config, { reporters, reportDir }));
      if (code !== 0) throw new Error(`e2e run (${reporters}) exited ${code}`);
      const used = process.cpuUsage(cpu);
      return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
    };
    const times = {
      defaults: { console: [] as Sample[], all: [] as Sample[] },
      payloads: { console: [] as Sample[], all: [] as Sample[] },
    };
    for (let i = 0; i < REPS + 1; i++) {
      for (const kind of ["defaults", "payloads"] as const) {
        // ABBA order, so a drift in the machine's speed falls on both sides alike.
        const consoleFirst = i % 2 === 0;
        const a = consoleFirst ? await run(trees[kind].config, ["console"]) : undefined;
        const b = await run(trees[kind].config, ALL);
        const c = a ?? (await run(trees[kind].config, ["console"]));
        if (i === 0) continue; // fills the compile cache and warms the reporters' code
        times[kind].console.push(c);
        times[kind].all.push(b);
      }
    }
    const summary = (kind: keyof typeof times) => {
      const of = (which: "console" | "all", field: keyof Sample) =>
        median(times[kind][which].map((s) => s[field]));
      return {
        console_ms: round(of("console", "wall")),
        console_json_junit_html_ms: round(of("all", "wall")),
        ratio: round(of("all", "wall") / of("console", "wall"), 3),
        cpu_ms: { console: round(of("console", "cpu")), console_json_junit_html: round(of("all", "cpu")) },
        cpu_ratio: round(of("all", "cpu") / of("console", "cpu"), 3),
        // Each "all" run against the console run next to it: robust to the machine's drift.
        paired_ratio: round(median(times[kind].all.map((s, i) => s.wall / times[kind].console[i]!.wall)), 3),
      };
    };
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
      paired_ratio: defaults.paired_ratio,
      cpu_ms: defaults.cpu_ms,
      cpu_ratio: defaults.cpu_ratio,
      with_include_payloads: payloads,
      target: "all reporters add < 10% (ratio < 1.10), default config",
      met: defaults.ratio < 1.1,
    };
    const file = writeResult("controller-reporters", result);
    console.log(
      `reporters: all ${defaults.console_json_junit_html_ms} ms vs console ${defaults.console_ms} ms ` +
        `(×${defaults.ratio}; paired ×${defaults.paired_ratio}; CPU ×${defaults.cpu_ratio}) target <×1.10: ${result.met ? "met" : "NOT met"}; ` +
        `with include_payloads ×${payloads.ratio}, CPU ×${payloads.cpu_ratio} (${payloads.console_json_junit_html_ms} vs ${payloads.console_ms} ms) → ${file}`,
    );
    return result;
  } finally {
    for (const tree of Object.values(trees)) tree.remove();
    rmSync(reportDir, { recursive: true, force: true });
    server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchReporters();
