import { describe, expect, it } from "vitest";
import { describeProblems, lintOpenApi } from "../../../../lib/testing/openapi-lint.js";
import { startService } from "../../harness/start-service.js";

describe("the served OpenAPI document under @redocly/cli lint (redocly.yaml)", () => {
  for (const [label, env] of [
    ["by default", {}],
    ["with TASK_GRAPH_API_KEY set", { TASK_GRAPH_API_KEY: "k-123" }],
  ] as const) {
    it(`has no error and no warning ${label}`, async () => {
      const svc = await startService({ env });
      try {
        const doc = (await svc.get("/docs/json")).body;
        const report = await lintOpenApi(doc);
        expect(describeProblems(report)).toBe("");
        expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      } finally {
        await svc.close();
      }
    });
  }
});
