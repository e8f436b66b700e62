// Runs a plan: services (in parallel up to --workers), modules of a service in order with one page
// instance per service, or, for a `parallel: true` service, concurrently up to --workers with a page
// instance per module; retries (--retries) and --bail. Every module ends as one ModuleResult.

import type { ResolvedConfig } from "../config/index.js";
import { type BasePage, type DispatcherRegistry, PAGE_RECORDER, pageContextFor } from "../http/index.js";
import { failureFrom } from "./failure-details.js";
import { HeapTrim } from "./heap-trim.js";
import { loadModule, type ScenarioRun } from "./load-suite.js";
import { LoginSession } from "./login-session.js";
import type { PlannedModule, PlannedService, RunPlan } from "./plan-run.js";
import type { ReporterHub } from "./reporter-hub.js";
import type { ServiceRoute } from "./route-services.js";
import { type AttemptResult, runAttempt } from "./run-module.js";
import type { AttemptRecord, ModuleResult, ServiceResult } from "./run-result.js";
import type { ScenarioLoader } from "./scenario-loader.js";
import { ServiceSetup } from "./service-setup.js";
import { staticPageAuth } from "./static-auth.js";
import { runPool } from "./worker-pool.js";

export interface ExecuteOptions {
  config: ResolvedConfig;
  plan: RunPlan;
  hub: ReporterHub;
  dispatchers: DispatcherRegistry;
  /** Imports each scenario module just before it runs. */
  loader: ScenarioLoader;
  /** Where each service that can be tested is reached (its own URL or the gateway's). */
  routes: Map<string, ServiceRoute>;
  /** Services that could not be had (optional ones): name → reason. */
  unavailable: Map<string, string>;
  /** Extra attempts for a failed module (--retries). */
  retries: number;
  bail: boolean;
  workers: number;
  /** Back to a known state before a service's suite (no-op when not started by this run). */
  reset?: (service: string) => Promise<void>;
  signal?: AbortSignal;
}

interface RunState {
  stopReason?: string;
  heap: HeapTrim;
}

function baseResult(m: PlannedModule, service: string): Omit<ModuleResult, "status" | "durationMs"> {
  return { service, module: m.file.name, file: m.file.file, tags: m.tags, attempts: 0, requests: [] };
}

function skipped(m: PlannedModule, service: string, reason: string): ModuleResult {
  return { ...baseResult(m, service), status: "skipped", durationMs: 0, skipReason: reason };
}

function attemptRecord(r: AttemptResult): AttemptRecord {
  const record: AttemptRecord = { status: r.status as AttemptRecord["status"], durationMs: r.durationMs };
  if (r.failure) record.failure = r.failure;
  const last = r.requests.at(-1);
  if (last) record.lastExchange = last;
  return record;
}

async function runWithRetries(
  m: PlannedModule,
  run: ScenarioRun,
  service: string,
  page: BasePage,
  o: ExecuteOptions,
): Promise<ModuleResult> {
  const base = baseResult(m, service);
  let failedBefore = false;
  const attemptLog: AttemptRecord[] = [];
  for (let attempt = 1; ; attempt++) {
    const r = await runAttempt(run, page, m.file.path, o.config.rootDir);
    attemptLog.push(attemptRecord(r));
    const status = r.status === "passed" && failedBefore ? "flaky" : r.status;
    const result: ModuleResult = {
      ...base,
      status,
      durationMs: r.durationMs,
      attempts: attempt,
      requests: r.requests,
      attemptLog: [...attemptLog],
    };
    if (r.failure) result.failure = r.failure;
    if (r.lastResponseStatus !== undefined) result.lastResponseStatus = r.lastResponseStatus;
    if (r.status === "passed" || attempt > o.retries || o.signal?.aborted) return result;
    failedBefore = true;
  }
}

/**
 * A module still running at Ctrl-C is not waited for: it ends `interrupted` with what it had
 * requested so far, so the run can clean up and exit at once.
 */
async function untilInterrupted(
  running: Promise<ModuleResult>,
  m: PlannedModule,
  service: string,
  page: BasePage,
  signal: AbortSignal | undefined,
): Promise<ModuleResult> {
  if (!signal) return running;
  const started = performance.now();
  let onAbort = () => {};
  const aborted = new Promise<ModuleResult>((resolve) => {
    onAbort = () =>
      resolve({
        ...baseResult(m, service),
        status: "interrupted",
        durationMs: performance.now() - started,
        attempts: 1,
        requests: [...page[PAGE_RECORDER].exchanges],
      });
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  running.catch(() => {}); // an abandoned run that rejects later must not be unhandled
  try {
    return await Promise.race([running, aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

async function runService(ps: PlannedService, o: ExecuteOptions, state: RunState): Promise<ServiceResult> {
  const name = ps.suite.name;
  const endpoints = Object.keys(o.config.services[name]?.endpoints ?? {});
  const route = o.routes.get(name) ?? { url: o.config.services[name]?.base_url ?? "", viaGateway: false };
  const baseUrl = route.url;
  const result: ServiceResult = { name, baseUrl, modules: [], uncalledEndpoints: endpoints };
  const emit = async (r: ModuleResult) => {
    result.modules.push(r);
    await o.hub.emit("onModuleResult", r);
  };

  if (ps.selectedCount === 0) {
    for (const m of ps.modules) await emit(skipped(m, name, m.skipReason ?? "not selected"));
    return result;
  }
  const unavailable = o.unavailable.get(name);
  let pageError = ps.pageError;
  const pages: BasePage[] = [];
  // One page instance per service; with `parallel: true`, one per module (own cookies and state).
  const newPage = (): BasePage | undefined => {
    if (unavailable || pageError || !ps.Page) return undefined;
    try {
      const context = pageContextFor(o.config, name, route, o.dispatchers);
      const page = new ps.Page(login ? { ...context, auth: login } : context);
      pages.push(page);
      setup?.share(page);
      return page;
    } catch (err) {
      pageError = err as Error;
      return undefined;
    }
  };
  let setup: ServiceSetup | undefined;
  // auth: type login — one session for all of this service's pages; it logs in after the reset.
  // type bearer | api_key — the same static header for all of them.
  const authConfig = o.config.services[name]?.auth;
  const login =
    !authConfig || unavailable || !ps.Page
      ? undefined
      : authConfig.type === "login"
        ? new LoginSession(pageContextFor(o.config, name, route, o.dispatchers), authConfig, (line) =>
            o.hub.emit("onLog", line),
          )
        : staticPageAuth(authConfig);
  const parallel = o.config.services[name]?.parallel === true;
  const shared = parallel ? undefined : newPage();
  await o.hub.emit("onServiceStart", name, baseUrl);
  // A reset that did not take effect would let the modules read the previous data: they error.
  if (!unavailable && !pageError && ps.Page && o.reset) {
    await o.reset(name).catch((error: Error) => (pageError = error));
  }

  if (login && !pageError && !state.stopReason) {
    await login.current().catch((error: Error) => (pageError = error));
  }

  // setup.ts: once before the first module; a failing setup makes every module error with it.
  let setupPage: BasePage | undefined;
  if (ps.suite.setupFile && !unavailable && !pageError && !state.stopReason) {
    try {
      setup = await ServiceSetup.load(ps.suite.setupFile, o.config.rootDir, o.loader);
      setupPage = shared ?? newPage();
      if (setupPage) await setup.setup(setupPage);
    } catch (err) {
      pageError = err as Error;
    }
  }

  const runOne = async (m: PlannedModule): Promise<ModuleResult> => {
    if (m.skipReason) return skipped(m, name, m.skipReason);
    if (unavailable) {
      // An optional service that is down says so; a reason that already names its cause is kept.
      return skipped(
        m,
        name,
        unavailable.startsWith("not run:") ? unavailable : `service ${name} unavailable: ${unavailable}`,
      );
    }
    if (state.stopReason) return skipped(m, name, state.stopReason);
    await o.hub.emit("onModuleStart", name, m.file.name);
    const page = parallel ? newPage() : shared;
    const loaded = pageError || !page ? undefined : await loadModule(m.file, o.loader);
    const planned = loaded ? { ...m, tags: loaded.tags } : m;
    const problem = pageError ?? loaded?.loadError;
    const r =
      problem || !page || !loaded?.run
        ? {
            ...baseResult(planned, name),
            ...failureFrom(problem ?? new Error(`no page for ${name}`), m.file.path, o.config.rootDir),
            durationMs: 0,
            attempts: 1,
          }
        : await untilInterrupted(
            runWithRetries(planned, loaded.run, name, page, o),
            planned,
            name,
            page,
            o.signal,
          );
    loaded?.release();
    state.heap.afterModule();
    if (o.bail && (r.status === "failed" || r.status === "error")) {
      state.stopReason ??= `not run: --bail after ${name}/${m.file.name} ${r.status}`;
    }
    if (o.signal?.aborted) state.stopReason ??= "not run: interrupted";
    return r;
  };

  try {
    if (parallel) {
      // Results reach the reporters as modules finish; the service's list stays in filename order.
      const results = await runPool(ps.modules, o.workers, async (m) => {
        const r = await runOne(m);
        await o.hub.emit("onModuleResult", r);
        return r;
      });
      result.modules.push(...results);
    } else {
      for (const m of ps.modules) await emit(await runOne(m));
    }
  } finally {
    // Teardown runs after the last module, also after failures; its own failure is reported, not thrown.
    const problem = setup && setupPage ? await setup.teardown(setupPage) : undefined;
    if (problem) await o.hub.emit("onLog", `warning: ${problem}`);
  }
  if (pages.length) {
    const called = new Set(pages.flatMap((p) => [...p[PAGE_RECORDER].calledEndpoints]));
    result.uncalledEndpoints = endpoints.filter((e) => !called.has(e));
  }
  return result;
}

export async function executePlan(o: ExecuteOptions): Promise<ServiceResult[]> {
  const state: RunState = { heap: new HeapTrim() };
  o.signal?.addEventListener("abort", () => (state.stopReason ??= "not run: interrupted"), { once: true });
  return runPool(o.plan.services, o.workers, (ps) => runService(ps, o, state));
}
