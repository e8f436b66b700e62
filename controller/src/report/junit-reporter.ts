// Writes <reportDir>/junit.xml at the end of the run: one <testsuite> per service, one <testcase> per
// module. Failed → <failure>, errored → <error>, skipped → <skipped>, flaky → a passing testcase with
// <flakyFailure> (the Maven Surefire convention that Jenkins and most CI readers understand).

import { hostname } from "node:os";
import type { FailureDetails } from "../runner/run-result.js";
import { FileReporter } from "./file-reporter.js";
import { formatTimeline } from "./format-timeline.js";
import type { ReportDocument, ReportModule, ReportService } from "./report-document.js";
import { XmlWriter } from "./xml-writer.js";

export const JUNIT_REPORT_FILE = "junit.xml";

export class JunitReporter extends FileReporter {
  protected readonly fileName = JUNIT_REPORT_FILE;
  private readonly serviceStartedAt = new Map<string, string>();

  onServiceStart(service: string): void {
    this.serviceStartedAt.set(service, new Date().toISOString());
  }

  protected render(document: ReportDocument): string {
    const xml = new XmlWriter().start("testsuites", {
      name: `${document.run.project.name} e2e run ${document.run.id}`,
      tests: document.summary.total,
      failures: document.summary.failed,
      errors: document.summary.errors,
      time: seconds(document.run.durationMs),
    });
    const host = hostname();
    document.services.forEach((service, id) => {
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
      errors: service.summary.errors,
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
    switch (module.status) {
      case "failed":
        xml.element("failure", problemAttributes(failure, "AssertionError"), problemText(module, failure));
        break;
      case "error":
        xml.element("error", problemAttributes(failure, "Error"), problemText(module, failure));
        break;
      case "skipped":
        xml.element("skipped", { message: module.skipReason ?? "skipped" });
        break;
      case "flaky":
        xml.element(
          "flakyFailure",
          {
            message: failure
              ? oneLine(failure.message)
              : `passed on attempt ${module.attempts} after failing`,
            type: failure?.name ?? "AssertionError",
          },
          failure
            ? problemText(module, failure)
            : `${module.file}: failed ${module.attempts - 1} time(s), then passed`,
        );
        break;
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
function problemText(module: ReportModule, failure: FailureDetails | undefined): string {
  if (!failure) return module.file;
  const lines = [failure.message];
  if ("expected" in failure) lines.push(`expected: ${show(failure.expected)}`);
  if ("actual" in failure) lines.push(`actual: ${show(failure.actual)}`);
  lines.push(`at ${failure.location ?? module.file}`);
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
