// `e2e run`, in the seed's order: load the config, discover suites, select modules, boot what the
// selected modules need (page classes compile and reporters load meanwhile: the boot is mostly
// waiting on the service), run them, report, and return the exit code
// (0 passed, 1 failed or nothing selected, 2 config/usage, 3 required service unavailable).

import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { ApiConfigLoader } from "../config/api-config-loader.js";
import type { ResolvedConfig } from "../config/types.js";
import type { DispatcherRegistry } from "../http/dispatchers.js";
import type { BootOptions, BootResult } from "../lifecycle/types.js";
import { checkReporterNames } from "../report/reporter-names.js";
import type { RunContext, RunResult, ServiceResult } from "../report/types.js";
import { formatPlanList } from "./list-plan.js";
import { createRunReporters } from "./make-reporters.js";
import { loadPages, planRun } from "./plan-run.js";
import { ReporterHub } from "./reporter-hub.js";
import { routeServices } from "./route-services.js";
import type { RunOptions } from "./run-options.js";
import { exitCodeOf, summarize } from "./run-summary.js";
import { describeSelection, validateSelection } from "./select-modules.js";

export type BootFn = (
  config: ResolvedConfig,
  services: string[],
  options: BootOptions,
) => Promise<BootResult>;

async function defaultBoot(
  config: ResolvedConfig,
  services: string[],
  options: BootOptions,
): Promise<BootResult> {
  const { bootServices } = await import("../lifecycle/index.js");
  return bootServices(config, services, options);
}

/** A boot that has begun: its outcome never rejects (no unhandled rejection while pages load). */
type Booting = Promise<{ result: BootResult } | { error: unknown }>;

function unavailableResults(config: ResolvedConfig, services: ServiceResult[]): ServiceResult[] {
  return services.map((s) => ({ ...s, baseUrl: s.baseUrl || (config.services[s.name]?.base_url ?? "") }));
}

export async function runE2e(options: RunOptions, boot: BootFn = defaultBoot): Promise<number> {
  const out = options.out ?? process.stdout;
  const config = ApiConfigLoader.load(options.configPath).getConfig();
  validateSelection(options.selection, Object.keys(config.services));
  // Discovery and selection only (no page yet): enough to know which services the run needs.
  const plan = await planRun(config, options.selection, { readTags: options.list, pages: false });

  if (options.list) {
    await loadPages(config, plan);
    out.write(plan.warnings.map((w) => `warning: ${w}\n`).join("") + formatPlanList(plan, options.verbose));
    return plan.selectedCount > 0 ? 0 : 1;
  }
  if (plan.selectedCount === 0) {
    for (const w of plan.warnings) out.write(`warning: ${w}\n`);
    const found = plan.services.reduce((n, s) => n + s.modules.length, 0);
    out.write(
      `No modules selected (${describeSelection(options.selection)}; ${found} module${found === 1 ? "" : "s"} found ` +
        `under ${resolve(config.rootDir, "services")}). A run that tests nothing is not a pass: exit 1.\n`,
    );
    return 1;
  }
  const reporterNames = checkReporterNames(options.reporters ?? config.reporting.format);

  const runId = randomUUID().slice(0, 8);
  const startedAt = new Date();
  const needed = plan.services.filter((s) => s.selectedCount > 0).map((s) => s.suite.name);
  // Services boot first; pages compile and reporters load while they start. Boot log lines
  // wait in `early` until the reporters exist.
  const early: string[] = [];
  let log = (line: string) => void early.push(line);
  let waiting!: () => void;
  const bootWaits = new Promise<void>((r) => {
    waiting = r;
  });
  const booting: Booting = boot(config, needed, {
    start: options.start,
    keep: options.keep,
    reuse: options.reuse,
    runId,
    log: (line) => log(line),
    onWaiting: () => waiting(),
    ...(options.signal ? { signal: options.signal } : {}),
  }).then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  let booted: BootResult | undefined;
  let dispatchers: DispatcherRegistry | undefined;
  let exitCode: number;
  let services: ServiceResult[];
  try {
    // Until the services are started the boot needs the CPU more than the pages do.
    await Promise.race([bootWaits, booting]);
    const ctx: RunContext = {
      runId,
      config,
      reportDir: options.reportDir
        ? resolve(options.reportDir)
        : resolve(config.rootDir, config.reporting.log_dir),
      plan: plan.services.map((s) => ({
        service: s.suite.name,
        modules: s.modules.filter((m) => !m.skipReason).map((m) => m.file.name),
      })),
    };
    // The HTTP client (undici) and the executor load here too, not before the boot.
    const [reporters, { executePlan }, { DispatcherRegistry, tlsOptionsFrom }] = await Promise.all([
      createRunReporters(reporterNames, ctx, { color: options.color, verbose: options.verbose, out }),
      import("./execute-plan.js"),
      import("../http/dispatchers.js"),
      loadPages(config, plan),
    ]);
    const hub = new ReporterHub(reporters);
    await hub.emit("onInit", ctx);
    for (const w of [...config.warnings, ...plan.warnings]) await hub.emit("onLog", `warning: ${w}`);
    for (const line of early.splice(0)) await hub.emit("onLog", line);
    log = (line) => void hub.emit("onLog", line);
    dispatchers = new DispatcherRegistry(tlsOptionsFrom(config.security, config.rootDir));

    const outcome = await booting;
    if ("error" in outcome) {
      const err = outcome.error;
      if ((err as { code?: string }).code !== "E2E_SERVICE_UNAVAILABLE") throw err;
      // A required service is missing: nothing runs; reports still say why.
      await hub.emit("onLog", (err as Error).message);
      const reason = "required and not healthy; the run is aborted";
      const unavailable = new Map(needed.map((n) => [n, reason]));
      services = await executePlan({
        config,
        plan,
        hub,
        dispatchers,
        routes: new Map(),
        unavailable,
        retries: 0,
        bail: false,
        workers: 1,
      });
      services = unavailableResults(config, services);
      exitCode = 3;
      return await finish(hub);
    }
    booted = outcome.result;
    const ready = booted;
    const routes = await routeServices(config, ready.ready, (line) => hub.emit("onLog", line));
    services = await executePlan({
      config,
      plan,
      hub,
      dispatchers,
      routes,
      unavailable: ready.skipped,
      retries: options.retries,
      bail: options.bail,
      workers: options.workers,
      reset: (name) => ready.reset(name),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    exitCode = -1;
    return await finish(hub);
  } finally {
    // Also when loading pages or reporters failed: whatever the boot started is stopped.
    const outcome = booted ? undefined : await booting;
    await (booted ?? (outcome && "result" in outcome ? outcome.result : undefined))?.stop();
    await dispatchers?.close();
  }

  async function finish(hub: ReporterHub): Promise<number> {
    const finishedAt = new Date();
    const summary = summarize(services, finishedAt.getTime() - startedAt.getTime());
    const result: RunResult = {
      runId,
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      configPath: config.configPath,
      environment: config.general.environment,
      project: { name: config.general.project.name, version: config.general.project.version },
      services,
      summary,
      exitCode: exitCode === -1 ? exitCodeOf(summary) : exitCode,
    };
    await hub.emit("onRunEnd", result);
    // A green run whose report could not be written must not look green to CI.
    return hub.failed && result.exitCode === 0 ? 1 : result.exitCode;
  }
}
