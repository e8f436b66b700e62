// Cost of the file reporters on a 1,000-module run. Baseline: the same run with no reporter, side by
// side (runs alternate: baseline, reporters, ...) so both see the same machine. Each module makes 3 real
// HTTP requests and records them as the runner does; the "reporters" run also sends every event to
// json + junit + html + the run log (include_payloads on unless BENCH_PAYLOADS=0) and waits for the files.
// BENCH_TARGET=echo (default): a trivial loopback server, no step delay — the worst case for the
//   reporters' share, since the requests cost almost nothing.
// BENCH_TARGET=auth: the real auth service in-process (login with scrypt, list users, /me with the token).
// BENCH_TARGET=auth-process: the same scenario against the auth service in its own process, as in a
//   real run.
// Prints medians and the ratio; writes bench/results/report-reporters-<target>.json.

import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Agent, request } from "undici";
import type { RecordedExchange } from "../../controller/src/http/recorded-exchange.js";
import { createReporters, Redactor } from "../../controller/src/report/index.js";
import type { Reporter } from "../../controller/src/runner/reporter.js";
import type { ModuleResult, RunResult } from "../../controller/src/runner/run-result.js";
import { createAuthService } from "../../services/auth/src/index.js";

const MODULES = Number(process.env.BENCH_MODULES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PAYLOADS = process.env.BENCH_PAYLOADS !== "0";
const TARGET = (["auth", "auth-process"] as const).find((t) => t === process.env.BENCH_TARGET) ?? "echo";
const SERVICES = ["auth", "task-graph"];

const server = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => {
    body += chunk;
  });
  req.on("end", () => {
    res.setHeader("content-type", "application/json");
    res.end(
      JSON.stringify({
        id: "4f1c",
        echo: body.length,
        items: Array.from({ length: 10 }, (_, i) => ({ i, name: `item ${i}` })),
      }),
    );
  });
});
await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
const auth =
  TARGET === "auth"
    ? await createAuthService({ port: 0, host: "127.0.0.1", env: { LOG_LEVEL: "silent" } })
    : TARGET === "auth-process"
      ? await startAuthProcess()
      : undefined;
const base = auth?.url ?? `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const dispatcher = new Agent({ connections: 8 });

/** The auth service as its own process on a free loopback port, the way the process launcher runs it. */
async function startAuthProcess(): Promise<{ url: string; close: () => Promise<void> }> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((done) => probe.close(done));
  const child = spawn(process.execPath, ["--import", "tsx", "services/auth/src/server.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "silent" },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`auth service not healthy at ${url}/health after 30000ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    close: () =>
      new Promise<void>((done) => {
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}

/** The three requests of module i. */
async function scenario(i: number): Promise<RecordedExchange[]> {
  if (TARGET === "echo") {
    return [
      await call("POST", "/api/users", {
        email: `u${i}@example.test`,
        password: "Test-Password-1",
        name: `User ${i}`,
      }),
      await call("GET", `/api/users/${i}`),
      await call("PUT", `/api/users/${i}`, { name: `Renamed ${i}` }),
    ];
  }
  const login = await call("POST", "/api/auth/login", { email: "admin@example.com", password: "admin123" });
  const token = (login.responseBody as { token: string }).token;
  return [
    login,
    await call("GET", "/api/users?page=1&limit=5"),
    await call("GET", "/api/auth/me", undefined, token),
  ];
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  token = "tok-bench-secret-123456",
): Promise<RecordedExchange> {
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const requestHeaders: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) requestHeaders["content-type"] = "application/json";
  const response = await request(`${base}${path}`, {
    method: method as "GET",
    headers: requestHeaders,
    body: body === undefined ? undefined : JSON.stringify(body),
    dispatcher,
  });
  const responseBody = await response.body.json();
  return {
    method,
    url: `${base}${path}`,
    endpoint: { name: "users", template: "/api/users/{id}" },
    requestHeaders,
    requestBody: body,
    status: response.statusCode,
    responseHeaders: Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, String(v)])),
    responseBody,
    startedAt,
    durationMs: performance.now() - t0,
    attempts: 1,
  };
}

/** Wall time and this process's CPU time (user + system) of one run, ms. */
interface Timing {
  wall: number;
  cpu: number;
}

async function run(reporters: Reporter[], reportDir: string): Promise<Timing> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const runId = `bench-${Date.now()}`;
  const emit = async <K extends keyof Reporter>(hook: K, ...args: Parameters<NonNullable<Reporter[K]>>) => {
    for (const r of reporters) {
      const h0 = process.cpuUsage();
      await (r[hook] as ((...a: unknown[]) => unknown) | undefined)?.apply(r, args);
      // Where the reporters' CPU goes: per reporter, at the end of the run vs during it.
      const used = process.cpuUsage(h0);
      const key = `${r.constructor.name}.${hook === "onRunEnd" ? "onRunEnd" : "duringRun"}`;
      inside.set(key, (inside.get(key) ?? 0) + (used.user + used.system) / 1000);
    }
  };
  await emit("onInit", { runId, config: { rootDir: reportDir, services: {} } as never, reportDir, plan: [] });
  const results: ModuleResult[] = [];
  for (let i = 0; i < MODULES; i++) {
    const service = SERVICES[i % SERVICES.length]!;
    if (i < SERVICES.length) await emit("onServiceStart", service, base);
    const module = `${String(i).padStart(4, "0")}_scenario`;
    await emit("onModuleStart", service, module);
    const m0 = performance.now();
    const recorded = await scenario(i);
    // As the runner records them: bodies only with include_payloads.
    const requests = PAYLOADS ? recorded : recorded.map(({ requestBody, responseBody, ...rest }) => rest);
    const failed = i % 50 === 0;
    const result: ModuleResult = {
      service,
      module,
      file: `services/${service}/modules/${module}.ts`,
      tags: [],
      status: failed ? "failed" : "passed",
      durationMs: performance.now() - m0,
      attempts: 1,
      requests,
      lastResponseStatus: 200,
      ...(failed
        ? {
            failure: {
              name: "AssertionError",
              message: "200 !== 201",
              expected: 201,
              actual: 200,
              location: `${module}.ts:4:3`,
            },
          }
        : {}),
    };
    results.push(result);
    await emit("onModuleResult", result);
  }
  const failed = results.filter((r) => r.status === "failed").length;
  const result: RunResult = {
    runId,
    startedAt: new Date(Date.now() - (performance.now() - t0)).toISOString(),
    finishedAt: new Date().toISOString(),
    configPath: "/bench/e2e.conf",
    environment: "dev",
    project: { name: "Gantry", version: "bench" },
    services: SERVICES.map((name) => ({
      name,
      baseUrl: base,
      modules: results.filter((r) => r.service === name),
      uncalledEndpoints: [],
    })),
    summary: {
      total: MODULES,
      passed: MODULES - failed,
      failed,
      errors: 0,
      skipped: 0,
      flaky: 0,
      durationMs: performance.now() - t0,
    },
    exitCode: failed ? 1 : 0,
  };
  await emit("onRunEnd", result);
  const cpu = process.cpuUsage(cpu0);
  return { wall: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const work = await mkdtemp(join(tmpdir(), "gantry-bench-report-"));
const redactor = new Redactor({ secrets: ["tok-bench-secret-123456"] });
/** CPU time spent inside reporter hooks, summed over the counted rounds, ms. */
const inside = new Map<string, number>();
const baseline: Timing[] = [];
const withReporters: Timing[] = [];
const reportersIn = (dir: string) =>
  createReporters(["json", "junit", "html"], {
    color: false,
    verbose: false,
    reportDir: dir,
    includePayloads: PAYLOADS,
    redactor,
    saveLogs: true,
    logDir: join(dir, "logs"),
  });
// Warm-up of both paths (JIT, connection pool, lazily loaded code), not counted.
await run([], work);
await run(await reportersIn(join(work, "warm-up")), join(work, "warm-up"));
inside.clear();
for (let round = 0; round < ROUNDS; round++) {
  baseline.push(await run([], work));
  const dir = join(work, `r${round}`);
  withReporters.push(await run(await reportersIn(dir), dir));
}
server.close();
await auth?.close();
await dispatcher.close();
await rm(work, { recursive: true, force: true });

const figures = {
  benchmark: "file reporters (json+junit+html+run log) vs no reporter, same run side by side",
  target: TARGET,
  includePayloads: PAYLOADS,
  modules: MODULES,
  requestsPerModule: 3,
  rounds: ROUNDS,
  // Wall time is what a user waits; CPU time is steadier on a shared machine (the echo server runs
  // in this process, so its CPU is in both figures).
  baselineMedianMs: Math.round(median(baseline.map((t) => t.wall))),
  reportersMedianMs: Math.round(median(withReporters.map((t) => t.wall))),
  ratio: Number((median(withReporters.map((t) => t.wall)) / median(baseline.map((t) => t.wall))).toFixed(3)),
  baselineCpuMedianMs: Math.round(median(baseline.map((t) => t.cpu))),
  reportersCpuMedianMs: Math.round(median(withReporters.map((t) => t.cpu))),
  cpuRatio: Number((median(withReporters.map((t) => t.cpu)) / median(baseline.map((t) => t.cpu))).toFixed(3)),
  insideHooksCpuMsPerRun: Object.fromEntries([...inside].map(([k, v]) => [k, Math.round(v / ROUNDS)])),
  baselineMs: baseline.map((t) => Math.round(t.wall)),
  reportersMs: withReporters.map((t) => Math.round(t.wall)),
};
console.log(JSON.stringify(figures, null, 2));
await mkdir("bench/results", { recursive: true });
await writeFile(
  `bench/results/report-reporters-${TARGET}${PAYLOADS ? "" : "-nopayloads"}.json`,
  `${JSON.stringify(figures, null, 2)}\n`,
);
