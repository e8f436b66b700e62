// Issue 24 point 7: one error type per exit code, mapped in one place (errors/exitCodeOfError), for
// every command. The unit table: each error the controller raises has the kind of its exit code,
// and the README's exit-code table says the same. The CLI table: each command, run for real, exits
// with the code of each class of error it can meet (a class a command cannot meet is listed as such).
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, ConfigNotFoundError, UnknownServiceError } from "../../src/config/index.js";
import {
  CommandFailedError,
  EXIT_CODES,
  exitCodeOfError,
  InterruptedError,
  ServiceStartError,
  UsageError,
} from "../../src/errors/index.js";
import { InitExistsError } from "../../src/init/index.js";
import { RequiredServiceError, WaitTimeoutError } from "../../src/lifecycle/index.js";
import { ReporterModuleError, RunLogError, UnknownReporterError } from "../../src/report/index.js";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import {
  confFor,
  HEALTHY_MODULE,
  moduleSource,
  pageSource,
  projectTracker,
  REPO_ROOT,
  runCli,
} from "../helpers/project.js";

describe("the exit code of each error the controller raises", () => {
  // biome-ignore format: one table
  const table: [string, unknown, number][] = [
    ["UsageError", new UsageError("bad"), 2],
    ["ConfigError", new ConfigError([]), 2],
    ["ConfigNotFoundError", new ConfigNotFoundError([], "none"), 2],
    ["UnknownServiceError", new UnknownServiceError("x", []), 2],
    ["UnknownReporterError", new UnknownReporterError("x", ["console"]), 2],
    ["ReporterModuleError", new ReporterModuleError("./r.ts", "missing"), 2],
    ["InitExistsError", new InitExistsError([]), 2],
    ["ServiceStartError", new ServiceStartError("down"), 3],
    ["RequiredServiceError", new RequiredServiceError("api", "http://x", "nothing", [], "down"), 3],
    ["WaitTimeoutError", new WaitTimeoutError("http://x", "200", 10, "nothing"), 3],
    ["CommandFailedError", new CommandFailedError("failed"), 1],
    ["RunLogError", new RunLogError("/x.log", new Error("EACCES")), 1],
    ["InterruptedError", new InterruptedError("stop"), 130],
    ["a TypeError (a bug)", new TypeError("x is undefined"), 1],
    ["a system error", Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" }), 1],
    ["a thrown string", "oops", 1],
  ];
  it.each(table.map(([name, err, code]) => [name, code, err] as const))(
    "%s → exit %i",
    (_name, code, err) => {
      expect(exitCodeOfError(err)).toBe(code);
    },
  );

  it("is the README's exit-code table, row for row", () => {
    const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
    const rows = [...readme.matchAll(/^\| (\d+) \| [^|]+ \|\s*([^|]*?)\s*\|$/gm)].map((m) => [
      Number(m[1]),
      m[2]!.match(/`(\w+Error)`/)?.[1],
    ]);
    expect(rows).toEqual([
      [EXIT_CODES.ok, undefined],
      [EXIT_CODES.failed, "CommandFailedError"],
      [EXIT_CODES.usage, "UsageError"],
      [EXIT_CODES.serviceStart, "ServiceStartError"],
      [EXIT_CODES.interrupted, "InterruptedError"],
    ]);
  });
});

let server: TestServer;
const { project, removeAll } = projectTracker();
let good: string;
let bad: string;
let down: string;
let child: ChildProcess | undefined;
beforeAll(async () => {
  server = await startServer((req, res) => {
    if (req.url === "/health") return sendJson(res, 200, { status: "healthy" });
    // Never answers by itself: the module is surely running when it arrives, so Ctrl-C it then.
    if (req.url === "/slow") {
      child?.kill("SIGINT");
      return;
    }
    sendJson(res, 404, {});
  });
  const manifest = JSON.stringify({
    version: 1,
    generated_at: "2026-11-27T00:00:00.000",
    services: [
      {
        name: "api",
        root: "services/api",
        frameworks: ["express"],
        endpoints: [
          {
            id: "GET /health",
            method: "GET",
            path: "/health",
            handler: "h",
            file: "a.js",
            line: 1,
            params: [],
            responses: [{ status: 200 }],
          },
        ],
        dtos: [],
        types: [],
      },
    ],
  });
  good = project({
    "e2e.conf": confFor({ api: { url: server.url } }),
    "services/api/page.ts": pageSource(),
    "services/api/modules/01_health.ts": HEALTHY_MODULE,
    "services/api/modules/02_slow.ts": moduleSource(`  return page.get("/slow");`),
    "services/api/app.js": "export default 1;\n",
    ".e2e/manifest.json": manifest,
    file: "a file where a folder should be\n",
  }).dir;
  bad = project({ "e2e.conf": "general:\n  timeout: 10\nservices:\n  api:\n    port: 70000\n" }).dir;
  down = project({
    "e2e.conf": confFor({ api: { url: "http://127.0.0.1:9" } }),
    "services/api/page.ts": pageSource(),
    "services/api/modules/01_health.ts": HEALTHY_MODULE,
  }).dir;
  // A report of a real run, for merge-reports.
  const r = await runCli(["run", "--no-start", "-m", "01_health", "-r", "json", "--report-dir", "shard"], {
    cwd: good,
  });
  expect(r.code, r.stdout + r.stderr).toBe(0);
}, 120_000);
afterAll(async () => {
  removeAll();
  await server.close();
});

type Case = {
  command: string;
  kind: "usage" | "config" | "service start" | "failure" | "interrupted";
  args: () => string[];
  code: number;
  /** What stderr or stdout says, naming the cause. */
  says: RegExp;
  env?: Record<string, string>;
  /** Ctrl-C once its module is running (the server's /slow). */
  interrupt?: boolean;
};

// biome-ignore format: one table
const CASES: Case[] = [
  { command: "init", kind: "usage", args: () => ["init", "--name", "9lives"], code: 2, says: /--name must start with a letter/ },
  { command: "init", kind: "usage", args: () => ["init", "--frobnicate"], code: 2, says: /unknown option '--frobnicate'/ },
  { command: "init", kind: "failure", args: () => ["init", join(good, "file")], code: 1, says: /e2e init: .*(EEXIST|ENOTDIR)/ },
  { command: "run", kind: "usage", args: () => ["run", "--workers", "0"], code: 2, says: /--workers: must be an integer >= 1/ },
  { command: "run", kind: "config", args: () => ["run", "-c", join(bad, "e2e.conf")], code: 2, says: /services\.api\.port/ },
  { command: "run", kind: "service start", args: () => ["run", "--no-start", "-c", join(down, "e2e.conf")], code: 3, says: /required but not healthy/ },
  { command: "run", kind: "failure", args: () => ["run", "--no-start", "-m", "01_health", "-r", "console,json", "--report-dir", join(good, "file")], code: 1, says: /reporter .* failed in onRunEnd/ },
  { command: "run", kind: "interrupted", args: () => ["run", "--no-start", "-m", "02_slow"], code: 130, says: /INTERRUPTED \(exit 130\)/, interrupt: true },
  { command: "merge-reports", kind: "usage", args: () => ["merge-reports", "nowhere"], code: 2, says: /none of the 1 report\(s\) exists/ },
  { command: "merge-reports", kind: "config", args: () => ["merge-reports", "shard", "-c", join(bad, "e2e.conf")], code: 2, says: /services\.api\.port/ },
  { command: "merge-reports", kind: "failure", args: () => ["merge-reports", "shard", "-r", "json", "--report-dir", join(good, "file")], code: 1, says: /reporter .* failed in onRunEnd/ },
  { command: "manifest", kind: "usage", args: () => ["manifest", join(good, "nowhere")], code: 2, says: /no such folder to scan/ },
  { command: "manifest", kind: "config", args: () => ["manifest", "-c", join(bad, "e2e.conf")], code: 2, says: /services\.api\.port/ },
  { command: "manifest", kind: "failure", args: () => ["manifest", "--check"], code: 1, says: /is stale/ },
  { command: "search", kind: "usage", args: () => ["search", "health", "-k", "0"], code: 2, says: /-k must be an integer 1\.\.100/ },
  { command: "search", kind: "usage", args: () => ["search", "health"], code: 2, says: /LOCAL_EMBEDDER/, env: { LOCAL_EMBEDDER: "nonsense" } },
  { command: "search", kind: "config", args: () => ["search", "health", "-c", join(bad, "e2e.conf")], code: 2, says: /services\.api\.port/ },
  { command: "search", kind: "failure", args: () => ["search", "health"], code: 1, says: /e2e search: /, env: { EMBEDDINGS_URL: "http://127.0.0.1:9/v1", EMBEDDINGS_MODEL: "m" } },
  { command: "generate-tests", kind: "usage", args: () => ["generate-tests", "--service", "nope"], code: 2, says: /no service "nope"/ },
  { command: "generate-tests", kind: "config", args: () => ["generate-tests", "--service", "api", "-c", join(bad, "e2e.conf")], code: 2, says: /services\.api\.port/ },
  { command: "generate-tests", kind: "failure", args: () => ["generate-tests", "--service", "api", "--out", join(good, "file", "api")], code: 1, says: /e2e generate-tests: .*(EEXIST|ENOTDIR)/ },
];

describe("the exit code of each command for each class of error", () => {
  it.each(CASES.map((c) => [c.command, c.kind, c.code, c] as const))(
    "e2e %s, %s error → exit %i",
    async (_command, _kind, _code, c) => {
      const r = await runCli(c.args(), {
        cwd: good,
        ...(c.env ? { env: c.env } : {}),
        ...(c.interrupt ? { onSpawn: (spawned) => (child = spawned) } : {}),
      });
      child = undefined;
      expect(r.code, r.stdout + r.stderr).toBe(c.code);
      expect(r.stdout + r.stderr).toMatch(c.says);
    },
  );

  it("lists, for each command, the classes it cannot meet", () => {
    const met = (command: string) => new Set(CASES.filter((c) => c.command === command).map((c) => c.kind));
    // Only `run` reads services' health and handles Ctrl-C; `init` reads no e2e.conf.
    expect([...met("init")].sort()).toEqual(["failure", "usage"]);
    expect([...met("run")].sort()).toEqual(["config", "failure", "interrupted", "service start", "usage"]);
    for (const command of ["merge-reports", "manifest", "search", "generate-tests"])
      expect([...met(command)].sort(), command).toEqual(["config", "failure", "usage"]);
  });
});
