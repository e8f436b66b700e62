// `npm run bench:task-graph`: every benchmark of this folder, one process each, in name order.
// Helpers are not benchmarks: files ending in -support.ts or -corpus.ts are skipped.
// Each benchmark prints its figures and writes bench/results/<name>.json.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !/-(support|corpus)\.ts$/.test(f))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const failed: string[] = [];
for (const file of benches) {
  console.log(`\n== ${file}`);
  const r = spawnSync(process.execPath, ["--import", "tsx", join(here, file)], { stdio: "inherit" });
  if (r.status !== 0) failed.push(`${file} (exit ${r.status ?? r.signal})`);
}
if (failed.length > 0) {
  console.error(`\nbenchmarks that failed: ${failed.join(", ")}`);
  process.exit(1);
}
