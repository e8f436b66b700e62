// `e2e merge-reports DIR|FILE... [--reporter ...] [--report-dir D] [-c e2e.conf]`: the JSON reports
// of the shards of one suite into the reports of one run (SPEC §3b). The config gives what the
// reporters need (redaction, payloads, log_dir), as for `e2e run`. A shard whose report is missing
// is named and the others are merged: its modules say they were not run, and the command exits 1
// (a merge that lost a shard must not look green).

import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { ApiConfigLoader, isReporterPath } from "../config/index.js";
import { EXIT_CODES, UsageError } from "../errors/index.js";
import { JSON_REPORT_FILE, mergeDocuments, type ReportDocument, runReporters } from "../report/index.js";
import { ReporterHub, type RunContext } from "../runner/index.js";
import { commandFailed, shown } from "./command-errors.js";
import { useColor } from "./use-color.js";

/** The report at `path` (a folder holding e2e-report.json, or the file); undefined when there is none. */
function readReport(path: string): { path: string; doc: ReportDocument } | { missing: string } {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, JSON_REPORT_FILE) : path;
  if (!existsSync(file)) return { missing: file };
  try {
    return { path: file, doc: JSON.parse(readFileSync(file, "utf8")) as ReportDocument };
  } catch (err) {
    throw new UsageError(`${shown(file)}: not a JSON report: ${(err as Error).message}`);
  }
}

export async function mergeReportsCommand(paths: string[], opts: Record<string, unknown>): Promise<number> {
  try {
    const config = ApiConfigLoader.load(opts.config ? String(opts.config) : undefined).getConfig();
    const read = paths.map((p) => readReport(resolve(p)));
    const docs = read.filter((r) => "doc" in r);
    const missing = read.flatMap((r) => ("missing" in r ? [r.missing] : []));
    for (const file of missing)
      process.stderr.write(
        `e2e merge-reports: no report at ${shown(file)}: that shard did not run or wrote no JSON report ` +
          "(add json to its --reporter); merging the others, its modules count as not run\n",
      );
    if (docs.length === 0) throw new UsageError(`none of the ${paths.length} report(s) exists`);
    const result = mergeDocuments(docs, missing.map(shown));
    const names = runReporters.check(
      ((opts.reporter as string[] | undefined) ?? config.reporting.format).map((n) =>
        opts.reporter && isReporterPath(n) ? resolve(n) : n,
      ),
      config.rootDir,
    );
    const ctx: RunContext = {
      runId: result.runId,
      config,
      reportDir: opts.reportDir
        ? resolve(String(opts.reportDir))
        : resolve(config.rootDir, config.reporting.log_dir),
      plan: result.services.map((s) => ({
        service: s.name,
        modules: s.modules.filter((m) => !m.skipReason?.startsWith("filtered out")).map((m) => m.module),
      })),
    };
    const { CompiledLoader } = await import("../runner/index.js");
    const loader = new CompiledLoader();
    const hub = new ReporterHub(
      await runReporters.create(names, ctx, { color: useColor(process.stdout), verbose: false }, (p) =>
        loader.importFile(p),
      ),
    );
    await hub.emit("onInit", ctx);
    for (const s of result.services) {
      await hub.emit("onServiceStart", s.name, s.baseUrl);
      for (const m of s.modules) await hub.emit("onModuleResult", m);
    }
    await hub.emit("onRunEnd", result);
    return hub.failed || (missing.length > 0 && result.exitCode === EXIT_CODES.ok)
      ? EXIT_CODES.failed
      : result.exitCode;
  } catch (err) {
    return commandFailed("merge-reports", err);
  }
}
