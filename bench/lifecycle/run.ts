// bench:lifecycle — how soon `e2e run` has one auth service up and its first module running,
// with the docker launcher and the process launcher, against the baseline `docker compose up
// --wait` of the same image, run side by side (interleaved) in this one script.
// Also: delay from the service's own "Server listening" log line to the first module, and the
// lifecycle's own share (bootServices alone, in a fresh process).
// The CLI runs compiled code (dist/), so the bench compiles first (npm run build).
// Usage: npm run bench:lifecycle   (BENCH_RUNS=5 by default). Results: bench/results/lifecycle.json
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ServiceConfig } from "../../controller/src/config/types.js";
import { freeLoopbackPort } from "../../lib/net/free-port.js";
import { makeBenchProject } from "./bench-project.js";
import { authService, bootOnce } from "./boot-in-process.js";
import { composeFile, composeUpOnce } from "./compose-baseline.js";
import { ensureImages } from "./ensure-images.js";
import { type CliSample, runCliOnce } from "./run-cli.js";
import { median, summary } from "./stats.js";

const REPO = resolve(fileURLToPath(new URL(".", import.meta.url)), "../..");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IMAGE = "gantry/auth:e2e";

execFileSync("npx", ["tsc", "-p", "tsconfig.build.json"], { cwd: REPO, stdio: "inherit" });
// e2e.conf's process start_command runs a cached bundle: made current here, outside the timing.
execFileSync(process.execPath, ["controller/bin/start-service.mjs", "auth", "--prepare"], {
  cwd: REPO,
  stdio: "inherit",
});
const engine = await ensureImages(REPO, IMAGE);
const work = mkdtempSync(join(tmpdir(), "gantry-bench-auth-"));
execFileSync(process.execPath, ["infra/images/bundle.mjs", "auth", join(work, "bundle")], {
  cwd: REPO,
  stdio: "pipe",
});
const processLog = join(work, "auth.log");
const teed = (command: string) => `["sh", "-c", "${command} 2>&1 | tee -a ${processLog}"]`;
const service = (port: number, extra: string) =>
  `    base_url: http://127.0.0.1:${port}\n    health_endpoint: /health\n    port: 8765\n    timeout: 60000\n` +
  `    env: { LOG_LEVEL: info }\n${extra}`;

const variants: {
  name: string;
  project: { dir: string; conf: string };
  readyLog: (output: string) => string;
}[] = [
  {
    name: "process launcher (bundled server.mjs)",
    project: makeBenchProject(
      service(
        await freeLoopbackPort(),
        `    launcher: process\n    maven_module: ${join(work, "bundle")}\n    start_command: ${teed("node server.mjs")}\n`,
      ),
    ),
    readyLog: () => readFileSync(processLog, "utf8"),
  },
  {
    name: "process launcher (e2e.conf: start-service.mjs)",
    project: makeBenchProject(
      service(
        await freeLoopbackPort(),
        `    launcher: process\n    maven_module: ${join(REPO, "services/auth")}\n    start_command: ${teed("node ../../controller/bin/start-service.mjs auth")}\n`,
      ),
    ),
    readyLog: () => readFileSync(processLog, "utf8"),
  },
  {
    name: "process launcher (tsx source)",
    project: makeBenchProject(
      service(
        await freeLoopbackPort(),
        `    launcher: process\n    maven_module: ${join(REPO, "services/auth")}\n    start_command: ${teed("node --import tsx src/server.ts")}\n`,
      ),
    ),
    readyLog: () => readFileSync(processLog, "utf8"),
  },
];
if (engine.ok) {
  variants.unshift({
    name: "docker launcher",
    project: makeBenchProject(
      service(await freeLoopbackPort(), `    launcher: docker\n    image: ${IMAGE}\n`),
    ),
    readyLog: (output) => {
      const name = /gantry-[a-z0-9]+-auth/.exec(output)?.[0];
      return name ? execFileSync("docker", ["logs", name], { encoding: "utf8", stdio: "pipe" }) : "";
    },
  });
} else {
  console.log(`NOT RUN: docker launcher and docker compose baseline (no Docker engine: ${engine.reason})`);
}

const samples = new Map<string, CliSample[]>(variants.map((v) => [v.name, []]));
const compose: number[] = [];
// The lifecycle alone (fresh process, compiled code): bootServices from import to ready.
const lifecycleOnly: {
  name: string;
  service: () => Promise<ServiceConfig>;
  runs: { importMs: number; bootMs: number }[];
}[] = [
  {
    name: "bootServices only, process (bundled)",
    service: async () =>
      authService({
        base_url: `http://127.0.0.1:${await freeLoopbackPort()}`,
        launcher: "process",
        maven_module: join(work, "bundle"),
        start_command: ["node", "server.mjs"],
      }),
    runs: [],
  },
];
if (engine.ok) {
  lifecycleOnly.unshift({
    name: "bootServices only, docker",
    service: async () =>
      authService({
        base_url: `http://127.0.0.1:${await freeLoopbackPort()}`,
        launcher: "docker",
        image: IMAGE,
      }),
    runs: [],
  });
}
const compositionFile = engine.ok ? composeFile(IMAGE, await freeLoopbackPort()) : "";
for (let i = 0; i < RUNS; i++) {
  for (const v of variants) {
    writeFileSync(processLog, "");
    samples.get(v.name)!.push(await runCliOnce(REPO, v.project, v.readyLog));
  }
  for (const l of lifecycleOnly) l.runs.push(bootOnce(REPO, await l.service()));
  if (engine.ok) compose.push(composeUpOnce(compositionFile, `gantry-bench-${process.pid}`));
  process.stdout.write(`run ${i + 1}/${RUNS} done\n`);
}

const results: Record<string, unknown> = { runs: RUNS, date: new Date().toISOString(), variants: {} };
const composeMedian = compose.length ? median(compose) : undefined;
console.log(
  `\n${"variant".padEnd(44)} ${"to 1st module".padStart(14)} ${"ready→module".padStart(13)} ${"compose ÷ it".padStart(13)}`,
);
for (const [name, list] of samples) {
  const toModule = summary(list.map((s) => s.toFirstModule));
  const readyDelays = list.map((s) => s.readyToModule).filter((d): d is number => d !== undefined);
  const ready = readyDelays.length ? summary(readyDelays) : undefined;
  const ratio = composeMedian ? composeMedian / toModule.median : undefined;
  (results.variants as Record<string, unknown>)[name] = {
    toFirstModuleMs: toModule,
    readyToModuleMs: ready,
    composeRatio: ratio,
  };
  console.log(
    `${name.padEnd(44)} ${`${toModule.median} ms`.padStart(14)} ${(ready ? `${ready.median} ms` : "n/a").padStart(13)} ${(ratio ? `${ratio.toFixed(2)}x` : "n/a").padStart(13)}`,
  );
}
for (const l of lifecycleOnly) {
  const boot = summary(l.runs.map((r) => Math.round(r.bootMs)));
  const imports = summary(l.runs.map((r) => Math.round(r.importMs)));
  const ratio = composeMedian ? composeMedian / boot.median : undefined;
  (results.variants as Record<string, unknown>)[l.name] = {
    bootMs: boot,
    importMs: imports,
    composeRatio: ratio,
  };
  console.log(
    `${l.name.padEnd(44)} ${`${boot.median} ms`.padStart(14)} ${"".padStart(13)} ${(ratio ? `${ratio.toFixed(2)}x` : "n/a").padStart(13)}`,
  );
}
if (composeMedian !== undefined) {
  results.baseline = {
    name: "docker compose up -d --wait (same image, repo healthcheck)",
    ms: summary(compose),
  };
  console.log(`${"baseline: docker compose up -d --wait".padEnd(44)} ${`${composeMedian} ms`.padStart(14)}`);
}
console.log(
  "\nmedians over",
  RUNS,
  "runs; targets: docker ≤ 1500 ms, process ≤ 1000 ms, ready→module ≤ 150 ms",
);
const out = join(REPO, "bench/results/lifecycle.json");
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written ${out}`);
