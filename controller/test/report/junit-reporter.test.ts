import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JunitReporter } from "../../src/report/junit-reporter.js";
import { Redactor } from "../../src/report/redact.js";
import type { RunResult } from "../../src/runner/run-result.js";
import { exchange, mixedRun, moduleResult, runResult, SECRET_TOKEN } from "./helpers/fixtures.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "gantry-junit-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function writeJunit(result: RunResult, includePayloads = false): Promise<string> {
  const reporter = new JunitReporter({
    reportDir: dir,
    includePayloads,
    redactor: new Redactor({ secrets: [SECRET_TOKEN] }),
  });
  await reporter.onRunEnd(result);
  return readFile(join(dir, "junit.xml"), "utf8");
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseAttributeValue: false,
  isArray: (name) => ["testsuite", "testcase", "property"].includes(name),
});
// Keeps element order, to check the sequence the JUnit XSD prescribes.
const ordered = new XMLParser({ ignoreAttributes: false, preserveOrder: true });

type Node = Record<string, unknown>;
const childNames = (node: Node[]) =>
  node.flatMap((n) => Object.keys(n).filter((k) => k !== ":@" && k !== "#text"));

describe("JunitReporter", () => {
  it("writes well-formed XML with one testsuite per service and one testcase per module run or skipped for a cause, leaving filtered-out ones out", async () => {
    const xml = await writeJunit(mixedRun());
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml);
    expect(doc.testsuites).toMatchObject({ tests: "5", failures: "1", errors: "1", time: "1.250" });
    const suites = doc.testsuites.testsuite;
    expect(suites.map((s: Node) => s.name)).toEqual(["auth", "task-graph"]);
    expect(suites[0]).toMatchObject({ tests: "3", failures: "1", errors: "1", skipped: "0", time: "0.054" });
    // 03_optional was filtered out by --tag: counted in JSON, not a JUnit test.
    expect(suites[1]).toMatchObject({ tests: "2", failures: "0", errors: "0", skipped: "0" });
    expect(xml).not.toContain("03_optional");
    expect(suites[0].testcase.map((c: Node) => [c.classname, c.name, c.time])).toEqual([
      ["auth", "01_health", "0.012"],
      ["auth", "02_login", "0.030"],
      ["auth", "03_users", "0.012"],
    ]);
  });

  it("tells a failed assertion (<failure>) from an error (<error>), with expected, actual and file:line", async () => {
    const suites = parser.parse(await writeJunit(mixedRun())).testsuites.testsuite;
    const [passed, failed, errored] = suites[0].testcase;
    expect(passed.failure).toBeUndefined();
    expect(failed.failure).toMatchObject({
      type: "AssertionError",
      message: "Expected values to be strictly equal: 401 !== 200",
    });
    expect(failed.failure["#text"]).toContain("expected: 200");
    expect(failed.failure["#text"]).toContain("actual: 401");
    expect(failed.failure["#text"]).toContain("at services/auth/modules/02_login.ts:9:3");
    expect(failed.error).toBeUndefined();
    expect(errored.error).toMatchObject({
      type: "TypeError",
      message: "Cannot read properties of undefined (reading 'id')",
    });
    expect(errored.failure).toBeUndefined();
  });

  it("marks skipped modules with <skipped message> and flaky ones as passing testcases with <flakyFailure>", async () => {
    const run = mixedRun();
    run.services[1]!.modules[2]!.skipReason = "service task-graph unavailable: connection refused";
    const cases = parser.parse(await writeJunit(run)).testsuites.testsuite[1].testcase;
    expect(cases[1].name).toBe("02_retry");
    expect(cases[1].flakyFailure).toMatchObject({ type: "AssertionError", message: "item lost after write" });
    expect(cases[1].flakyFailure["#text"]).toContain("at services/task-graph/modules/02_retry.ts:6:3");
    expect(cases[1].flakyFailure["#text"]).toContain("last request: GET http://127.0.0.1:8000/tasks/7 → 404");
    expect(cases[1].failure).toBeUndefined();
    expect(cases[2].skipped).toMatchObject({ message: "service task-graph unavailable: connection refused" });
  });

  it("follows the JUnit XSD structure: attribute formats, element order, at most one outcome per testcase", async () => {
    const xml = await writeJunit(mixedRun(), true);
    const tree = ordered.parse(xml) as Node[];
    const testsuites = tree.find((n) => "testsuites" in n) as Node;
    for (const suiteNode of testsuites.testsuites as Node[]) {
      const attrs = suiteNode[":@"] as Record<string, string>;
      for (const name of [
        "@_name",
        "@_tests",
        "@_failures",
        "@_errors",
        "@_skipped",
        "@_time",
        "@_timestamp",
        "@_hostname",
        "@_id",
        "@_package",
      ]) {
        expect(attrs[name], name).toBeDefined();
      }
      expect(attrs["@_timestamp"]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect(attrs["@_time"]).toMatch(/^\d+\.\d{3}$/);
      for (const count of ["@_tests", "@_failures", "@_errors", "@_skipped"])
        expect(attrs[count]).toMatch(/^\d+$/);
      const children = childNames(suiteNode.testsuite as Node[]);
      // properties?, testcase*, system-out?, system-err?
      expect(children.join(",")).toMatch(/^properties(,testcase)*,system-out,system-err$/);
      const cases = (suiteNode.testsuite as Node[]).filter((n) => "testcase" in n);
      expect(String(cases.length)).toBe(attrs["@_tests"]);
      let failures = 0;
      let errors = 0;
      let skipped = 0;
      for (const testcase of cases) {
        const outcome = childNames(testcase.testcase as Node[]).filter(
          (n) => n !== "system-out" && n !== "system-err",
        );
        expect(outcome.length).toBeLessThanOrEqual(1);
        if (outcome[0] === "failure") failures++;
        if (outcome[0] === "error") errors++;
        if (outcome[0] === "skipped") skipped++;
        const caseAttrs = testcase[":@"] as Record<string, string>;
        expect(caseAttrs["@_classname"]).toBe(attrs["@_name"]);
        expect(caseAttrs["@_time"]).toMatch(/^\d+\.\d{3}$/);
      }
      expect([failures, errors, skipped].map(String)).toEqual([
        attrs["@_failures"],
        attrs["@_errors"],
        attrs["@_skipped"],
      ]);
    }
  });

  it("puts the redacted request timeline in the testcase's system-out only with include_payloads", async () => {
    const without = parser.parse(await writeJunit(mixedRun())).testsuites.testsuite[0].testcase[1];
    expect(without["system-out"]).toBeUndefined();
    const xml = await writeJunit(mixedRun(), true);
    const login = parser.parse(xml).testsuites.testsuite[0].testcase[1];
    expect(login["system-out"]).toContain(
      "→ POST http://127.0.0.1:8765/api/auth/login  [login /api/auth/login]",
    );
    expect(login["system-out"]).toContain(
      'request body: {"email":"admin@example.com","password":"[REDACTED]"}',
    );
    expect(login["system-out"]).toContain("← 401 (4 ms, 1 attempt)");
    expect(xml).not.toContain("admin123");
    expect(xml).not.toContain(SECRET_TOKEN);
  });

  it("escapes markup and replaces characters XML cannot carry", async () => {
    const nasty = runResult([
      {
        name: "auth",
        baseUrl: "http://127.0.0.1:8765",
        uncalledEndpoints: [],
        modules: [
          moduleResult({
            module: '01_<b>"quoted"&amp',
            status: "failed",
            requests: [exchange({ responseBody: "bell\u0007 and ]]> and <tag>" })],
            failure: {
              name: "AssertionError",
              message: "</failure><injected/>\u0000 lone \uD800 ok \u{1F600}",
            },
          }),
        ],
      },
    ]);
    const xml = await writeJunit(nasty, true);
    expect(XMLValidator.validate(xml)).toBe(true);
    const testcase = parser.parse(xml).testsuites.testsuite[0].testcase[0];
    expect(testcase.name).toBe('01_<b>"quoted"&amp');
    expect(testcase.injected).toBeUndefined();
    expect(testcase.failure.message).toBe("</failure><injected/>\uFFFD lone \uFFFD ok \u{1F600}");
    expect(testcase["system-out"]).toContain("bell\uFFFD and ]]> and <tag>");
  });

  it("writes a valid report for a run that selected nothing", async () => {
    const xml = await writeJunit(runResult([], { exitCode: 1 }));
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(parser.parse(xml).testsuites).toMatchObject({ tests: "0", failures: "0", errors: "0" });
  });
});
