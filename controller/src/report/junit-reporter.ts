// Writes <reportDir>/junit.xml at the end of the run: one <testsuite> per service, one <testcase> per
// module. Failed → <failure>, errored → <error>, skipped → <skipped>, flaky → a passing testcase with
// <flakyFailure> (the Maven Surefire convention that Jenkins and most CI readers understand).

import { hostname } from "node:os";
import { create } from "xmlbuilder2";
import { FileReporter } from "./file-reporter.js";
import { formatTimeline } from "./format-timeline.js";
import { prepareLater } from "./prepare-later.js";
import {
  type ReportDocument,
  type ReportModule,
  type ReportService,
  reportModuleOf,
} from "./report-document.js";
import type { FailureDetails, ModuleResult } from "./types.js";

export const JUNIT_REPORT_FILE = "junit.xml";

type XMLBuilder = ReturnType<typeof create>;

export class JunitReporter extends FileReporter {
  protected readonly fileName = JUNIT_REPORT_FILE;
  private readonly serviceStartedAt = new Map<string, string>();

  onServiceStart(service: string): void {
    this.serviceStartedAt.set(service, new Date().toISOString());
  }

  onModuleResult(result: ModuleResult): void {
    if (!this.options.includePayloads) return;
    prepareLater(() => formatTimeline(reportModuleOf(result, this.options).requests));
  }

  protected render(document: ReportDocument): string {
    const root = ele(create({ version: "1.0", encoding: "UTF-8" }), "testsuites", {
      name: `${document.run.project.name} e2e run ${document.run.id}`,
      tests: document.summary.total,
      failures: document.summary.failed,
      errors: document.summary.errors,
      time: seconds(document.run.durationMs),
    });
    const host = hostname();
    document.services.forEach((service, id) => {
      const timestamp = junitTimestamp(this.serviceStartedAt.get(service.name) ?? document.run.startedAt);
      this.addSuite(root, service, {
        id,
        host,
        timestamp,
        runId: document.run.id,
        env: document.run.environment,
      });
    });
    const xml = root.end({ prettyPrint: true });
    return `${xml}\n`;
  }

  private addSuite(
    root: XMLBuilder,
    service: ReportService,
    meta: { id: number; host: string; timestamp: string; runId: string; env: string },
  ): void {
    const suite = ele(root, "testsuite", {
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
    const properties = ele(suite, "properties");
    ele(properties, "property", { name: "baseUrl", value: service.baseUrl });
    ele(properties, "property", { name: "environment", value: meta.env });
    ele(properties, "property", { name: "runId", value: meta.runId });
    for (const module of service.modules) this.addCase(suite, module);
    ele(suite, "system-out");
    ele(suite, "system-err");
  }

  private addCase(suite: XMLBuilder, module: ReportModule): void {
    const testcase = ele(suite, "testcase", {
      classname: module.service,
      name: module.name,
      time: seconds(module.durationMs),
    });
    const failure = module.failure;
    switch (module.status) {
      case "failed":
        ele(testcase, "failure", problemAttributes(failure, "AssertionError"), problemText(module, failure));
        break;
      case "error":
        ele(testcase, "error", problemAttributes(failure, "Error"), problemText(module, failure));
        break;
      case "skipped":
        ele(testcase, "skipped", { message: module.skipReason ?? "skipped" });
        break;
      case "flaky":
        ele(
          testcase,
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
    if (this.options.includePayloads && module.requests.length) {
      ele(testcase, "system-out", {}, formatTimeline(module.requests));
    }
  }
}

/** XML 1.0 cannot carry most control characters or lone surrogates; a response body may hold them. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Cheap pre-check (no unicode mode): most text has no control character and no surrogate at all. */
const MAYBE_NOT_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;

function xmlSafe(text: string): string {
  return MAYBE_NOT_XML.test(text) ? text.replace(NOT_XML_CHAR, "\uFFFD") : text;
}

/** One element with every attribute value and the text made XML-safe (escaping is xmlbuilder2's). */
function ele(
  parent: XMLBuilder,
  name: string,
  attributes: Record<string, string | number> = {},
  text?: string,
) {
  const safe: Record<string, string> = {};
  for (const [key, value] of Object.entries(attributes)) safe[key] = xmlSafe(String(value));
  const node = parent.ele(name, safe);
  if (text !== undefined) node.txt(xmlSafe(text));
  return node;
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
