/**
 * `npm run bench:auth`: the same autocannon load, side by side, against a bare Fastify route
 * (baseline), our /health, list and search, login, and json-server 0.17 serving the same two
 * users with its paging. Servers run as child processes so the load generator does not share
 * their event loop. Writes bench/results/auth.json and prints ratios against the targets.
 *
 * The machine is shared, so targets are measured in interleaved rounds (BENCH_ROUNDS, default 5,
 * of BENCH_SECONDS, default 1.5, each, after one BENCH_WARMUP_SECONDS warm-up) and each figure is
 * the median over rounds: a burst of load from elsewhere then hits every target alike.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { ADMIN_EMAIL, ADMIN_ID, ADMIN_PASSWORD, USER_EMAIL, USER_ID } from "../../services/auth/src/seed.js";
import { type Started, startChild } from "./children.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 1.5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);

interface Target {
  name: string;
  server: "bare" | "auth" | "json-server";
  path: string;
  connections: number;
  method?: "GET" | "POST";
  body?: string;
}

const TARGETS: Target[] = [
  { name: "bare-fastify", server: "bare", path: "/bare", connections: 10 },
  { name: "health", server: "auth", path: "/health", connections: 10 },
  { name: "list", server: "auth", path: "/api/users?limit=10", connections: 10 },
  { name: "search", server: "auth", path: "/api/users?search=admin", connections: 10 },
  { name: "json-server-list", server: "json-server", path: "/users?_page=1&_limit=10", connections: 10 },
  // Control for the login latency: the cheapest route at the same concurrency shows the floor
  // this machine (shared, loaded) imposes on any p99 at 20 connections.
  { name: "health-20-conn", server: "auth", path: "/health", connections: 20 },
  {
    name: "login",
    server: "auth",
    path: "/api/auth/login",
    connections: 20,
    method: "POST",
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  },
];

interface Measured {
  reqPerSecMedian: number;
  reqPerSecMean: number;
  latencyMedianMs: number;
  latencyP99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, t: Target, duration: number): Promise<Measured> {
  const result = await autocannon({
    url: url + t.path,
    connections: t.connections,
    duration,
    method: t.method ?? "GET",
    ...(t.body ? { body: t.body, headers: { "content-type": "application/json" } } : {}),
  });
  return {
    // One run is short, so its rate is requests / duration; the median is taken over rounds.
    reqPerSecMedian: Math.round(result.requests.total / result.duration),
    reqPerSecMean: Math.round(result.requests.total / result.duration),
    latencyMedianMs: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function startServers(): Promise<Record<Target["server"], Started>> {
  const dir = mkdtempSync(join(tmpdir(), "bench-auth-"));
  const dbFile = join(dir, "db.json");
  // The same two users our service seeds (json-server returns stored objects as they are).
  const now = new Date().toISOString().slice(0, -1);
  writeFileSync(
    dbFile,
    JSON.stringify({
      users: [
        {
          id: ADMIN_ID,
          email: ADMIN_EMAIL,
          name: "Admin User",
          role: "admin",
          created_at: now,
          updated_at: now,
        },
        { id: USER_ID, email: USER_EMAIL, name: "Test User", role: "user", created_at: now, updated_at: now },
      ],
    }),
  );
  const bare = await startChild(
    "bare fastify",
    ["--import", "tsx", join(ROOT, "bench/auth/bare-server.ts")],
    "/bare",
  );
  // LOG_LEVEL=warn: the baseline logs nothing either; per-request info lines would measure pino.
  const auth = await startChild(
    "auth service",
    ["--import", "tsx", join(ROOT, "services/auth/src/server.ts")],
    "/health",
    {
      LOG_LEVEL: "warn",
    },
  );
  const jsonServer = await startChild(
    "json-server",
    [join(ROOT, "node_modules/json-server/lib/cli/bin.js"), "--quiet", "--host", "127.0.0.1", dbFile],
    "/users",
    {},
    (port) => ["--port", String(port)],
  );
  return { bare, auth, "json-server": jsonServer };
}

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

async function main(): Promise<void> {
  const loadavgAtStart = loadavg();
  const servers = await startServers();
  const rounds: Record<string, Measured[]> = {};
  try {
    for (const t of TARGETS) if (WARMUP > 0) await load(servers[t.server].url, t, WARMUP);
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternate the order so no target always runs right after the same neighbour.
      const order = round % 2 === 1 ? TARGETS : [...TARGETS].reverse();
      for (const t of order) {
        const r = await load(servers[t.server].url, t, SECONDS);
        const list = rounds[t.name] ?? [];
        list.push(r);
        rounds[t.name] = list;
        console.log(
          `round ${round}  ${t.name.padEnd(18)} ${String(r.reqPerSecMedian).padStart(7)} req/s  p50 ${r.latencyMedianMs} ms  p99 ${r.latencyP99Ms} ms  non2xx ${r.non2xx}  errors ${r.errors}`,
        );
      }
    }
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
  }
  const results: Record<string, Measured & { rounds: Measured[] }> = {};
  for (const [name, list] of Object.entries(rounds)) {
    results[name] = {
      reqPerSecMedian: median(list.map((r) => r.reqPerSecMedian)),
      reqPerSecMean: Math.round(list.reduce((n, r) => n + r.reqPerSecMean, 0) / list.length),
      latencyMedianMs: median(list.map((r) => r.latencyMedianMs)),
      latencyP99Ms: median(list.map((r) => r.latencyP99Ms)),
      requests: list.reduce((n, r) => n + r.requests, 0),
      errors: list.reduce((n, r) => n + r.errors, 0),
      non2xx: list.reduce((n, r) => n + r.non2xx, 0),
      rounds: list,
    };
  }
  console.log("\nmedian over rounds:");
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `${name.padEnd(18)} ${String(r.reqPerSecMedian).padStart(7)} req/s  p50 ${r.latencyMedianMs} ms  p99 ${r.latencyP99Ms} ms`,
    );
  }

  const rps = (n: string) => results[n]!.reqPerSecMedian;
  // Paired estimate: the ratio within each round (runs close in time), then the median over rounds.
  const pairedRatio = (a: string, b: string) =>
    ratio(median(rounds[a]!.map((r, i) => r.reqPerSecMedian / rounds[b]![i]!.reqPerSecMedian)), 1);
  const ratios = {
    health_vs_bare: pairedRatio("health", "bare-fastify"),
    list_vs_bare: pairedRatio("list", "bare-fastify"),
    search_vs_bare: pairedRatio("search", "bare-fastify"),
    list_vs_json_server: pairedRatio("list", "json-server-list"),
  };
  const ratiosOfMedians = {
    health_vs_bare: ratio(rps("health"), rps("bare-fastify")),
    list_vs_bare: ratio(rps("list"), rps("bare-fastify")),
    search_vs_bare: ratio(rps("search"), rps("bare-fastify")),
    list_vs_json_server: ratio(rps("list"), rps("json-server-list")),
  };
  const targets = {
    "health >= 0.8 x bare": ratios.health_vs_bare >= 0.8,
    "list >= 0.6 x bare": ratios.list_vs_bare >= 0.6,
    "list >= 2 x json-server": ratios.list_vs_json_server >= 2,
    "login p99 < 50 ms at 20 connections": results.login!.latencyP99Ms < 50,
  };
  const floor = results["health-20-conn"]!.latencyP99Ms;
  console.log("\nratios (median over rounds of the per-round ratio):", ratios);
  console.log("ratios of the medians:", ratiosOfMedians);
  for (const [k, ok] of Object.entries(targets)) console.log(`${ok ? "PASS" : "MISS"}  ${k}`);
  console.log(`(control: GET /health at 20 connections has p99 ${floor} ms on this machine right now)`);

  const out = {
    benchmark: "auth",
    date: new Date().toISOString(),
    settings: { rounds: ROUNDS, secondsPerRun: SECONDS, warmupSeconds: WARMUP, authLogLevel: "warn" },
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      loadavgAtStart,
      loadavgAtEnd: loadavg(),
      node: process.version,
    },
    note: "Servers are child processes; autocannon runs in this process; the machine is shared, so absolute figures vary — compare the ratios.",
    results,
    ratios,
    ratiosOfMedians,
    targets,
  };
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(join(ROOT, "bench/results/auth.json"), `${JSON.stringify(out, null, 2)}\n`);
  console.log("\nwritten bench/results/auth.json");
  const errors = Object.values(results).reduce((n, r) => n + r.errors + r.non2xx, 0);
  if (errors > 0) {
    console.error(`${errors} errors or non-2xx responses during the run; the figures are not trustworthy.`);
    process.exitCode = 1;
  }
}

await main();
