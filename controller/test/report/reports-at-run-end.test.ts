// File reports are built once, at the end of the run: module events seen during the run change
// nothing in them, and a result changed after its event is reported as it is at the end.

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HtmlReporter } from "../../src/report/html-reporter.js";
import { Redactor } from "../../src/report/index.js";
import { JsonReporter } from "../../src/report/json-reporter.js";
import { JunitReporter } from "../../src/report/junit-reporter.js";
import type { Reporter } from "../../src/runner/reporter.js";
import type { RunResult } from "../../src/runner/run-result.js";
import { mixedRun, SECRET_TOKEN } from "./helpers/fixtures.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "gantry-at-end-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const FILES = ["e2e-report.json", "junit.xml", "e2e-report.html"];
const idle = () => new Promise((done) => setImmediate(done));

async function write(sub: string, result: RunResult, duringRun: (reporters: Reporter[]) => Promise<void>) {
  // One redactor per run, as createReporters does: the report document is shared between reporters.
  const options = {
    reportDir: join(dir, sub),
    includePayloads: true,
    redactor: new Redactor({ secrets: [SECRET_TOKEN] }),
  };
  const reporters = [new JsonReporter(options), new JunitReporter(options), new HtmlReporter(options)];
  await duringRun(reporters);
  for (const r of reporters) await r.onRunEnd?.(result);
  // Same host, and no onServiceStart: junit.xml timestamps come from the run, so files match byte for byte.
  return Promise.all(FILES.map((f) => readFile(join(dir, sub, f), "utf8")));
}

describe("file reports built at the end of the run", () => {
  it("are the same files whether or not the reporters saw the module events", async () => {
    const atEnd = await write("at-end", mixedRun(), async () => {});
    const result = mixedRun();
    const withEvents = await write("with-events", result, async (reporters) => {
      for (const service of result.services) {
        for (const module of service.modules) for (const r of reporters) r.onModuleResult?.(module);
        await idle();
      }
      await idle();
    });
    expect(withEvents).toEqual(atEnd);
  });

  it("show a result as it is at the end, also when it changed after its event", async () => {
    const result = mixedRun();
    const module = result.services[0]!.modules[0]!;
    const files = await write("changed", result, async (reporters) => {
      for (const r of reporters) r.onModuleResult?.(module);
      await idle();
      module.status = "failed";
      module.failure = { name: "AssertionError", message: "changed after the event" };
    });
    const report = JSON.parse(files[0]!);
    expect(report.services[0].modules[0]).toMatchObject({
      status: "failed",
      failure: { message: "changed after the event" },
    });
    expect(files[2]).toContain("changed after the event");
  });
});
