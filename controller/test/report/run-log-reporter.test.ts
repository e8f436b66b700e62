import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createReporters, Redactor, RunLogError } from "../../src/report/index.js";
import { RunLogReporter } from "../../src/report/run-log-reporter.js";
import type { RunContext } from "../../src/runner/run-result.js";
import { mixedRun, SECRET_TOKEN } from "./helpers/fixtures.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "gantry-runlog-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const redactor = new Redactor({ secrets: [SECRET_TOKEN] });
const context = (runId: string) =>
  ({ runId, config: { rootDir: dir }, reportDir: dir, plan: [] }) as unknown as RunContext;

async function replay(reporter: RunLogReporter, runId = "run-20261122-0001") {
  const result = mixedRun();
  reporter.onLog("early line, before the run id is known");
  reporter.onInit(context(runId));
  reporter.onServiceStart("auth", "http://127.0.0.1:8765");
  reporter.onLog(`booting auth with token ${SECRET_TOKEN} and Authorization: Bearer abc.def`);
  for (const service of result.services)
    for (const module of service.modules) reporter.onModuleResult(module);
  await reporter.onRunEnd(result);
}

describe("RunLogReporter", () => {
  it("writes every log line and one line per module result to <log_dir>/e2e-<runId>.log, redacted", async () => {
    const reporter = new RunLogReporter({ logDir: "logs", redactor });
    await replay(reporter);
    expect(reporter.path).toBe(join(dir, "logs", "e2e-run-20261122-0001.log"));
    const lines = (await readFile(reporter.path!, "utf8")).trimEnd().split("\n");
    for (const line of lines) expect(line).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z /);
    const text = lines.map((l) => l.slice(25)).join("\n");
    expect(text).toBe(
      [
        "early line, before the run id is known",
        "service auth http://127.0.0.1:8765",
        "booting auth with token [REDACTED] and Authorization: Bearer [REDACTED]",
        "module auth/01_health PASSED 12 ms",
        "module auth/02_login FAILED 30 ms — AssertionError: Expected values to be strictly equal: 401 !== 200 (services/auth/modules/02_login.ts:9:3)",
        "module auth/03_users ERROR 12 ms — TypeError: Cannot read properties of undefined (reading 'id')",
        "module task-graph/01_health PASSED 12 ms",
        "module task-graph/02_retry FLAKY 12 ms after 2 attempts",
        "module task-graph/03_optional SKIPPED 0 ms — filtered out by --tag smoke",
        "run run-20261122-0001 finished: 6 modules, 2 passed, 1 failed, 1 errors, 1 skipped, 1 flaky in 1250 ms; exit code 1",
      ].join("\n"),
    );
  });

  it("is created only when save_logs is true", async () => {
    const logDir = join(dir, "only-when-saved");
    for (const saveLogs of [false, true]) {
      const reporters = await createReporters([], {
        color: false,
        verbose: false,
        reportDir: dir,
        includePayloads: false,
        redactor,
        saveLogs,
        logDir,
      });
      for (const r of reporters) await r.onInit?.(context(`save-${saveLogs}`));
      for (const r of reporters) await r.onRunEnd?.(mixedRun());
    }
    expect(await readdir(logDir)).toEqual(["e2e-save-true.log"]);
  });

  it("uses an absolute log_dir as is and keeps a run id safe as a file name", async () => {
    const reporter = new RunLogReporter({ logDir: join(dir, "abs"), redactor });
    await replay(reporter, "../../evil id");
    expect(reporter.path).toBe(join(dir, "abs", "e2e-.._.._evil_id.log"));
  });

  it("reports a log directory it cannot create with E2E_RUN_LOG_UNWRITABLE, naming the path", async () => {
    await writeFile(join(dir, "a-file"), "not a directory");
    const reporter = new RunLogReporter({ logDir: join(dir, "a-file", "logs"), redactor });
    expect(() => reporter.onInit(context("r1"))).toThrow(RunLogError);
    expect(() => reporter.onInit(context("r1"))).toThrow(
      /Cannot write the run log .*a-file\/logs\/e2e-r1\.log \(reporting\.log_dir\)/,
    );
  });
});
