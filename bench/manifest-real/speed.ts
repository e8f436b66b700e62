// `npm run bench:manifest-real-speed` (issue 20, point 6): `e2e manifest` on the largest real apps
// of apps.json, through bin/e2e.js as a user runs it (`e2e manifest <root> --out <tmp>/m.json`),
// cold (no cache: the `m.cache/` folder beside the output removed) and warm (second run, nothing
// changed). Targets: a 100k-line real app ≤ 5 s cold, ≤ 0.5 s warm. Baselines in the same run:
// `node -e 0` (a bare Node start), and one Node process that reads every file the manifest lists
// (the I/O floor of any check that looks at every file). Apps: the TOP (default 5) apps with the most lines in files the scanner parses,
// or `--only a,b`; and the Django framework's own tree (EXTRA_TREES). Apps are fetched as `npm run bench:manifest-real` fetches them (fetch.ts).
// Needs a built dist/ (npm run build) or BENCH_BIN=<a built checkout's bin/e2e.js>.
// Usage: npm run bench:manifest-real-speed [-- --only a,b]   (BENCH_RUNS=5, BENCH_TOP=5)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { codeGraphParser } from "../../controller/src/manifest/code-graph-parser.js";
import { listSourceFiles } from "../../controller/src/manifest/source-tree.js";
import { summary } from "../lifecycle/stats.js";
import { loadApps } from "./apps.js";
import { fetchApp } from "./fetch.js";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const REPO = resolve(HERE, "../..");
const BIN = process.env.BENCH_BIN ?? join(REPO, "bin/e2e.js");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TOP = Number(process.env.BENCH_TOP ?? 5);
const onlyArg = process.argv.indexOf("--only");
const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1]?.split(",")) : undefined;

interface Size {
  files: number;
  lines: number;
  parsedFiles: number;
  parsedLines: number;
}

/** What the manifest lists in the tree, and the part of it in a language the scanner parses. */
async function sizeOf(root: string): Promise<Size> {
  const size = { files: 0, lines: 0, parsedFiles: 0, parsedLines: 0 };
  for (const file of await listSourceFiles(root)) {
    const lines = readFileSync(join(root, file), "utf8").split("\n").length;
    size.files++;
    size.lines += lines;
    if (codeGraphParser.languageOf(file) === undefined) continue;
    size.parsedFiles++;
    size.parsedLines += lines;
  }
  return size;
}

// CPU time (user + sys) of the child through GNU time: on a shared machine the wall time mostly
// measures the others' load.
const GNU_TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

// Every command runs in the temporary folder: no e2e.conf there or above (this repository's own
// config, found from its root, would be loaded and parsed by every run, as no user's is).
function time(args: string[], cwd: string): { ms: number; cpu?: number } {
  const started = process.hrtime.bigint();
  const r = GNU_TIME
    ? spawnSync(GNU_TIME, ["-f", "CPU %U %S", process.execPath, ...args], { cwd, encoding: "utf8" })
    : spawnSync(process.execPath, args, { cwd, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0)
    throw new Error(`${args.join(" ").slice(0, 120)} exited ${r.status}: ${r.stderr.slice(0, 400)}`);
  if (r.stderr.includes("running from source"))
    throw new Error("dist/ is older than the source: run `npm run build` first (or set BENCH_BIN)");
  const cpu = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  return { ms, cpu: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : undefined };
}

// The baseline: every file the manifest lists (listed once, beforehand), read in one Node process.
const readEvery = (list: string) =>
  `const fs=require("fs");let n=0;for(const f of fs.readFileSync(${JSON.stringify(list)},"utf8").split("\\n"))n+=fs.readFileSync(f).length;`;

type Variant = "node -e 0" | "read every listed file" | "e2e manifest cold" | "e2e manifest warm";

async function measure(root: string) {
  const out = mkdtempSync(join(tmpdir(), "gantry-bench-manifest-speed-"));
  const list = join(out, "files.txt");
  writeFileSync(list, (await listSourceFiles(root)).map((f) => join(root, f)).join("\n"));
  const manifest = ["manifest", root, "--out", join(out, "m.json")];
  const variants: Record<Variant, () => { ms: number; cpu?: number }> = {
    "node -e 0": () => time(["-e", "0"], out),
    "read every listed file": () => time(["-e", readEvery(list)], out),
    "e2e manifest cold": () => {
      rmSync(join(out, "m.cache"), { recursive: true, force: true });
      return time([BIN, ...manifest], out);
    },
    "e2e manifest warm": () => time([BIN, ...manifest], out),
  };
  time([BIN, ...manifest], out); // warms the disk cache and checks that it runs
  const wall = new Map<Variant, number[]>();
  const cpu = new Map<Variant, number[]>();
  for (let round = 0; round < RUNS; round++) {
    // Cold then warm in every round: a warm run always follows the scan it reuses.
    for (const name of Object.keys(variants) as Variant[]) {
      const r = variants[name]();
      wall.set(name, [...(wall.get(name) ?? []), r.ms]);
      if (r.cpu !== undefined) cpu.set(name, [...(cpu.get(name) ?? []), r.cpu]);
    }
  }
  const endpoints = (
    JSON.parse(readFileSync(join(out, "m.json"), "utf8")) as { services: { endpoints: unknown[] }[] }
  ).services.reduce((s, x) => s + x.endpoints.length, 0);
  rmSync(out, { recursive: true, force: true });
  return { wall, cpu, endpoints };
}

// A large real tree beside the apps: the Django framework as Debian ships it (python3-django,
// which the Django apps' route tables already need; ~126k lines of Python, its own URLconfs in
// contrib/), so that one tree of more than 100k parsed lines is measured.
const EXTRA_TREES: [string, string][] = [["django (framework)", "/usr/lib/python3/dist-packages/django"]];

const sized: { name: string; root: string; size: Size }[] = [];
for (const app of loadApps(join(HERE, "apps.json")).filter((a) => !only || only.has(a.name))) {
  const root = join(fetchApp(app), app.root);
  sized.push({ name: app.name, root, size: await sizeOf(root) });
}
sized.sort((a, b) => b.size.parsedLines - a.size.parsedLines);
const chosen = only ? sized : sized.slice(0, TOP);
for (const [name, root] of EXTRA_TREES)
  if (existsSync(root) && (!only || only.has(name.split(" ")[0]!)))
    chosen.push({ name, root, size: await sizeOf(root) });

const fmt = (v: number[]) => {
  const s = summary(v);
  return `${s.median.toFixed(0)} (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;
};
console.log(
  `${RUNS} runs each, ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} before; ms: median (min–max)\n`,
);
console.log(
  "| app | files listed | lines listed | files parsed | lines parsed | endpoints | node -e 0 | read every listed file | cold | warm | cold CPU | warm CPU | cold ≤ 5 s | warm ≤ 0.5 s | parsed lines/s cold |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const { name, root, size } of chosen) {
  const { wall, cpu, endpoints } = await measure(root);
  const cold = summary(wall.get("e2e manifest cold")!).median;
  const warm = summary(wall.get("e2e manifest warm")!).median;
  console.log(
    `| ${name} | ${size.files} | ${size.lines} | ${size.parsedFiles} | ${size.parsedLines} | ${endpoints} | ${fmt(wall.get("node -e 0")!)} | ${fmt(wall.get("read every listed file")!)} | ${fmt(wall.get("e2e manifest cold")!)} | ${fmt(wall.get("e2e manifest warm")!)} | ${fmt(cpu.get("e2e manifest cold") ?? [Number.NaN])} | ${fmt(cpu.get("e2e manifest warm") ?? [Number.NaN])} | ${cold <= 5000 ? "met" : "NOT met"} | ${warm <= 500 ? "met" : "NOT met"} | ${Math.round(size.parsedLines / (cold / 1000))} |`,
  );
}
console.log(
  `\nload ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} after`,
);
