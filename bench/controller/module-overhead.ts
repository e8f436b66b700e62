// Framework overhead per scenario module: `e2e run` over 200 trivial modules (one GET each)
// against a local server, versus a plain undici loop making the same 200 requests, side by side
// (interleaved, same process, same server). Fixed costs (config, boot, reports) cancel out by
// also running 1 module / 1 request:
//   overhead per module = ((e2e(200) − e2e(1)) − (undici(200) − undici(1))) / 199
// Target: < 2 ms median.

import { Pool, request } from "undici";
import { generateModuleTree } from "./fixtures.js";
import { loadRunner, runOptions, startServerProcess } from "./in-process.js";
import { median, round, writeResult } from "./measure.js";

const N = 200;
const REPS = 7;

async function undiciLoop(base: string, n: number): Promise<number> {
  const started = performance.now();
  const pool = new Pool(base);
  for (let i = 1; i <= n; i++) {
    const res = await request(`${base}/items/${i}`, { dispatcher: pool });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
  }
  await pool.close();
  return performance.now() - started;
}

export async function benchModuleOverhead(): Promise<Record<string, unknown>> {
  const server = await startServerProcess();
  const { runE2e, label } = await loadRunner();
  const one = generateModuleTree(1, server.url);
  const many = generateModuleTree(N, server.url);
  try {
    const e2e = async (conf: string) => {
      const started = performance.now();
      const code = await runE2e(runOptions(conf));
      if (code !== 0) throw new Error(`e2e run exited ${code}`);
      return performance.now() - started;
    };
    // First run compiles the modules (esbuild) into the compile cache that later runs read.
    const cold = await e2e(many.config);
    const s = { e1: [] as number[], eN: [] as number[], u1: [] as number[], uN: [] as number[] };
    for (let i = 0; i < REPS; i++) {
      s.e1.push(await e2e(one.config));
      s.u1.push(await undiciLoop(server.url, 1));
      s.eN.push(await e2e(many.config));
      s.uN.push(await undiciLoop(server.url, N));
    }
    const framework = median(s.eN) - median(s.e1);
    const baseline = median(s.uN) - median(s.u1);
    const perModule = (framework - baseline) / (N - 1);
    const result = {
      modules: N,
      reps: REPS,
      cli: label,
      baseline: "plain undici Pool loop, same requests, same server process",
      median_ms: {
        e2e_1_module: round(median(s.e1)),
        e2e_200_modules: round(median(s.eN)),
        undici_1_request: round(median(s.u1)),
        undici_200_requests: round(median(s.uN)),
        e2e_200_modules_first_run_uncached: round(cold),
      },
      per_module_ms: {
        e2e: round(framework / (N - 1), 3),
        undici: round(baseline / (N - 1), 3),
        overhead: round(perModule, 3),
      },
      ratio_vs_baseline: round(framework / baseline),
      target: "framework overhead per module < 2 ms",
      met: perModule < 2,
    };
    const file = writeResult("controller-module-overhead", result);
    console.log(
      `module-overhead: ${result.per_module_ms.e2e} ms/module vs undici ${result.per_module_ms.undici} ms/request ` +
        `(overhead ${result.per_module_ms.overhead} ms, ×${result.ratio_vs_baseline}) target <2 ms: ${result.met ? "met" : "NOT met"} → ${file}`,
    );
    return result;
  } finally {
    one.remove();
    many.remove();
    server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchModuleOverhead();
