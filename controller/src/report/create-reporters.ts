// Reporter names → reporter instances, in the order given: built-in names through the reporter
// table, paths through the importer the run uses (so a reporter of the user's may be TypeScript),
// then the failure snapshots and the run log when the config asks for them.

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Reporter, ReporterSource } from "../runner/index.js";
import { ReporterModuleError } from "./errors.js";
import { type ReporterContext, reporterContextFor } from "./reporter-context.js";
import { checkReporterNames, isReportFormat, REPORTERS } from "./reporter-table.js";

export type ImportModule = (path: string) => Promise<Record<string, unknown>>;

const plainImport: ImportModule = async (path) =>
  (await import(pathToFileURL(path).href)) as Record<string, unknown>;

/** @throws UnknownReporterError naming the valid names */
export async function createReporters(
  names: string[],
  ctx: ReporterContext,
  importModule: ImportModule = plainImport,
): Promise<Reporter[]> {
  const reporters = await Promise.all(
    checkReporterNames(names).map(async (name) =>
      isReportFormat(name) ? (await REPORTERS[name]())(ctx) : userReporter(name, ctx, importModule),
    ),
  );
  if (ctx.failureSnapshots) {
    const { FailureSnapshotReporter } = await import("./failure-snapshot-reporter.js");
    reporters.push(new FailureSnapshotReporter({ reportDir: ctx.reportDir, redactor: ctx.redactor }));
  }
  if (ctx.saveLogs) {
    const { RunLogReporter } = await import("./run-log-reporter.js");
    reporters.push(new RunLogReporter({ logDir: ctx.logDir, redactor: ctx.redactor }));
  }
  return reporters;
}

function modulePath(name: string, rootDir = process.cwd()): string {
  return resolve(rootDir, name);
}

const HOOKS = ["onInit", "onServiceStart", "onModuleStart", "onModuleResult", "onLog", "onRunEnd"];

/** The default export of a reporter module: a Reporter class, a factory (ctx) => Reporter, or a Reporter. */
async function userReporter(
  name: string,
  ctx: ReporterContext,
  importModule: ImportModule,
): Promise<Reporter> {
  const path = modulePath(name, ctx.rootDir);
  let exported: unknown;
  try {
    exported = (await importModule(path)).default;
  } catch (err) {
    throw new ReporterModuleError(name, `cannot be loaded: ${(err as Error).message}`, err);
  }
  const made =
    typeof exported === "function"
      ? /^class\b/.test(Function.prototype.toString.call(exported))
        ? new (exported as new (c: ReporterContext) => unknown)(ctx)
        : (exported as (c: ReporterContext) => unknown)(ctx)
      : exported;
  const reporter = made as Record<string, unknown> | null;
  if (!reporter || typeof reporter !== "object" || !HOOKS.some((h) => typeof reporter[h] === "function")) {
    throw new ReporterModuleError(
      name,
      `the default export must be a Reporter class, a function (ctx) => Reporter or a Reporter object, with at least one of ${HOOKS.join(", ")}`,
    );
  }
  return reporter as Reporter;
}

/** The reporters of a run, as the runner asks for them (the CLI hands this to runE2e). */
export const runReporters: ReporterSource = {
  check(names, rootDir) {
    const checked = checkReporterNames(names);
    for (const name of checked) {
      if (!isReportFormat(name) && !existsSync(modulePath(name, rootDir))) {
        throw new ReporterModuleError(name, `no such file: ${modulePath(name, rootDir)}`);
      }
    }
    return checked;
  },
  create: (names, run, console, importModule) =>
    createReporters(names, reporterContextFor(run, console), importModule),
};
