// GET /api/v1/issues?limit=20 on a store of 10k issues against a bare Fastify route answering
// the same 20-issue page from a constant: each server in its own process, the same autocannon
// load, alternated over several rounds so machine noise hits both alike. Reported: medians and
// the median of the per-round ratios. Target: ours >= 50% of the bare route's requests/s.
// Run: node --import tsx bench/task-graph/list-issues.ts   (BENCH_DURATION_S=4 BENCH_ROUNDS=5)
import { type LoadResult, load, startBenchServer } from "./graph-load-support.js";
import { round, writeResult } from "./search-support.js";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 10;
const ISSUES = 10_000;
const TARGET_RATIO = 0.5;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const ours = await startBenchServer("memory", ISSUES);
const bare = await startBenchServer("bare", ISSUES);
const runs: {
  ours: LoadResult & { cpu_us_per_request: number };
  bare: LoadResult & { cpu_us_per_request: number };
  ratio: number;
}[] = [];
// Server CPU per answered request: a load-independent view of the same comparison.
async function measured(server: typeof ours, url: string) {
  const before = server.cpuMs();
  const r = await load({ url, connections: CONNECTIONS, durationS: DURATION_S });
  return { ...r, cpu_us_per_request: round(((server.cpuMs() - before) * 1000) / Math.max(1, r.ok_2xx), 1) };
}
try {
  const oursUrl = `${ours.url}/api/v1/issues?limit=20`;
  const bareUrl = `${bare.url}/api/v1/issues?limit=20`;
  await load({ url: oursUrl, connections: CONNECTIONS, durationS: 2 });
  await load({ url: bareUrl, connections: CONNECTIONS, durationS: 2 });
  for (let r = 0; r < ROUNDS; r++) {
    // Swap the order every round so neither always runs second.
    const first = r % 2 === 0 ? "bare" : "ours";
    const a = first === "bare" ? await measured(bare, bareUrl) : await measured(ours, oursUrl);
    const b = first === "bare" ? await measured(ours, oursUrl) : await measured(bare, bareUrl);
    const [o, b0] = first === "bare" ? [b, a] : [a, b];
    if (o.non_2xx + o.errors > 0)
      throw new Error(`task-graph answered ${o.non_2xx} non-2xx and ${o.errors} errors`);
    runs.push({ ours: o, bare: b0, ratio: round(o.requests_per_s / b0.requests_per_s) });
  }
} finally {
  await ours.stop();
  await bare.stop();
}

const ratio = round(median(runs.map((r) => r.ratio)));
const summary = {
  issues_in_store: ISSUES,
  connections: CONNECTIONS,
  rounds: ROUNDS,
  duration_s: DURATION_S,
  task_graph_list_limit_20_median_rps: median(runs.map((r) => r.ours.requests_per_s)),
  baseline_bare_fastify_constant_page_median_rps: median(runs.map((r) => r.bare.requests_per_s)),
  median_ratio_ours_over_bare: ratio,
  task_graph_cpu_us_per_request_median: median(runs.map((r) => r.ours.cpu_us_per_request)),
  bare_cpu_us_per_request_median: median(runs.map((r) => r.bare.cpu_us_per_request)),
  target_ratio: TARGET_RATIO,
  meets_target: ratio >= TARGET_RATIO,
  runs,
};
console.log(
  `GET /api/v1/issues?limit=20: median ${summary.task_graph_list_limit_20_median_rps} req/s vs bare Fastify ` +
    `${summary.baseline_bare_fastify_constant_page_median_rps} req/s; median per-round ratio ${ratio} ` +
    `(rounds: ${runs.map((r) => r.ratio).join(", ")}; target >= ${TARGET_RATIO}); server CPU per request ` +
    `${summary.task_graph_cpu_us_per_request_median} us vs ${summary.bare_cpu_us_per_request_median} us`,
);
console.log(`written ${writeResult("list-issues", summary)}`);
