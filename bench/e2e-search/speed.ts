// `npm run bench:e2e-search-speed`: `e2e search` end to end on a cached index (process start,
// CLI, reading the index, WordNet and word vectors, ranking, printing), through bin/e2e.js as a
// user runs it, against two baselines in the same run: `node -e 0` (a bare Node start) and
// `e2e --help` (the CLI's own start). The index is this repository's manifest and suite
// (e2e manifest writes it first; one search then builds the cache). Rounds interleave the three
// commands; medians of wall time, and ratios. Target (issue 12): search ≤ 300 ms.
// Needs a built dist/ (npm run build), else bin/e2e.js runs the source through tsx.
// Usage: npm run bench:e2e-search-speed   (BENCH_RUNS=15)
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "../lifecycle/stats.js";

const REPO = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const BIN = join(REPO, "bin/e2e.js");
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const QUERIES = [
  "which issues can an agent work on now",
  "log in",
  "delete a component",
  "why did this test fail",
];

function run(args: string[]): number {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: REPO, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  if (r.stderr.includes("running from source"))
    throw new Error("dist/ is older than the source: run `npm run build` first");
  return ms;
}

run([BIN, "manifest"]);
run([BIN, "search", "warm the cache"]);
const times: Record<string, number[]> = { "node -e 0": [], "e2e --help": [], "e2e search": [] };
for (let i = 0; i < RUNS; i++) {
  const order = [
    () => times["node -e 0"]!.push(run(["-e", "0"])),
    () => times["e2e --help"]!.push(run([BIN, "--help"])),
    () => times["e2e search"]!.push(run([BIN, "search", QUERIES[i % QUERIES.length]!, "-k", "10"])),
  ];
  // Rotate which command goes first, so none always runs on a warmer machine.
  for (let j = 0; j < order.length; j++) order[(i + j) % order.length]!();
}
const node = median(times["node -e 0"]!);
console.log(`e2e search speed: ${RUNS} rounds, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}\n`);
console.log("| command | median ms | min ms | × node -e 0 |");
console.log("|---|---|---|---|");
for (const [name, values] of Object.entries(times)) {
  const m = median(values);
  console.log(`| ${name} | ${m.toFixed(0)} | ${Math.min(...values).toFixed(0)} | ${(m / node).toFixed(2)} |`);
}
const search = median(times["e2e search"]!);
const help = median(times["e2e --help"]!);
console.log(
  `\nsearch − --help: ${(search - help).toFixed(0)} ms of index and ranking work; target ≤ 300 ms end to end: ${search <= 300 ? "met" : "NOT met"} (${search.toFixed(0)} ms)`,
);
