// `e2e merge-reports`: the JSON reports of the shards of one suite (--shard i/n) back into one
// RunResult, so every reporter writes the reports of one run. A module counts from the shard that
// ran it; the modules other shards left out (`filtered out by --shard`) are dropped.

import { UsageError } from "../errors/index.js";
import type { RecordedExchange } from "../http/index.js";
import {
  exitCodeOf,
  type ModuleResult,
  type RunResult,
  type ServiceResult,
  summarize,
} from "../runner/index.js";
import {
  REPORT_SCHEMA_VERSION,
  type ReportDocument,
  type ReportExchange,
  type ReportModule,
} from "./report-document.js";

const SHARD_FILTER = /^filtered out by --shard /;

function exchange(x: ReportExchange): RecordedExchange {
  const { curl: _curl, ...rest } = x;
  return { ...rest, requestHeaders: x.requestHeaders ?? {} };
}

function moduleResult(m: ReportModule): ModuleResult {
  const out: ModuleResult = {
    service: m.service,
    module: m.name,
    file: m.file,
    tags: [...m.tags],
    status: m.status,
    durationMs: m.durationMs,
    attempts: m.attempts.length,
    requests: m.requests.map(exchange),
  };
  if (m.attempts.length) {
    out.attemptLog = m.attempts.map((a) => ({
      status: a.status,
      durationMs: a.durationMs,
      ...(a.failure ? { failure: a.failure } : {}),
      ...(a.lastExchange ? { lastExchange: exchange(a.lastExchange) } : {}),
    }));
  }
  if (m.failure) out.failure = m.failure;
  if (m.skipReason !== undefined) out.skipReason = m.skipReason;
  if (m.lastResponseStatus !== undefined) out.lastResponseStatus = m.lastResponseStatus;
  return out;
}

/**
 * Merges shard reports (any order) into one run; throws when they are not of one suite. `missing`:
 * the reports that could not be read; a module no report ran is then said to be not run for that.
 */
export function mergeDocuments(
  docs: { path: string; doc: ReportDocument }[],
  missing: string[] = [],
): RunResult {
  if (!docs.length) throw new UsageError("no e2e-report.json to merge");
  for (const { path, doc } of docs) {
    if (doc.schemaVersion !== REPORT_SCHEMA_VERSION) {
      throw new UsageError(`${path}: schemaVersion ${doc.schemaVersion}, expected ${REPORT_SCHEMA_VERSION}`);
    }
  }
  const first = docs[0]!.doc;
  const services: ServiceResult[] = first.services.map((s) => ({
    name: s.name,
    baseUrl: s.baseUrl,
    modules: [],
    uncalledEndpoints: [],
  }));
  for (const service of services) {
    const modules = first.services.find((s) => s.name === service.name)!.modules;
    for (const m of modules) {
      // The shard that ran it (or, when none did, the first report's entry: filtered out alike).
      const found = docs
        .map(({ doc }) =>
          doc.services.find((s) => s.name === service.name)?.modules.find((x) => x.name === m.name),
        )
        .find((x) => x && !SHARD_FILTER.test(x.skipReason ?? ""));
      const merged = moduleResult(found ?? m);
      if (!found && missing.length && SHARD_FILTER.test(merged.skipReason ?? ""))
        merged.skipReason = `not run: the report of its shard is missing (${missing.join(", ")})`;
      service.modules.push(merged);
    }
    // An endpoint is uncalled when no shard called it.
    const uncalled = docs.map(
      ({ doc }) =>
        new Set(
          doc.traceability.services.find((t) => t.service === service.name)?.uncalled.map((u) => u.name) ??
            [],
        ),
    );
    service.uncalledEndpoints = [...uncalled[0]!].filter((name) => uncalled.every((set) => set.has(name)));
  }
  const startedAt = docs.map(({ doc }) => doc.run.startedAt).sort()[0]!;
  const finishedAt = docs
    .map(({ doc }) => doc.run.finishedAt)
    .sort()
    .at(-1)!;
  const summary = summarize(
    services.flatMap((s) => s.modules),
    Date.parse(finishedAt) - Date.parse(startedAt),
  );
  const unavailable = docs.some(({ doc }) => doc.run.exitCode === 3);
  return {
    runId: docs.map(({ doc }) => doc.run.id).join("+"),
    startedAt,
    finishedAt,
    configPath: first.run.configPath,
    environment: first.run.environment,
    project: first.run.project,
    services,
    summary,
    exitCode: exitCodeOf(unavailable ? { kind: "services-unavailable" } : { kind: "ran", summary }),
  };
}
