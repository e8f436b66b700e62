// Creating issues over HTTP with the journal (fdatasync before each 201), 32 concurrent clients.
// Target: >= 500 creates/s. Baselines in the same run, same load: the same service with one
// fsync per write (group commit off), and with no journal at all (memory only).
// Run: node --import tsx bench/task-graph/graph-create-throughput.ts   (BENCH_DURATION_S=8)
import { load, startBenchServer } from "./graph-load-support.js";
import { round, writeResult } from "./search-support.js";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 32;
const TARGET_PER_S = 500;
const body = JSON.stringify({
  title: "Checkout fails when the cart holds more than 50 items",
  description: "Steps: add 51 items, press pay. Expected: order placed. Actual: 500 from /orders.",
  priority: "HIGH",
  labels: ["checkout", "bug"],
});

const modes = ["journal", "journal-no-group", "memory"] as const;
// BENCH_MODES=journal runs only some modes (quick A/B of the journal itself); ratios need all.
const selected = (process.env.BENCH_MODES ?? modes.join(",")).split(",");
const results: Record<string, unknown> = {};
for (const mode of modes.filter((m) => selected.includes(m))) {
  const server = await startBenchServer(mode);
  try {
    await load({
      url: `${server.url}/api/v1/issues`,
      method: "POST",
      body,
      connections: CONNECTIONS,
      durationS: 1,
    });
    results[mode] = await load({
      url: `${server.url}/api/v1/issues`,
      method: "POST",
      body,
      connections: CONNECTIONS,
      durationS: DURATION_S,
    });
  } finally {
    await server.stop();
  }
}
const rate = (m: string) =>
  (results[m] as { requests_per_s: number } | undefined)?.requests_per_s ?? Number.NaN;
const summary = {
  connections: CONNECTIONS,
  target_creates_per_s: TARGET_PER_S,
  journal_group_commit: results.journal,
  baseline_journal_one_fsync_per_write: results["journal-no-group"],
  baseline_memory_no_journal: results.memory,
  ratio_group_commit_over_one_fsync_per_write: round(rate("journal") / rate("journal-no-group")),
  ratio_journal_over_memory: round(rate("journal") / rate("memory")),
  meets_target: rate("journal") >= TARGET_PER_S,
};
console.log(
  `creates/s with fsync (group commit): ${rate("journal")} (target ${TARGET_PER_S}); one fsync per write: ${rate("journal-no-group")} ` +
    `(x${summary.ratio_group_commit_over_one_fsync_per_write}); memory only: ${rate("memory")} (journal/memory ${summary.ratio_journal_over_memory})`,
);
console.log(`written ${writeResult("graph-create-throughput", summary)}`);
