// `npm run bench:manifest`: what the cache beside the manifest buys. The same scan of this
// repository's two services (copied to a temporary folder) four ways, interleaved in a rotating
// order each round: cold (empty cache: parse, extract, link), warm (full cache, nothing changed),
// one file changed (full cache, one route file edited), and the baseline: parse-only, every file
// parsed with the same grammars and nothing else (the floor of a cold scan). Figures are medians
// of wall and CPU time; ratios are against the cold scan.
// Usage: npm run bench:manifest   (BENCH_RUNS=9). Results: bench/results/manifest.json
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { codeGraphParser } from "../../controller/src/manifest/code-graph-parser.js";
import { ManifestCache } from "../../controller/src/manifest/manifest-cache.js";
import { scanService } from "../../controller/src/manifest/scan-service.js";
import { listSourceFiles } from "../../controller/src/manifest/source-tree.js";
import { parse } from "../../lib/code-graph/index.js";
import { median } from "../lifecycle/stats.js";

const REPO = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const SERVICES = ["auth", "task-graph"];

const dir = mkdtempSync(join(tmpdir(), "gantry-bench-manifest-"));
for (const s of SERVICES) cpSync(join(REPO, "services", s, "src"), join(dir, s, "src"), { recursive: true });
const cacheFile = join(dir, "manifest.cache");
const changed = join(dir, "task-graph/src/routes/issues.ts");

async function scanAll(
  cache?: ManifestCache,
): Promise<{ files: number; extracted: number; endpoints: number }> {
  const out = { files: 0, extracted: 0, endpoints: 0 };
  for (const name of SERVICES) {
    const r = await scanService({
      name,
      root: join(dir, name),
      displayRoot: name,
      parser: codeGraphParser,
      ...(cache ? { cache } : {}),
    });
    out.files += r.stats.files;
    out.extracted += r.stats.extracted;
    out.endpoints += r.service.endpoints.length;
  }
  return out;
}

async function parseOnly(): Promise<{ files: number }> {
  let files = 0;
  for (const name of SERVICES) {
    for (const path of await listSourceFiles(join(dir, name))) {
      const language = codeGraphParser.languageOf(path);
      if (!language) continue;
      const tree = await parse(readFileSync(join(dir, name, path), "utf8"), language as "typescript");
      tree.delete();
      files++;
    }
  }
  return { files };
}

const fullCache = async () => {
  rmSync(cacheFile, { recursive: true, force: true });
  const cache = ManifestCache.open(cacheFile);
  await scanAll(cache);
  cache.save();
};

const variants: Record<string, { prepare?: () => Promise<void>; run: () => Promise<object> }> = {
  "parse-only (baseline)": { run: parseOnly },
  cold: {
    prepare: async () => rmSync(cacheFile, { recursive: true, force: true }),
    run: () => scanAll(ManifestCache.open(cacheFile)),
  },
  warm: { prepare: fullCache, run: () => scanAll(ManifestCache.open(cacheFile)) },
  "one file changed": {
    prepare: async () => {
      await fullCache();
      appendFileSync(changed, `\n// edit ${Date.now()}\n`);
    },
    run: () => scanAll(ManifestCache.open(cacheFile)),
  },
};
const names = Object.keys(variants);
const wall = new Map<string, number[]>(names.map((n) => [n, []]));
const cpu = new Map<string, number[]>(names.map((n) => [n, []]));
const detail = new Map<string, object>();
const loadBefore = loadavg()[0]!;

await scanAll(); // load the grammars once, outside the timing
for (let round = 0; round < RUNS; round++) {
  for (const name of names.map((_, i) => names[(i + round) % names.length]!)) {
    const v = variants[name]!;
    await v.prepare?.();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    detail.set(name, await v.run());
    wall.get(name)!.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.get(name)!.push((c.user + c.system) / 1000);
  }
  process.stderr.write(`round ${round + 1}/${RUNS}\n`);
}
rmSync(dir, { recursive: true, force: true });

const cold = median(wall.get("cold")!);
const rows = names.map((name) => ({
  variant: name,
  wallMsMedian: Number(median(wall.get(name)!).toFixed(1)),
  cpuMsMedian: Number(median(cpu.get(name)!).toFixed(1)),
  ratioToCold: Number((median(wall.get(name)!) / cold).toFixed(3)),
  ...detail.get(name),
}));
const result = {
  date: new Date().toISOString(),
  runs: RUNS,
  cpus: cpus().length,
  loadBefore,
  loadAfter: loadavg()[0],
  services: SERVICES,
  rows,
};
mkdirSync(join(REPO, "bench/results"), { recursive: true });
writeFileSync(join(REPO, "bench/results/manifest.json"), `${JSON.stringify(result, null, 2)}\n`);
console.table(rows);
