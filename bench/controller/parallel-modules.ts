// `parallel: true` on a latency-bound suite: 100 modules, each one GET that the server answers after
// 50 ms, run with --workers 1, 2 and 4 side by side (interleaved, same process, same server).
// Reported: median wall time per worker count over REPS runs, and the ratio to workers=1 from the
// same script. Targets: ≥ 1.8× at 2 workers, ≥ 3.5× at 4; every run must give the same outcomes.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateModuleTree } from "./fixtures.js";
import { loadRunner, runOptions, startServerProcess } from "./in-process.js";
import { median, round, writeResult } from "./measure.js";

const MODULES = 100;
const DELAY_MS = 50;
const WORKERS = [1, 2, 4] as const;
const REPS = 5;

export async function benchParallelModules(): Promise<Record<string, unknown>> {
  const server = await startServerProcess(DELAY_MS);
  const { runE2e, label } = await loadRunner();
  const tree = generateModuleTree(MODULES, server.url, { formats: ["json"], parallel: true });
  const reports = mkdtempSync(join(tmpdir(), "gantry-bench-parallel-"));
  const outcomes = new Set<string>();
  try {
    const run = async (workers: number) => {
      const dir = join(reports, `w${workers}`);
      const started = performance.now();
      const code = await runE2e(runOptions(tree.config, { workers, reportDir: dir }));
      const ms = performance.now() - started;
      if (code !== 0) throw new Error(`e2e run --workers ${workers} exited ${code}`);
      const report = JSON.parse(readFileSync(join(dir, "e2e-report.json"), "utf8"));
      const modules = report.services[0].modules as { name: string; status: string }[];
      outcomes.add(modules.map((m) => `${m.name}:${m.status}`).join(","));
      return ms;
    };
    await run(1); // warm-up: compiles the modules into the compile cache
    const times: Record<number, number[]> = { 1: [], 2: [], 4: [] };
    for (let rep = 0; rep < REPS; rep++) for (const w of WORKERS) times[w]!.push(await run(w));
    const medians = Object.fromEntries(WORKERS.map((w) => [w, round(median(times[w]!))]));
    const speedup = (w: number) => round(medians[1]! / medians[w]!);
    const sameResults = outcomes.size === 1;
    const met = speedup(2) >= 1.8 && speedup(4) >= 3.5 && sameResults;
    const result = {
      cli: label,
      modules: MODULES,
      serverDelayMs: DELAY_MS,
      reps: REPS,
      medianMs: medians,
      speedupVsWorkers1: { 2: speedup(2), 4: speedup(4) },
      sameResults,
      target: "≥ 1.8× at 2 workers, ≥ 3.5× at 4, same outcomes",
      met,
    };
    const file = writeResult("controller-parallel-modules", result);
    process.stdout.write(
      `parallel modules (${MODULES} × ${DELAY_MS} ms): median ${medians[1]} / ${medians[2]} / ${medians[4]} ms at 1/2/4 workers; ` +
        `×${speedup(2)} at 2, ×${speedup(4)} at 4; same results: ${sameResults}; target met: ${met} (${file})\n`,
    );
    return result;
  } finally {
    tree.remove();
    rmSync(reports, { recursive: true, force: true });
    server.stop();
  }
}
