// Writes <reportDir>/junit.xml at the end of the run: one <testsuite> per service, one <testcase> per
// module. Failed → <failure>, errored → <error>, skipped → <skipped>, flaky → a passing testcase with
// <flakyFailure> (the Maven Surefire convention that Jenkins and most CI readers understand).

import { hostname } from "node:os";
import { type FailureDetails, summarize } from "../runner/index.js";
import { FileReporter } from "./file-reporter.js";
import { formatTimeline } from "./format-timeline.js";
import type { ReportDocument, ReportExchange, ReportModule, ReportService } from "./report-document.js";
import { XmlWriter } from "./xml-writer.js";

const JUNIT_REPORT_FILE = "junit.xml";

export class JunitReporter extends FileReporter {
  protected readonly fileName = JUNIT_REPORT_FILE;
  private readonly serviceStartedAt = new Map<string, string>();

  onServiceStart(service: string): void {
    this.serviceStartedAt.set(service, new Date().toISOString());
  }

  protected render(document: ReportDocument): string {
    // Modules filtered out (--service, --tag, --shard, ...) were never meant to run: they are counted
    // in the JSON report, but JUnit does not list them as skipped tests (CI would flag every one).
    const services = document.services
      .map((s) => {
        const modules = s.modules.filter((m) => !isFilteredOut(m));
        return { ...s, modules, summary: summarize(modules, s.summary.durationMs) };
      })
      .filter((s) => s.modules.length > 0);
    const all = summarize(
      services.flatMap((s) => s.modules),
      document.run.durationMs,
    );
    const xml = new XmlWriter().start("testsuites", {
      name: `${document.run.project.name} e2e run ${document.run.id}`,
      tests: all.total,
      failures: all.failed,
      errors: all.errors + (all.interrupted ?? 0),
      time: seconds(document.run.durationMs),
    });
    const host = hostname();
    services.forEach((service, id) => {
      const timestamp = junitTimestamp(this.serviceStartedAt.get(service.name) ?? document.run.startedAt);
      this.addSuite(xml, service, {
        id,
        host,
        timestamp,
        runId: document.run.id,
        env: document.run.environment,
      });
    });
    return xml.toString();
  }

  private addSuite(
    xml: XmlWriter,
    service: ReportService,
    meta: { id: number; host: string; timestamp: string; runId: string; env: string },
  ): void {
    xml.start("testsuite", {
      name: service.name,
      tests: service.summary.total,
      failures: service.summary.failed,
      errors: service.summary.errors + (service.summary.interrupted ?? 0),
      skipped: service.summary.skipped,
      time: seconds(service.summary.durationMs),
      timestamp: meta.timestamp,
      hostname: meta.host,
      id: meta.id,
      package: service.name,
    });
    xml
      .start("properties")
      .element("property", { name: "baseUrl", value: service.baseUrl })
      .element("property", { name: "environment", value: meta.env })
      .element("property", { name: "runId", value: meta.runId })
      .close();
    for (const module of service.modules) this.addCase(xml, module);
    xml.element("system-out").element("system-err").close();
  }

  private addCase(xml: XmlWriter, module: ReportModule): void {
    const attributes = { classname: module.service, name: module.name, time: seconds(module.durationMs) };
    const timeline =
      this.options.includePayloads && module.requests.length ? formatTimeline(module.requests) : undefined;
    if (module.status === "passed" && timeline === undefined) {
      xml.element("testcase", attributes);
      return;
    }
    xml.start("testcase", attributes);
    const failure = module.failure;
    // Retries follow the Maven Surefire convention: a flaky test's failed runs are <flakyFailure>
    // (or <flakyError>); a test that never passed has its first run as <failure>/<error> and each
    // rerun as <rerunFailure>/<rerunError>. Every attempt keeps its message, location and last request.
    const attempts = module.attempts;
    switch (module.status) {
      case "failed":
      case "error": {
        const first = attempts.length > 1 ? attempts[0]! : undefined;
        const firstFailure = first?.failure ?? failure;
        const kind = (first?.status ?? module.status) === "failed" ? "failure" : "error";
        xml.element(
          kind,
          problemAttributes(firstFailure, kind === "failure" ? "AssertionError" : "Error"),
          problemText(module, firstFailure, first ? first.lastExchange : module.requests.at(-1)),
        );
        for (const rerun of attempts.slice(1)) {
          const tag = rerun.status === "failed" ? "rerunFailure" : "rerunError";
          xml.element(
            tag,
            problemAttributes(rerun.failure, "Error"),
            problemText(module, rerun.failure, rerun.lastExchange),
          );
        }
        break;
      }
      case "skipped":
        xml.element("skipped", { message: module.skipReason ?? "skipped" });
        break;
      case "interrupted":
        xml.element(
          "error",
          { message: "interrupted while running (Ctrl-C)", type: "Interrupted" },
          module.file,
        );
        break;
      case "flaky": {
        const failedRuns = attempts.filter((a) => a.status !== "passed");
        for (const run of failedRuns) {
          xml.element(
            run.status === "failed" ? "flakyFailure" : "flakyError",
            problemAttributes(run.failure, "AssertionError"),
            problemText(module, run.failure, run.lastExchange),
          );
        }
        if (!failedRuns.length) {
          xml.element(
            "flakyFailure",
            { message: `passed on attempt ${attempts.length} after failing`, type: "AssertionError" },
            module.file,
          );
        }
        break;
      }
    }
    if (timeline !== undefined) xml.element("system-out", {}, timeline);
    xml.close();
  }
}

function problemAttributes(
  failure: FailureDetails | undefined,
  fallbackType: string,
): Record<string, string> {
  return {
    message: failure ? oneLine(failure.message) : "no failure details recorded",
    type: failure?.name ?? fallbackType,
  };
}

/** Body of <failure>/<error>: the message, expected vs actual, where, then the stack. */
function problemText(
  module: ReportModule,
  failure: FailureDetails | undefined,
  last?: ReportExchange,
): string {
  if (!failure) return module.file;
  const lines = [failure.message];
  if ("expected" in failure) lines.push(`expected: ${show(failure.expected)}`);
  if ("actual" in failure) lines.push(`actual: ${show(failure.actual)}`);
  lines.push(`at ${failure.location ?? module.file}`);
  if (last)
    lines.push(`last request: ${last.method} ${last.url} → ${last.status ?? last.error ?? "no response"}`);
  if (failure.stack) lines.push("", failure.stack);
  return lines.join("\n");
}

/** The message attribute is one line (CI tools show it as the summary); the body keeps the rest. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 500 ? `${flat.slice(0, 497)}...` : flat;
}

function show(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
}

function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

/** JUnit's XSD wants a local date-time without zone or fraction: 2026-11-22T00:00:00. */
function junitTimestamp(iso: string): string {
  const match = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.exec(iso);
  if (match) return match[0];
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? new Date().toISOString().slice(0, 19)
    : date.toISOString().slice(0, 19);
}

/** Skipped because the selection left it out (not because a service was down or the run stopped). */
function isFilteredOut(m: ReportModule): boolean {
  return m.status === "skipped" && (m.skipReason ?? "").startsWith("filtered out");
}
