import assert from "node:assert/strict";
import type TaskGraphPage from "../page.js";
import { assertError, assertInvalid, ISSUE_FIELDS, TIMESTAMP } from "./support.js";

export const tags = ["issues"];

/** Create: defaults, trimming, the full shape, timestamps, validation naming the field, unknown component. */
export async function run(page: TaskGraphPage) {
  const comp = await page.newComponent("create");
  const res = await page.createIssue({
    title: "  Checkout button does nothing  ",
    description: "Clicking pay does nothing on Safari",
    component_id: comp.id,
    labels: ["ui", "checkout"],
  });
  assert.equal(res.status, 201);
  const issue = res.json();
  assert.deepEqual(Object.keys(issue).sort(), ISSUE_FIELDS);
  assert.equal(issue.title, "Checkout button does nothing");
  assert.equal(issue.status, "OPEN");
  assert.equal(issue.priority, "MEDIUM");
  assert.equal(issue.component_id, comp.id);
  assert.deepEqual(issue.labels, ["ui", "checkout"]);
  assert.deepEqual(issue.depends_on, []);
  assert.deepEqual(issue.blocks, []);
  assert.match(issue.created_at, TIMESTAMP);
  assert.equal(issue.updated_at, issue.created_at);
  assert.equal(issue.closed_at, null);
  assert.deepEqual((await page.getIssue(issue.id)).json(), issue);

  const bare = (await page.createIssue({ title: "no component" })).json();
  assert.equal(bare.component_id, null);
  assert.equal(bare.description, "");

  assertInvalid(await page.createIssue({}), "title");
  assertInvalid(await page.createIssue({ title: "   " }), "title");
  assertInvalid(await page.createIssue({ title: "x".repeat(201) }), "title");
  assertInvalid(await page.createIssue({ title: "ok", priority: "URGENT" }), "priority");
  assertInvalid(await page.createIssue({ title: "ok", description: "d".repeat(20_001) }), "description");
  assertInvalid(await page.createIssue({ title: "ok", labels: ["a", "a"] }), "labels");
  assertInvalid(
    await page.createIssue({ title: "ok", labels: Array.from({ length: 21 }, (_, i) => `l${i}`) }),
    "labels",
  );
  assertInvalid(await page.createIssue({ title: "ok", labels: ["x".repeat(51)] }), "labels[0]");
  assertInvalid(await page.createIssue({ title: "ok", unknown_field: 1 }), "unknown_field");
  return assertError(
    await page.createIssue({ title: "ok", component_id: "00000000-0000-4000-8000-000000000000" }),
    404,
    "COMPONENT_NOT_FOUND",
  );
}
