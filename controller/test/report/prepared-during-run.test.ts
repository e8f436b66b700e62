// File reporters prepare modules while the run goes on; the files must be exactly what building
// everything at the end gives, also when a result changed after it was reported.

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HtmlReporter, JsonReporter, JunitReporter, Redactor } from "../../src/report/index.js";
import type { Reporter, RunResult } from "../../src/report/types.js";
import { mixedRun, SECRET_TOKEN } from "./helpers/fixtures.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "gantry-prepared-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const FILES = ["e2e-report.json", "junit.xml", "e2e-report.html"];
const idle = () => new Promise((done) => setImmediate(done));

async function write(sub: string, result: RunResult, duringRun: (reporters: Reporter[]) => Promise<void>) {
  // One redactor per run, as createReporters does: the prepared modules are shared between reporters.
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

describe("modules prepared during the run", () => {
  it("give the same files as building everything at the end", async () => {
    const atEnd = await write("at-end", mixedRun(), async () => {});
    const result = mixedRun();
    const prepared = await write("prepared", result, async (reporters) => {
      for (const service of result.services) {
        for (const module of service.modules) for (const r of reporters) r.onModuleResult?.(module);
        await idle();
      }
      await idle();
    });
    expect(prepared).toEqual(atEnd);
  });

  it("are rebuilt when a result changed after it was reported", async () => {
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
