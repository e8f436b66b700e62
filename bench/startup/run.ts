// `npm run bench:startup`: time from `npm run start:auth` / `npm run start:task-graph` to the first
// 200 from /health, against a bare Fastify server started the same way (`npm run` of a tiny
// script), side by side. The same three servers started with plain `node` (no npm) show npm's own
// share. Runs are interleaved (each round starts every target once, in a rotating order) so a
// burst of load from elsewhere hits every target alike; figures are medians over the rounds.
// Usage: npm run bench:startup   (BENCH_RUNS=15 by default; BENCH_TSX=1 adds the former tsx start). Results: bench/results/startup.json
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freeLoopbackPort as freePort } from "../../lib/net/free-port.js";
import { median } from "../lifecycle/stats.js";
import { type StartCommand, timeToHealthy } from "./time-to-healthy.js";

const REPO = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const TARGET_MS = 1000;

interface Target extends StartCommand {
  name: string;
  baseline: string;
}

// The README's commands need the build `npm ci` makes; made current here, outside the timing.
for (const service of ["auth", "task-graph"]) {
  execFileSync(process.execPath, ["controller/bin/start-service.mjs", service, "--prepare"], {
    cwd: REPO,
    stdio: "inherit",
  });
}

const dataDir = mkdtempSync(join(tmpdir(), "gantry-bench-startup-"));
const npm = (script: string): Pick<Target, "command" | "args"> => ({
  command: "npm",
  args: ["run", "-s", script],
});
const node = (...args: string[]): Pick<Target, "command" | "args"> => ({ command: process.execPath, args });
const targets: Target[] = [
  {
    name: "bare Fastify (npm run)",
    baseline: "bare Fastify (npm run)",
    ...npm("bench:startup:bare-fastify"),
  },
  { name: "auth (npm run start:auth)", baseline: "bare Fastify (npm run)", ...npm("start:auth") },
  {
    name: "task-graph (npm run start:task-graph)",
    baseline: "bare Fastify (npm run)",
    ...npm("start:task-graph"),
  },
  {
    name: "task-graph, DATA_DIR (npm run start:task-graph)",
    baseline: "bare Fastify (npm run)",
    ...npm("start:task-graph"),
    env: { DATA_DIR: dataDir },
  },
  { name: "bare Fastify (node)", baseline: "bare Fastify (node)", ...node("bench/startup/bare-fastify.mjs") },
  {
    name: "auth (node start-service.mjs)",
    baseline: "bare Fastify (node)",
    ...node("controller/bin/start-service.mjs", "auth"),
  },
  {
    name: "task-graph (node start-service.mjs)",
    baseline: "bare Fastify (node)",
    ...node("controller/bin/start-service.mjs", "task-graph"),
  },
];
// BENCH_TSX=1 adds the former start commands (the TypeScript source through tsx), for before/after.
if (process.env.BENCH_TSX === "1") {
  for (const service of ["auth", "task-graph"]) {
    targets.push({
      name: `${service} (former: node --import tsx)`,
      baseline: "bare Fastify (node)",
      command: process.execPath,
      args: ["--import", "tsx", `services/${service}/src/server.ts`],
    });
  }
}

const samples = new Map<string, number[]>(targets.map((t) => [t.name, []]));
const cpuSamples = new Map<string, number[]>(targets.map((t) => [t.name, []]));
const loadBefore = loadavg();
process.chdir(REPO);
for (let round = 0; round < RUNS; round++) {
  for (let i = 0; i < targets.length; i++) {
    const target = targets[(i + round) % targets.length]!;
    const { ms, cpuMs } = await timeToHealthy(
      { ...target, env: { LOG_LEVEL: "info", ...target.env } },
      await freePort(),
    );
    samples.get(target.name)!.push(ms);
    cpuSamples.get(target.name)!.push(cpuMs);
  }
  process.stdout.write(`round ${round + 1}/${RUNS}\r`);
}
const loadAfter = loadavg();
rmSync(dataDir, { recursive: true, force: true });

const medians = new Map(targets.map((t) => [t.name, median(samples.get(t.name)!)]));
const cpuMedians = new Map(targets.map((t) => [t.name, median(cpuSamples.get(t.name)!)]));
const results = targets.map((t) => {
  const runs = samples.get(t.name)!;
  const m = medians.get(t.name)!;
  return {
    name: t.name,
    command: [t.command === process.execPath ? "node" : t.command, ...t.args].join(" "),
    medianMs: Math.round(m),
    minMs: Math.round(Math.min(...runs)),
    maxMs: Math.round(Math.max(...runs)),
    withinTargetRuns: runs.filter((ms) => ms <= TARGET_MS).length,
    baseline: t.baseline,
    ratioToBaseline: Number((m / medians.get(t.baseline)!).toFixed(2)),
    cpuMedianMs: Math.round(cpuMedians.get(t.name)!),
    cpuRatioToBaseline: Number((cpuMedians.get(t.name)! / cpuMedians.get(t.baseline)!).toFixed(2)),
    runsMs: runs.map((ms) => Math.round(ms)),
    cpuRunsMs: cpuSamples.get(t.name)!.map((ms) => Math.round(ms)),
  };
});

const fmt = (n: number) => n.toFixed(2);
console.log(
  `\nstart → first 200 from /health, ${RUNS} interleaved runs each (ms); CPU = user + system time of the process group by then`,
);
console.log(
  `load average before ${loadBefore.map(fmt).join(" ")}, after ${loadAfter.map(fmt).join(" ")} (${cpus().length} cores)`,
);
console.table(
  results.map((r) => ({
    target: r.name,
    median: r.medianMs,
    min: r.minMs,
    max: r.maxMs,
    [`<= ${TARGET_MS} ms`]: `${r.withinTargetRuns}/${RUNS}`,
    "× baseline": r.ratioToBaseline,
    "CPU median": r.cpuMedianMs,
    "CPU × baseline": r.cpuRatioToBaseline,
  })),
);
mkdirSync(join(REPO, "bench/results"), { recursive: true });
writeFileSync(
  join(REPO, "bench/results/startup.json"),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      runs: RUNS,
      targetMs: TARGET_MS,
      cores: cpus().length,
      loadBefore,
      loadAfter,
      results,
    },
    null,
    2,
  )}\n`,
);
console.log("written bench/results/startup.json");
