import assert from "node:assert/strict";
import type TaskGraphPage from "../page.js";
import { assertError, assertInvalid, TIMESTAMP } from "./support.js";

export const tags = ["issues"];

/** PATCH moves updated_at, closing stamps closed_at, reopening clears it; DELETE 204 then 404. */
export async function run(page: TaskGraphPage) {
  const issue = await page.newIssue({ labels: ["a"] });
  await new Promise((r) => setTimeout(r, 5));
  const patched = await page.updateIssue(issue.id, { priority: "HIGH", labels: [], status: "IN_PROGRESS" });
  assert.equal(patched.status, 200);
  const p = patched.json();
  assert.equal(p.priority, "HIGH");
  assert.deepEqual(p.labels, []);
  assert.equal(p.created_at, issue.created_at);
  assert.ok(p.updated_at > String(issue.updated_at), "updated_at moves forward");

  const closed = (await page.updateIssue(issue.id, { status: "CLOSED" })).json();
  assert.match(closed.closed_at, TIMESTAMP);
  const reopened = (await page.updateIssue(issue.id, { status: "OPEN" })).json();
  assert.equal(reopened.status, "OPEN");
  assert.equal(reopened.closed_at, null);

  assertInvalid(await page.updateIssue(issue.id, { status: "DONE" }), "status");
  assertInvalid(await page.updateIssue(issue.id, { id: "x" }), "id");
  assertError(
    await page.updateIssue(issue.id, { component_id: "no-such-component" }),
    404,
    "COMPONENT_NOT_FOUND",
  );

  const deleted = await page.deleteIssue(issue.id);
  assert.equal(deleted.status, 204);
  assert.equal(deleted.text(), "");
  assertError(await page.getIssue(issue.id), 404, "ISSUE_NOT_FOUND");
  assertError(await page.updateIssue(issue.id, { title: "ghost" }), 404, "ISSUE_NOT_FOUND");
  return assertError(await page.deleteIssue(issue.id), 404, "ISSUE_NOT_FOUND");
}
