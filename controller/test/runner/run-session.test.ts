// The phases of `e2e run` in-process, through its seams: the boot (what the lifecycle would do),
// the scenario loader (modules defined here, files on disk for discovery) and the reporters (a
// recorder). The services are real HTTP servers on loopback.

import assert from "node:assert/strict";
import { createWriteStream } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BasePage } from "../../src/http/base-page.js";
import type { BootOptions, BootResult } from "../../src/lifecycle/types.js";
import { RequiredServiceError } from "../../src/lifecycle/types.js";
import type { Reporter, ReporterSource } from "../../src/runner/reporter.js";
import type { ModuleResult, RunResult } from "../../src/runner/run-result.js";
import { type RunDeps, runE2e } from "../../src/runner/run-session.js";
import type { LoadedScenario, ScenarioLoader } from "../../src/runner/scenario-loader.js";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { confFor, projectTracker } from "../helpers/project.js";

class Page extends BasePage {
  health() {
    return this.get("/health");
  }
}

const passing = { run: async (page: Page) => assert.equal((await page.health()).status, 200) };
const failing = { run: async () => assert.equal(1, 2) };

/** Modules by file name; pages are the Page above. Records what was loaded, in order. */
function memoryLoader(modules: Record<string, Record<string, unknown>>, events: string[]): ScenarioLoader {
  return {
    async importFile(path) {
      events.push(`import ${path.split("/").pop()}`);
      return { default: Page };
    },
    async loadScenario(path): Promise<LoadedScenario> {
      const name = path.split("/").pop()!;
      events.push(`load ${name}`);
      const exports = modules[name];
      if (!exports) throw new Error(`no module ${name}`);
      return { exports, release: () => events.push(`release ${name}`) };
    },
  };
}

interface Recorded {
  events: string[];
  result?: RunResult;
  modules: ModuleResult[];
  logs: string[];
}

function recorder(recorded: Recorded, extra: Partial<Reporter> = {}): ReporterSource {
  return {
    check: (names) => names,
    async create() {
      recorded.events.push("reporters");
      return [
        {
          onInit: () => void recorded.events.push("onInit"),
          onLog: (line) => {
            recorded.logs.push(line);
            recorded.events.push(`log ${line}`);
          },
          onModuleResult: (m) => void recorded.modules.push(m),
          onRunEnd: (r) => {
            recorded.result = r;
          },
          ...extra,
        },
      ];
    },
  };
}

/** A boot that finds each service at `url`, records what the session asked of it. */
function bootAt(url: string, events: string[], extra: Partial<BootResult> = {}): RunDeps["boot"] {
  return async (_config, services, options: BootOptions) => {
    events.push(`boot ${services.join(",")}`);
    options.log("booting: early line");
    await new Promise((r) => setImmediate(r));
    events.push("waiting");
    options.onWaiting?.();
    return {
      ready: new Map(services.map((s) => [s, url])),
      skipped: new Map(),
      reset: async (name) => void events.push(`reset ${name}`),
      stop: async () => void events.push("stop"),
      ...extra,
    };
  };
}

let server: TestServer;
const { project, removeAll } = projectTracker();
const quiet = () => createWriteStream("/dev/null");

beforeAll(async () => {
  server = await startServer((_req, res) => sendJson(res, 200, { status: "healthy" }));
});
afterAll(async () => {
  removeAll();
  await server.close();
});

function authProject(modules: string[]) {
  const files: Record<string, string> = {
    "e2e.conf": confFor({ auth: { url: "http://127.0.0.1:1" } }),
    "services/auth/page.ts": "// defined by the test's loader\n",
  };
  for (const m of modules) files[`services/auth/modules/${m}`] = "// defined by the test's loader\n";
  return project(files);
}

function options(dir: string, extra: Record<string, unknown> = {}) {
  return {
    configPath: join(dir, "e2e.conf"),
    selection: {},
    retries: 0,
    bail: false,
    workers: 1,
    list: false,
    start: true,
    keep: false,
    reuse: false,
    verbose: false,
    color: false,
    out: quiet(),
    ...extra,
  };
}

describe("RunSession: plan → boot → load → execute → finish", () => {
  it("runs the selected modules against the URL the boot found, resets the service, then stops the boot", async () => {
    const p = authProject(["01_ok.ts", "02_fails.ts"]);
    const rec: Recorded = { events: [], modules: [], logs: [] };
    const code = await runE2e(options(p.dir), {
      boot: bootAt(server.url, rec.events),
      loader: memoryLoader({ "01_ok.ts": passing, "02_fails.ts": failing }, rec.events),
      reporters: recorder(rec),
    });
    expect(code).toBe(1);
    expect(rec.result?.exitCode).toBe(1);
    expect(rec.modules.map((m) => [m.module, m.status])).toEqual([
      ["01_ok", "passed"],
      ["02_fails", "failed"],
    ]);
    expect(rec.modules[0]!.requests[0]!.url).toBe(`${server.url}/health`);
    expect(rec.events.filter((e) => /^(boot|reset|stop|release)/.test(e))).toEqual([
      "boot auth",
      "reset auth",
      "release 01_ok.ts",
      "release 02_fails.ts",
      "stop",
    ]);
  });

  it("loads pages and reporters only once the boot says it is waiting on the services", async () => {
    const p = authProject(["01_ok.ts"]);
    const rec: Recorded = { events: [], modules: [], logs: [] };
    const code = await runE2e(options(p.dir), {
      boot: bootAt(server.url, rec.events),
      loader: memoryLoader({ "01_ok.ts": passing }, rec.events),
      reporters: recorder(rec),
    });
    expect(code).toBe(0);
    const at = (e: string) => rec.events.indexOf(e);
    expect(at("waiting")).toBeGreaterThan(at("boot auth"));
    expect(at("import page.ts")).toBeGreaterThan(at("waiting"));
    expect(at("reporters")).toBeGreaterThan(at("waiting"));
  });

  it("hands boot lines logged before the reporters existed to them after onInit, in order", async () => {
    const p = authProject(["01_ok.ts"]);
    const rec: Recorded = { events: [], modules: [], logs: [] };
    await runE2e(options(p.dir), {
      boot: bootAt(server.url, rec.events),
      loader: memoryLoader({ "01_ok.ts": passing }, rec.events),
      reporters: recorder(rec),
    });
    const at = (e: string) => rec.events.indexOf(e);
    expect(at("onInit")).toBeGreaterThan(at("waiting"));
    expect(at("log booting: early line")).toBeGreaterThan(at("onInit"));
  });

  it("exits 3 and reports every module skipped when a required service is unavailable", async () => {
    const p = authProject(["01_ok.ts"]);
    const rec: Recorded = { events: [], modules: [], logs: [] };
    const code = await runE2e(options(p.dir), {
      boot: async () => {
        throw new RequiredServiceError(
          "auth",
          "http://127.0.0.1:1/health",
          "ECONNREFUSED",
          [],
          "never healthy",
        );
      },
      loader: memoryLoader({ "01_ok.ts": passing }, rec.events),
      reporters: recorder(rec),
    });
    expect(code).toBe(3);
    expect(rec.result?.exitCode).toBe(3);
    expect(rec.modules.map((m) => m.status)).toEqual(["skipped"]);
    expect(rec.modules[0]!.skipReason).toMatch(/required and not healthy/);
    expect(rec.result?.services[0]?.baseUrl).toBe("http://127.0.0.1:1");
    expect(rec.logs.some((l) => l.includes('Service "auth" is required but not healthy'))).toBe(true);
  });

  it("turns a green run whose report failed into exit 1, while the report itself says 0", async () => {
    const p = authProject(["01_ok.ts"]);
    const rec: Recorded = { events: [], modules: [], logs: [] };
    const stderr = process.stderr.write;
    process.stderr.write = () => true;
    try {
      const code = await runE2e(options(p.dir), {
        boot: bootAt(server.url, rec.events),
        loader: memoryLoader({ "01_ok.ts": passing }, rec.events),
        reporters: recorder(rec, {
          onRunEnd: (r) => {
            rec.result = r;
            throw new Error("disk full");
          },
        }),
      });
      expect(code).toBe(1);
      expect(rec.result?.exitCode).toBe(0);
    } finally {
      process.stderr.write = stderr;
    }
  });

  it("stops what the boot started when the reporters cannot be made", async () => {
    const p = authProject(["01_ok.ts"]);
    const events: string[] = [];
    const run = runE2e(options(p.dir), {
      boot: bootAt(server.url, events),
      loader: memoryLoader({ "01_ok.ts": passing }, events),
      reporters: { check: (names) => names, create: async () => Promise.reject(new Error("no reporter")) },
    });
    await expect(run).rejects.toThrow("no reporter");
    expect(events.at(-1)).toBe("stop");
  });

  it("boots nothing when no module is selected (exit 1), for --list (exit 0), or for an unknown reporter", async () => {
    const p = authProject(["01_ok.ts"]);
    const events: string[] = [];
    const deps = {
      boot: bootAt(server.url, events),
      loader: memoryLoader({ "01_ok.ts": passing }, events),
      reporters: recorder({ events, modules: [], logs: [] }),
    };
    expect(await runE2e(options(p.dir, { selection: { modules: ["99_none"] } }), deps)).toBe(1);
    expect(await runE2e(options(p.dir, { list: true }), deps)).toBe(0);
    const refusing = {
      ...deps,
      reporters: {
        ...deps.reporters,
        check: () => {
          throw Object.assign(new Error("Unknown reporter"), { code: "E2E_UNKNOWN_REPORTER" });
        },
      },
    };
    await expect(runE2e(options(p.dir), refusing)).rejects.toMatchObject({ code: "E2E_UNKNOWN_REPORTER" });
    expect(events.some((e) => e.startsWith("boot"))).toBe(false);
  });
});
