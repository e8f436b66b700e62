import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPORT_FORMATS } from "../../src/config/index.js";
import { ConsoleReporter } from "../../src/report/console-reporter.js";
import { HtmlReporter } from "../../src/report/html-reporter.js";
import {
  createReporters,
  Redactor,
  ReporterModuleError,
  runReporters,
  UnknownReporterError,
} from "../../src/report/index.js";
import { JsonReporter } from "../../src/report/json-reporter.js";
import { JunitReporter } from "../../src/report/junit-reporter.js";
import { RunLogReporter } from "../../src/report/run-log-reporter.js";

const dir = mkdtempSync(join(tmpdir(), "gantry-reporters-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ctx = {
  color: false,
  verbose: false,
  reportDir: join(dir, "reports"),
  includePayloads: false,
  redactor: new Redactor(),
  saveLogs: false,
  logDir: "./logs",
  rootDir: dir,
};

function reporterModule(name: string, source: string): string {
  writeFileSync(join(dir, name), source);
  return `./${name}`;
}

describe("createReporters", () => {
  it("builds one reporter per name from the reporter table, in the order given", async () => {
    const reporters = await createReporters(["junit", "console", "html", "json"], ctx);
    expect(reporters.map((r) => r.constructor)).toEqual([
      JunitReporter,
      ConsoleReporter,
      HtmlReporter,
      JsonReporter,
    ]);
  });

  it("names exactly the table's reporters as formats", () => {
    expect(REPORT_FORMATS).toEqual(["console", "json", "junit", "html"]);
  });

  it("ignores duplicates, case and blanks", async () => {
    const reporters = await createReporters(["json", " JSON ", "", "console"], ctx);
    expect(reporters.map((r) => r.constructor)).toEqual([JsonReporter, ConsoleReporter]);
  });

  it("adds the run log reporter only when save_logs is on", async () => {
    expect((await createReporters(["console"], ctx)).some((r) => r instanceof RunLogReporter)).toBe(false);
    const withLog = await createReporters(["console"], { ...ctx, saveLogs: true });
    expect(withLog.at(-1)).toBeInstanceOf(RunLogReporter);
  });

  it("refuses an unknown name with E2E_UNKNOWN_REPORTER and lists the valid ones", async () => {
    const refused = createReporters(["console", "xml"], ctx);
    await expect(refused).rejects.toBeInstanceOf(UnknownReporterError);
    await expect(refused).rejects.toMatchObject({ code: "E2E_UNKNOWN_REPORTER", reporter: "xml" });
    await expect(refused).rejects.toThrow(
      'Unknown reporter "xml" (reporting.format / --reporter): use one of console, json, junit, html.',
    );
  });

  it("does not accept inherited object keys as reporter names", async () => {
    await expect(createReporters(["toString"], ctx)).rejects.toThrow(/Unknown reporter "tostring"/);
  });
});

describe("reporters named by path", () => {
  it("loads a module whose default export is a Reporter class, built with the reporter context", async () => {
    const name = reporterModule(
      "class-reporter.mjs",
      "export default class Lines { constructor(ctx) { this.dir = ctx.reportDir; } onLog(line) { return line; } }\n",
    );
    const [reporter] = await createReporters([name], ctx);
    expect(reporter!.constructor.name).toBe("Lines");
    expect((reporter as { dir?: string }).dir).toBe(ctx.reportDir);
  });

  it("loads a module whose default export is a factory or a plain Reporter object", async () => {
    const factory = reporterModule(
      "factory-reporter.mjs",
      "export default (ctx) => ({ onRunEnd() { return ctx.color; } });\n",
    );
    const object = reporterModule("object-reporter.mjs", "export default { onInit() {} };\n");
    const reporters = await createReporters([factory, "json", object], ctx);
    expect(reporters).toHaveLength(3);
    expect(typeof reporters[0]!.onRunEnd).toBe("function");
    expect(reporters[1]).toBeInstanceOf(JsonReporter);
    expect(typeof reporters[2]!.onInit).toBe("function");
  });

  it("refuses a module whose default export has no reporter hook, naming it and the hooks", async () => {
    const name = reporterModule("not-a-reporter.mjs", "export default 42;\n");
    const refused = createReporters([name], ctx);
    await expect(refused).rejects.toBeInstanceOf(ReporterModuleError);
    await expect(refused).rejects.toThrow(/"\.\/not-a-reporter\.mjs".*onInit, onServiceStart/);
  });

  it("is checked before a run boots: a missing file is refused with E2E_REPORTER_MODULE", () => {
    expect(() => runReporters.check(["console", "./nowhere.ts"], dir)).toThrow(
      expect.objectContaining({
        code: "E2E_REPORTER_MODULE",
        message: expect.stringContaining(join(dir, "nowhere.ts")),
      }),
    );
    expect(runReporters.check(["Console", "./class-reporter.mjs"], dir)).toEqual([
      "console",
      "./class-reporter.mjs",
    ]);
  });
});
