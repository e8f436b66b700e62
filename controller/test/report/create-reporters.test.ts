import { describe, expect, it } from "vitest";
import {
  ConsoleReporter,
  createReporters,
  HtmlReporter,
  JsonReporter,
  JunitReporter,
  Redactor,
  RunLogReporter,
  UnknownReporterError,
} from "../../src/report/index.js";

const ctx = {
  color: false,
  verbose: false,
  reportDir: "/tmp/gantry-reports",
  includePayloads: false,
  redactor: new Redactor(),
  saveLogs: false,
  logDir: "./logs",
};

describe("createReporters", () => {
  it("builds one reporter per name from the name → class table, in the order given", () => {
    const reporters = createReporters(["junit", "console", "html", "json"], ctx);
    expect(reporters.map((r) => r.constructor)).toEqual([
      JunitReporter,
      ConsoleReporter,
      HtmlReporter,
      JsonReporter,
    ]);
  });

  it("ignores duplicates, case and blanks", () => {
    const reporters = createReporters(["json", " JSON ", "", "console"], ctx);
    expect(reporters.map((r) => r.constructor)).toEqual([JsonReporter, ConsoleReporter]);
  });

  it("adds the run log reporter only when save_logs is on", () => {
    expect(createReporters(["console"], ctx).some((r) => r instanceof RunLogReporter)).toBe(false);
    const withLog = createReporters(["console"], { ...ctx, saveLogs: true });
    expect(withLog.at(-1)).toBeInstanceOf(RunLogReporter);
  });

  it("refuses an unknown name with E2E_UNKNOWN_REPORTER and lists the valid ones", () => {
    let caught: unknown;
    try {
      createReporters(["console", "xml"], ctx);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UnknownReporterError);
    expect(caught).toMatchObject({ code: "E2E_UNKNOWN_REPORTER", reporter: "xml" });
    expect((caught as Error).message).toBe(
      'Unknown reporter "xml" (reporting.format / --reporter): use one of console, json, junit, html.',
    );
  });

  it("does not accept inherited object keys as reporter names", () => {
    expect(() => createReporters(["toString"], ctx)).toThrow(/Unknown reporter "tostring"/);
  });
});
