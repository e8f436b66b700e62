import { describe, expect, it } from "vitest";
import { describeProblems, lintOpenApi } from "../../../lib/testing/openapi-lint.js";
import { startAuth } from "./helpers.js";

describe("the served OpenAPI document under @redocly/cli lint (redocly.yaml)", () => {
  for (const [label, env] of [
    ["by default", {}],
    ["with AUTH_REQUIRED=true", { AUTH_REQUIRED: "true" }],
  ] as const) {
    it(`has no error and no warning ${label}`, async () => {
      const svc = await startAuth(env);
      try {
        const doc = (await svc.call("GET", "/docs/json")).json;
        const report = await lintOpenApi(doc);
        expect(describeProblems(report)).toBe("");
        expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      } finally {
        await svc.close();
      }
    });
  }
});
