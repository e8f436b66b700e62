// `npm run bench:e2e-search-real-speed`: `e2e search` end to end on real apps nobody here wrote
// (issue 21 point 7: warm ≤ 300 ms; the first search after a manifest change ≤ 1.5 s on a
// 100-route app). Each app of bench/manifest-real/apps.json is fetched as that bench fetches it
// (into ~/.cache, never this repository), scanned by `e2e manifest <folder> --out <tmp>` as a
// user runs it, then searched through bin/e2e.js:
// - cold: the search caches beside the manifest removed first (the index's and, since 2026-11-29,
//   the per-file code memo), so the search builds the index from nothing (the first search ever
//   after `e2e manifest`);
// - warm: the cached index;
// - changed (since 2026-11-29): the manifest rewritten with one endpoint's summary changed, the
//   caches kept (the first search after a manifest change: the index is rebuilt, the sources are
//   the same).
// Beside, in the same rounds, the named baselines: `node -e 0` (a bare Node start) and
// `e2e --help` (the CLI's own start). Rounds rotate the order; medians, and ratios to `node -e 0`.
// Needs a built dist/ (npm run build). Usage: npm run bench:e2e-search-real-speed
// (BENCH_RUNS=7, BENCH_APPS=comma list of names, default every app with ≥ 20 routes in its manifest;
// BENCH_SAVE=file writes each app's medians as JSON; BENCH_BEFORE=file, one such file from another
// checkout, adds the paired comparison: per app after ÷ before, and the median of those ratios)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "../lifecycle/stats.js";
import { loadApps } from "../manifest-real/apps.js";
import { fetchApp } from "../manifest-real/fetch.js";

const REPO = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const BIN = join(REPO, "bin/e2e.js");
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const MIN_ROUTES = 20;
/** Queries a user of any API types: generic on purpose, so no app's words are favoured. */
const QUERIES = ["list all items", "delete one by id", "log in", "upload a file", "change settings"];

function run(args: string[]): number {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: REPO, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  if (r.stderr.includes("running from source"))
    throw new Error("dist/ is older than the source: run `npm run build` first");
  return ms;
}

interface AppRow {
  app: string;
  framework: string;
  endpoints: number;
  cold: number[];
  warm: number[];
  changed: number[];
}

/** Rewrites the manifest with its first endpoint's summary changed: stale for the index, same sources. */
function changeManifest(manifest: string, round: number): void {
  const doc = JSON.parse(readFileSync(manifest, "utf8")) as {
    services: { endpoints: { summary?: string }[] }[];
  };
  const endpoint = doc.services.find((s) => s.endpoints.length > 0)?.endpoints[0];
  if (endpoint) endpoint.summary = `${endpoint.summary ?? ""} (edited ${round})`.trim();
  writeFileSync(manifest, JSON.stringify(doc, null, 2));
}

function measureApp(
  name: string,
  framework: string,
  folder: string,
  base: Record<string, number[]>,
): AppRow | null {
  const out = mkdtempSync(join(tmpdir(), "e2e-search-real-"));
  const manifest = join(out, "manifest.json");
  run([BIN, "manifest", folder, "--out", manifest, "--service", name]);
  const doc = JSON.parse(readFileSync(manifest, "utf8")) as { services: { endpoints: unknown[] }[] };
  const endpoints = doc.services.reduce((n, s) => n + s.endpoints.length, 0);
  if (endpoints < MIN_ROUTES && !process.env.BENCH_APPS) {
    rmSync(out, { recursive: true, force: true });
    return null;
  }
  const row: AppRow = { app: name, framework, endpoints, cold: [], warm: [], changed: [] };
  const search = (i: number) => [BIN, "search", "-m", manifest, QUERIES[i % QUERIES.length]!, "-k", "10"];
  for (let i = 0; i < RUNS; i++) {
    const steps = [
      () => base["node -e 0"]!.push(run(["-e", "0"])),
      () => base["e2e --help"]!.push(run([BIN, "--help"])),
      () => {
        for (const f of ["manifest.search.json", "manifest.search-code.json"].map((n) => join(out, n)))
          if (existsSync(f)) rmSync(f);
        row.cold.push(run(search(i)));
        row.warm.push(run(search(i + 1)));
        changeManifest(manifest, i);
        row.changed.push(run(search(i + 2)));
      },
    ];
    for (let j = 0; j < steps.length; j++) steps[(i + j) % steps.length]!();
  }
  rmSync(out, { recursive: true, force: true });
  return row;
}

const wanted = process.env.BENCH_APPS?.split(",");
const apps = loadApps(join(REPO, "bench/manifest-real/apps.json")).filter(
  (a) => !wanted || wanted.includes(a.name),
);
const base: Record<string, number[]> = { "node -e 0": [], "e2e --help": [] };
const rows: AppRow[] = [];
for (const app of apps) {
  const fetched = fetchApp(app);
  const folder = isAbsolute(app.root) ? app.root : join(fetched, app.root);
  const row = measureApp(app.name, app.framework, folder, base);
  if (row) rows.push(row);
  if (row)
    console.error(
      `${app.name}: ${row.endpoints} endpoints, cold ${median(row.cold)} ms, warm ${median(row.warm)} ms`,
    );
}
const node = median(base["node -e 0"]!);
const ms = (x: number) => Math.round(x);
console.log(
  `e2e search on real apps: ${RUNS} rounds each, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}\n`,
);
console.log(
  `Baselines: \`node -e 0\` ${ms(node)} ms, \`e2e --help\` ${ms(median(base["e2e --help"]!))} ms (medians)\n`,
);
console.log(
  "| app | framework | endpoints | first search, no cache (cold) | after a manifest change | warm | warm max | warm × node -e 0 |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows.sort((a, b) => b.endpoints - a.endpoints)) {
  const warm = median(r.warm);
  console.log(
    `| ${r.app} | ${r.framework} | ${r.endpoints} | ${ms(median(r.cold))} | ${ms(median(r.changed))} | ${ms(warm)} | ${ms(Math.max(...r.warm))} | ×${(warm / node).toFixed(2)} |`,
  );
}
const medians = Object.fromEntries(
  rows.map((r) => [
    r.app,
    { endpoints: r.endpoints, cold: median(r.cold), changed: median(r.changed), warm: median(r.warm) },
  ]),
);
if (process.env.BENCH_SAVE) writeFileSync(process.env.BENCH_SAVE, JSON.stringify({ node, medians }, null, 2));
if (process.env.BENCH_BEFORE)
  printPaired(JSON.parse(readFileSync(process.env.BENCH_BEFORE, "utf8")), medians);

/** After ÷ before per app (the apps both runs have), and the median of those ratios. */
function printPaired(
  before: { node: number; medians: Record<string, { cold: number; changed?: number; warm: number }> },
  after: typeof medians,
): void {
  const apps = Object.keys(after).filter((a) => before.medians[a]);
  const ratio = (kind: "cold" | "changed" | "warm") =>
    median(
      apps.filter((a) => before.medians[a]![kind]).map((a) => after[a]![kind] / before.medians[a]![kind]!),
    );
  const over = (m: Record<string, { warm: number }>) => apps.filter((a) => m[a]!.warm > 300).length;
  console.log(
    `\nPaired with ${process.env.BENCH_BEFORE} over ${apps.length} apps (\`node -e 0\` ${ms(before.node)} ms there):`,
  );
  console.log(
    `- warm: median ${ms(median(apps.map((a) => before.medians[a]!.warm)))} -> ${ms(median(apps.map((a) => after[a]!.warm)))} ms, median of per-app ratios ×${ratio("warm").toFixed(2)}; over 300 ms: ${over(before.medians)} -> ${over(after)}`,
  );
  console.log(`- cold (no cache): median of per-app ratios ×${ratio("cold").toFixed(2)}`);
  if (apps.some((a) => before.medians[a]!.changed))
    console.log(`- after a manifest change: median of per-app ratios ×${ratio("changed").toFixed(2)}`);
}
