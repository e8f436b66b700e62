// `npm run bench:manifest-large`: `e2e manifest` end to end (process start, config, scan, write)
// on a corpus of more than 100k lines, cold (no .e2e/: every file parsed) and warm (nothing
// changed since the last scan), through bin/e2e.js as a user runs it. Baselines in the same run:
// `node -e 0` (a bare Node start), `e2e --help` (the CLI's own start) and reading every file of
// the corpus in one Node process (the I/O floor of any check that looks at every file).
// Corpus: copies of this repository's two services' sources and of the manifest's framework
// fixtures (controller/test/manifest/apps: Express, Fastify, NestJS, Koa, Hono, FastAPI, Flask,
// DRF, Spring Java and Kotlin), one configured service per copied tree, until ≥ 100k lines.
// Targets (issue 12): cold ≤ 5 s, warm ≤ 0.5 s. Needs a built dist/ (npm run build).
// Also: cold on one thread (E2E_MANIFEST_THREADS=0), after a rebuild (state.json of another
// build, facts kept), one file changed, and with BASELINE_BIN an older build's cold, warm and after-rebuild runs. CPU time (user+sys) is shown beside wall time.
// Usage: npm run bench:manifest-large   (BENCH_RUNS=5, BENCH_MIN_LINES=100000, BASELINE_BIN)
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "../lifecycle/stats.js";

const REPO = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const BIN = join(REPO, "bin/e2e.js");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MIN_LINES = Number(process.env.BENCH_MIN_LINES ?? 100_000);
const APPS = join(REPO, "controller/test/manifest/apps");
const SOURCE = /\.(ts|js|mjs|py|java|kt|ya?ml|json)$/;

const trees: [string, string][] = [
  ["auth", join(REPO, "services/auth/src")],
  ["task-graph", join(REPO, "services/task-graph/src")],
  ...readdirSync(APPS)
    .sort()
    .map((app): [string, string] => [app, join(APPS, app)]),
];

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : filesOf(path);
    return SOURCE.test(e.name) && e.name !== "expected.json" ? [path] : [];
  });
}

const lines = (path: string) => readFileSync(path, "utf8").split("\n").length;
const perCopy = trees.reduce((sum, [, dir]) => sum + filesOf(dir).reduce((s, f) => s + lines(f), 0), 0);
const copies = Math.ceil(MIN_LINES / perCopy);

const dir = mkdtempSync(join(tmpdir(), "gantry-bench-manifest-large-"));
let conf = "general:\n  environment: dev\nservices:\n";
for (let c = 1; c <= copies; c++) {
  for (const [name, tree] of trees) {
    const target = join(dir, "src", `${name}-${c}`);
    cpSync(tree, target, { recursive: true, filter: (src) => !src.endsWith("expected.json") });
    conf += `  ${name}-${c}:\n    base_url: http://127.0.0.1:${10_000 + c}\n    maven_module: src/${name}-${c}\n`;
  }
}
writeFileSync(join(dir, "e2e.conf"), conf);
const corpus = filesOf(join(dir, "src"));
const totalLines = corpus.reduce((s, f) => s + lines(f), 0);

// The child's CPU time (user + sys) beside the wall time, through GNU time when the machine has
// it: on a shared machine the wall time mostly measures the others' load.
const GNU_TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
const cpuOf = new Map<string, number[]>();
let lastCpu: number | undefined;

function time(args: string[], cwd = dir, env: Record<string, string> = {}): number {
  const started = process.hrtime.bigint();
  const r = GNU_TIME
    ? spawnSync(GNU_TIME, ["-f", "CPU %U %S", process.execPath, ...args], {
        cwd,
        encoding: "utf8",
        env: { ...process.env, ...env },
      })
    : spawnSync(process.execPath, args, { cwd, encoding: "utf8", env: { ...process.env, ...env } });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0)
    throw new Error(`${args.join(" ").slice(0, 80)} exited ${r.status}: ${r.stderr.slice(0, 400)}`);
  if (r.stderr.includes("running from source"))
    throw new Error("dist/ is older than the source: run `npm run build` first");
  const cpu = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  lastCpu = cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : undefined;
  return ms;
}

writeFileSync(join(dir, "files.txt"), corpus.join("\n"));
const readAll = `const fs=require("fs");let n=0;for(const f of fs.readFileSync("files.txt","utf8").split("\\n"))n+=fs.readFileSync(f).length;`;
/** Makes a project's scan state look written by another build of e2e (its code stamp differs). */
function asEarlierBuild(project: string): void {
  const path = join(project, ".e2e/manifest.cache/state.json");
  writeFileSync(
    path,
    JSON.stringify({ ...JSON.parse(readFileSync(path, "utf8")), code: "an earlier build" }),
  );
}
const variants: Record<string, () => number> = {
  "node -e 0": () => time(["-e", "0"]),
  "e2e --help": () => time([BIN, "--help"]),
  "read every file (node)": () => time(["-e", readAll]),
  "e2e manifest cold": () => {
    rmSync(join(dir, ".e2e"), { recursive: true, force: true });
    return time([BIN, "manifest"]);
  },
  "e2e manifest warm": () => time([BIN, "manifest"]),
  "e2e manifest cold, one thread": () => {
    rmSync(join(dir, ".e2e"), { recursive: true, force: true });
    return time([BIN, "manifest"], dir, { E2E_MANIFEST_THREADS: "0" });
  },
  // As after a rebuild or upgrade of e2e: the state names another build's code, so no result is
  // reused; the facts files stay, and every service is linked again from cached facts.
  "e2e manifest after a rebuild (facts kept)": () => {
    asEarlierBuild(dir);
    return time([BIN, "manifest"]);
  },
  // A warm run after one file of one service changed: that service is parsed (one file) and
  // linked again, the others are reused. Runs on its own copy of the corpus and cache.
  "e2e manifest, one file changed": () => {
    appendFileSync(edited, `\n// edit ${Date.now()}\n`);
    return time([BIN, "manifest"], editDir);
  },
};
// BASELINE_BIN=<an older checkout's bin/e2e.js, built>: its cold and warm runs beside ours, on a
// copy of the corpus (its own .e2e/).
const BASELINE_BIN = process.env.BASELINE_BIN;
if (BASELINE_BIN) {
  variants["baseline: manifest cold"] = () => {
    rmSync(join(baseDir, ".e2e"), { recursive: true, force: true });
    return time([BASELINE_BIN, "manifest"], baseDir);
  };
  variants["baseline: manifest warm"] = () => time([BASELINE_BIN, "manifest"], baseDir);
  variants["baseline: manifest after a rebuild"] = () => {
    asEarlierBuild(baseDir);
    return time([BASELINE_BIN, "manifest"], baseDir);
  };
}
const copyOf = (name: string) => {
  const copy = join(dir, "..", `${basename(dir)}-${name}`);
  cpSync(dir, copy, { recursive: true, filter: (src) => !src.includes(".e2e") });
  return copy;
};
const editDir = copyOf("edit");
const edited = join(editDir, "src/task-graph-1/routes/issues.ts");
time([BIN, "manifest"], editDir);
const baseDir = copyOf("baseline");
if (BASELINE_BIN) time([BASELINE_BIN, "manifest"], baseDir);
const names = Object.keys(variants);
const times = new Map<string, number[]>(names.map((n) => [n, []]));
time([BIN, "manifest"]); // warm the disk cache and check it runs
for (let round = 0; round < RUNS; round++) {
  // Rotate the order, but a warm run always follows some scan (cold or an earlier warm).
  for (const name of names.map((_, i) => names[(i + round) % names.length]!)) {
    times.get(name)!.push(variants[name]!());
    if (lastCpu !== undefined) cpuOf.set(name, [...(cpuOf.get(name) ?? []), lastCpu]);
  }
  process.stderr.write(`round ${round + 1}/${RUNS}\n`);
}
const manifest = JSON.parse(readFileSync(join(dir, ".e2e/manifest.json"), "utf8")) as {
  services: { endpoints: unknown[] }[];
};
const endpoints = manifest.services.reduce((s, x) => s + x.endpoints.length, 0);
const bytes = corpus.reduce((s, f) => s + statSync(f).size, 0);
for (const d of [dir, editDir, baseDir]) rmSync(d, { recursive: true, force: true });

const cold = median(times.get("e2e manifest cold")!);
const warm = median(times.get("e2e manifest warm")!);
const help = median(times.get("e2e --help")!);
console.log(
  `e2e manifest on ${totalLines} lines (${corpus.length} files, ${(bytes / 1e6).toFixed(1)} MB, ${manifest.services.length} services, ${endpoints} endpoints): ${RUNS} rounds, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}\n`,
);
console.log("| command | median ms | min ms | × e2e --help | CPU ms (user+sys), median |");
console.log("|---|---|---|---|---|");
for (const [name, values] of times) {
  const m = median(values);
  const cpu = cpuOf.get(name);
  console.log(
    `| ${name} | ${m.toFixed(0)} | ${Math.min(...values).toFixed(0)} | ${(m / help).toFixed(2)} | ${cpu ? median(cpu).toFixed(0) : "n/a"} |`,
  );
}
if (BASELINE_BIN) {
  const ratio = (ours: string, theirs: string) =>
    (median(times.get(theirs)!) / median(times.get(ours)!)).toFixed(1);
  console.log(
    `\nvs baseline (${BASELINE_BIN}): cold ×${ratio("e2e manifest cold", "baseline: manifest cold")} faster, warm ×${ratio("e2e manifest warm", "baseline: manifest warm")}, after a rebuild ×${ratio("e2e manifest after a rebuild (facts kept)", "baseline: manifest after a rebuild")} faster (medians)`,
  );
}
console.log(
  `\ncold ≤ 5000 ms: ${cold <= 5000 ? "met" : "NOT met"} (${cold.toFixed(0)}); warm ≤ 500 ms: ${warm <= 500 ? "met" : "NOT met"} (${warm.toFixed(0)}); warm/cold ${(warm / cold).toFixed(3)}`,
);
