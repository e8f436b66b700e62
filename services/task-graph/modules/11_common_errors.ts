import assert from "node:assert/strict";
import type TaskGraphPage from "../page.js";
import { assertError } from "./support.js";

export const tags = ["errors"];

/** SPEC common rules as the task graph shows them: JSON errors for 404/405/400/415/413, OpenAPI document. */
export async function run(page: TaskGraphPage) {
  assertError(await page.get("/api/v1/no-such-route"), 404, "NOT_FOUND");
  const wrongMethod = await page.put("/api/v1/issues", { title: "x" });
  assertError(wrongMethod, 405, "METHOD_NOT_ALLOWED");
  assert.match(wrongMethod.headers.allow ?? "", /GET/);
  assertError(
    await page.request("POST", "/api/v1/issues", {
      body: '{"title": ',
      headers: { "content-type": "application/json" },
    }),
    400,
    "INVALID_JSON",
  );
  assertError(
    await page.request("POST", "/api/v1/issues", {
      body: "title=x",
      headers: { "content-type": "text/plain" },
    }),
    415,
    "UNSUPPORTED_MEDIA_TYPE",
  );
  assertError(
    await page.createIssue({ title: "x", description: "d".repeat(256 * 1024) }),
    413,
    "PAYLOAD_TOO_LARGE",
  );
  const docs = await page.get("/docs/json");
  assert.equal(docs.status, 200);
  assert.match(docs.json().openapi, /^3\./);
  assert.ok("/api/v1/analyze/impact/{id}" in docs.json().paths);
  return docs;
}
