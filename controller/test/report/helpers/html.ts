// Writes HTML reports for the markup and browser tests.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { HtmlReporter } from "../../../src/report/html-reporter.js";
import { Redactor } from "../../../src/report/redact.js";
import type { RunResult } from "../../../src/runner/run-result.js";
import { exchange, moduleResult, runResult, SECRET_TOKEN } from "./fixtures.js";

export async function writeHtml(
  reportDir: string,
  result: RunResult,
  includePayloads = true,
): Promise<string> {
  const reporter = new HtmlReporter({
    reportDir,
    includePayloads,
    redactor: new Redactor({ secrets: [SECRET_TOKEN] }),
  });
  await reporter.onRunEnd(result);
  return readFile(join(reportDir, "e2e-report.html"), "utf8");
}

/** A run whose names and bodies try to inject markup. */
export function hostileRun(): RunResult {
  return runResult([
    {
      name: "auth",
      baseUrl: "http://127.0.0.1:8765",
      uncalledEndpoints: [],
      modules: [
        moduleResult({
          module: "<script>window.__pwned=1</script>",
          status: "failed",
          tags: ['"><img src=x onerror=window.__pwned=2>'],
          requests: [
            exchange({
              responseBody: { html: "<img src=x onerror=window.__pwned=3><script>window.__pwned=4</script>" },
            }),
          ],
          failure: {
            name: "AssertionError",
            message: "</pre><script>window.__pwned=5</script>",
            expected: "<b>",
            actual: "</td>",
          },
        }),
      ],
    },
  ]);
}
