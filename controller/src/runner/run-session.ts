// `e2e run` as one session, in explicit phases and in the seed's order:
//   plan     load the config, discover suites, select modules, check the reporter names
//   boot     start what the selected modules need; it goes on while the next phase loads
//   load     reporters, page classes and the HTTP client, while the services start
//   execute  run the selected modules (or skip them all when a required service is missing)
//   finish   the run result and the reports
// The exit code is decided in one place, exitCodeOf (run-summary.ts), from how the run ended.

import { randomUUID } from "node:crypto";
import { isAbsolute, relative, resolve } from "node:path";
import { ApiConfigLoader, type ResolvedConfig } from "../config/index.js";
import { EXIT_CODES, exitCodeOfError } from "../errors/index.js";
import type { DispatcherRegistry } from "../http/index.js";
import type { BootOptions, BootResult } from "../lifecycle/index.js";
import { type BootFn, BootInProgress } from "./boot-in-progress.js";
import { CompiledLoader } from "./compiled-loader.js";
import { formatPlanList } from "./list-plan.js";
import { loadPages, planRun, type RunPlan } from "./plan-run.js";
import type { ReporterSource } from "./reporter.js";
import { ReporterHub } from "./reporter-hub.js";
import { routeServices } from "./route-services.js";
import type { RunOptions } from "./run-options.js";
import type { RunContext, RunResult, ServiceResult } from "./run-result.js";
import { exitCodeOf, type RunEnd, runEndLines, summarize } from "./run-summary.js";
import type { ScenarioLoader } from "./scenario-loader.js";
import { describeSelection, validateSelection } from "./select-modules.js";
import { workersNote } from "./workers-note.js";

export type { BootFn } from "./boot-in-progress.js";

/** What a run is made with, beside its options: the seams tests and embedders may replace. */
export interface RunDeps {
  /** The reporters (report/'s runReporters in the CLI). */
  reporters: ReporterSource;
  /** Boots the services (lifecycle/'s bootServices unless given). */
  boot?: BootFn;
  /** Imports pages, scenario modules and reporter modules (CompiledLoader unless given). */
  loader?: ScenarioLoader;
}

export function runE2e(options: RunOptions, deps: RunDeps): Promise<number> {
  return new RunSession(options, deps).run();
}

async function bootServices(
  config: ResolvedConfig,
  services: string[],
  options: BootOptions,
): Promise<BootResult> {
  const lifecycle = await import("../lifecycle/index.js");
  return lifecycle.bootServices(config, services, options);
}

/** Whether the console reporter is among the run's: it prints the summary and warnings itself. */
const hasConsole = (reporterNames: string[]) => reporterNames.includes("console");

/** A path relative to the working directory when it is below it, else absolute. */
function shownPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}

/** The boot of a run that needs no service. */
const nothingToBoot: BootFn = async () => ({
  ready: new Map(),
  skipped: new Map(),
  reset: async () => {},
  stop: async () => {},
});

/** What the plan phase hands on when something is to run. */
interface Planned {
  config: ResolvedConfig;
  plan: RunPlan;
  reporterNames: string[];
  /** Services with selected modules: what the boot must provide. */
  needed: string[];
  /** Warnings of the run itself (idle --workers), shown with the config's. */
  notes: string[];
}

/** What the load phase hands on. */
interface Loaded {
  hub: ReporterHub;
  dispatchers: DispatcherRegistry;
  executePlan: typeof import("./execute-plan.js").executePlan;
}

class RunSession {
  private readonly out: NodeJS.WritableStream;
  private readonly loader: ScenarioLoader;
  private readonly runId = randomUUID().slice(0, 8);
  /** When the boot began: the run's duration counts from there. */
  private startedAt = new Date();

  constructor(
    private readonly options: RunOptions,
    private readonly deps: RunDeps,
  ) {
    this.out = options.out ?? process.stdout;
    this.loader = deps.loader ?? new CompiledLoader();
  }

  async run(): Promise<number> {
    const planned = await this.plan();
    if ("kind" in planned) return exitCodeOf(planned);
    const booting = this.boot(planned);
    let loaded: Loaded | undefined;
    try {
      loaded = await this.load(planned, booting);
      const services = await this.execute(planned, booting, loaded);
      return await this.finish(planned, loaded.hub, services);
    } finally {
      // Also when loading pages or reporters failed: whatever the boot started is stopped.
      await booting.stop();
      // An interrupted run does not wait for the requests its interrupted modules left in flight.
      if (this.options.signal?.aborted) await loaded?.dispatchers.destroy();
      else await loaded?.dispatchers.close();
    }
  }

  /** Config, discovery, selection and reporter names: everything that can fail before a boot. */
  private async plan(): Promise<Planned | RunEnd> {
    const { options, out } = this;
    const config = ApiConfigLoader.load(options.configPath).getConfig();
    validateSelection(options.selection, Object.keys(config.services));
    // Discovery and selection only (no page yet): enough to know which services the run needs.
    const plan = await planRun(config, options.selection, {
      readTags: options.list,
      pages: false,
      loader: this.loader,
    });
    if (options.list) {
      // Nothing is loaded for a listing (tags are read from the source): no page, no TypeScript loader.
      out.write(plan.warnings.map((w) => `warning: ${w}\n`).join("") + formatPlanList(plan, options.verbose));
      return { kind: "listed", selected: plan.selectedCount };
    }
    const shard = options.selection.shard;
    if (plan.selectedCount === 0 && shard && plan.selectedBeforeShard > 0) {
      // Fewer units than shards: this one has none. Its run is green and its reports say so, for
      // merge-reports to read beside the others.
      const n = plan.selectedBeforeShard;
      out.write(
        `Shard ${shard.index}/${shard.total} is empty: the ${n} selected module${n === 1 ? "" : "s"} ` +
          `went to the other shards. Nothing runs here (exit 0); the reports are written.\n`,
      );
    } else if (plan.selectedCount === 0) {
      for (const w of plan.warnings) out.write(`warning: ${w}\n`);
      const found = plan.services.reduce((n, s) => n + s.modules.length, 0);
      out.write(
        `No modules selected (${describeSelection(options.selection)}; ${found} module${found === 1 ? "" : "s"} found ` +
          `under ${resolve(config.rootDir, "services")}). A run that tests nothing is not a pass: exit 1.\n`,
      );
      return { kind: "nothing-selected" };
    }
    const reporterNames = this.deps.reporters.check(
      options.reporters ?? config.reporting.format,
      config.rootDir,
    );
    const needed = plan.services.filter((s) => s.selectedCount > 0).map((s) => s.suite.name);
    const idle = workersNote(config, plan, options.workers);
    return { config, plan, reporterNames, needed, notes: idle ? [idle] : [] };
  }

  private boot({ config, needed }: Planned): BootInProgress {
    const { options } = this;
    this.startedAt = new Date();
    // Nothing to boot (an empty shard): no engine ping, no sweep.
    const boot = needed.length === 0 ? nothingToBoot : (this.deps.boot ?? bootServices);
    return new BootInProgress(boot, config, needed, {
      start: options.start,
      keep: options.keep,
      reuse: options.reuse,
      runId: this.runId,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }

  /** Reporters, pages, the HTTP client and the executor, loaded while the services start. */
  private async load(
    { config, plan, reporterNames, notes }: Planned,
    booting: BootInProgress,
  ): Promise<Loaded> {
    const { options } = this;
    // Until the services are started the boot needs the CPU more than the pages do.
    await booting.waiting;
    const ctx: RunContext = {
      runId: this.runId,
      config,
      reportDir: options.reportDir
        ? resolve(options.reportDir)
        : resolve(config.rootDir, config.reporting.log_dir),
      plan: plan.services.map((s) => ({
        service: s.suite.name,
        modules: s.modules.filter((m) => !m.skipReason).map((m) => m.file.name),
      })),
    };
    const console = { color: options.color, verbose: options.verbose, out: this.out };
    // The HTTP client (undici) and the executor load here too, not before the boot.
    const [reporters, { executePlan }, { DispatcherRegistry, tlsOptionsFrom }] = await Promise.all([
      this.deps.reporters.create(reporterNames, ctx, console, (path) => this.loader.importFile(path)),
      import("./execute-plan.js"),
      import("../http/index.js"),
      loadPages(config, plan, this.loader),
    ]);
    const hub = new ReporterHub(reporters);
    await hub.emit("onInit", ctx);
    for (const w of [...config.warnings, ...plan.warnings, ...notes])
      await this.tell(hub, reporterNames, `warning: ${w}`);
    booting.logTo((line) => void hub.emit("onLog", line));
    const dispatchers = new DispatcherRegistry(tlsOptionsFrom(config.security, config.rootDir));
    return { hub, dispatchers, executePlan };
  }

  /** Runs the modules on what booted; when a required service is missing, every module is skipped. */
  private async execute(
    { config, plan, needed, reporterNames }: Planned,
    booting: BootInProgress,
    { hub, dispatchers, executePlan }: Loaded,
  ): Promise<{ services: ServiceResult[]; unavailable: boolean }> {
    const { options } = this;
    const outcome = await booting.outcome;
    const shared = { config, plan, hub, dispatchers, loader: this.loader };
    if ("result" in outcome) {
      const booted = outcome.result;
      const routes = await routeServices(config, booted.ready, (line) => hub.emit("onLog", line));
      const services = await executePlan({
        ...shared,
        routes,
        unavailable: booted.skipped,
        retries: options.retries,
        bail: options.bail,
        workers: options.workers,
        reset: (name) => booted.reset(name),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return { services, unavailable: false };
    }
    const err = outcome.error;
    if (exitCodeOfError(err) !== EXIT_CODES.serviceStart) throw err;
    // A required service is missing: nothing runs; reports still say why, and so does the terminal.
    await this.tell(hub, reporterNames, (err as Error).message);
    // The reason names the real cause: the service that failed, and for the others which one did.
    const down = (err as { service?: unknown }).service;
    const reasonFor = (name: string) =>
      typeof down !== "string" || down === name
        ? "required and not healthy; the run is aborted"
        : `not run: required service ${down} is not healthy; the run is aborted`;
    const skipped = await executePlan({
      ...shared,
      routes: new Map(),
      unavailable: new Map(needed.map((n) => [n, reasonFor(n)])),
      retries: 0,
      bail: false,
      workers: 1,
    });
    const services = skipped.map((s) => ({
      ...s,
      baseUrl: s.baseUrl || (config.services[s.name]?.base_url ?? ""),
    }));
    return { services, unavailable: true };
  }

  /**
   * A line every reporter gets, and the terminal too when no console reporter prints it (a run
   * with `-r json` must still say why it failed).
   */
  private async tell(hub: ReporterHub, reporterNames: string[], line: string): Promise<void> {
    if (!hasConsole(reporterNames)) this.out.write(`${line}\n`);
    await hub.emit("onLog", line);
  }

  /** The run result, to every reporter; then the exit code, which a failed report can turn to 1. */
  private async finish(
    { config, reporterNames }: Planned,
    hub: ReporterHub,
    { services, unavailable }: { services: ServiceResult[]; unavailable: boolean },
  ): Promise<number> {
    const finishedAt = new Date();
    const summary = summarize(
      services.flatMap((s) => s.modules),
      finishedAt.getTime() - this.startedAt.getTime(),
    );
    const end: RunEnd = this.options.signal?.aborted
      ? { kind: "interrupted" }
      : unavailable
        ? { kind: "services-unavailable" }
        : { kind: "ran", summary };
    const result: RunResult = {
      runId: this.runId,
      startedAt: this.startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      configPath: config.configPath,
      environment: config.general.environment,
      project: { name: config.general.project.name, version: config.general.project.version },
      services,
      summary,
      exitCode: exitCodeOf(end),
    };
    await hub.emit("onRunEnd", result);
    const exitCode = exitCodeOf(end, hub.failed);
    const written = hub.reportFiles().map(shownPath);
    for (const line of runEndLines({ summary, exitCode }, { console: hasConsole(reporterNames), written }))
      this.out.write(`${line}\n`);
    return exitCode;
  }
}
