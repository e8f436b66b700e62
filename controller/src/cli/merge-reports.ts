// `e2e merge-reports DIR|FILE... [--reporter ...] [--report-dir D] [-c e2e.conf]`: the JSON reports
// of the shards of one suite into the reports of one run (SPEC §3b). The config gives what the
// reporters need (redaction, payloads, log_dir), as for `e2e run`.

import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { ApiConfigLoader, isReporterPath } from "../config/index.js";
import { JSON_REPORT_FILE, mergeDocuments, type ReportDocument, runReporters } from "../report/index.js";
import { ReporterHub, type RunContext, UsageError } from "../runner/index.js";
import { exitCodeOf } from "./command-errors.js";
import { useColor } from "./use-color.js";

function readReport(path: string): { path: string; doc: ReportDocument } {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, JSON_REPORT_FILE) : path;
  if (!existsSync(file)) throw new UsageError(`merge-reports: no such report: ${file}`);
  try {
    return { path: file, doc: JSON.parse(readFileSync(file, "utf8")) as ReportDocument };
  } catch (err) {
    throw new UsageError(`merge-reports: ${file}: not a JSON report: ${(err as Error).message}`);
  }
}

export async function mergeReportsCommand(paths: string[], opts: Record<string, unknown>): Promise<number> {
  try {
    const config = ApiConfigLoader.load(opts.config ? String(opts.config) : undefined).getConfig();
    const docs = paths.map((p) => readReport(resolve(p)));
    const result = mergeDocuments(docs);
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
    return hub.failed ? 1 : result.exitCode;
  } catch (err) {
    return exitCodeOf("merge-reports", err);
  }
}
