import assert from "node:assert/strict";
import type TaskGraphPage from "../page.js";
import { assertEnvelope, assertError, assertInvalid, TIMESTAMP } from "./support.js";

export const tags = ["components"];

/** Components: CRUD, name unique per project (409), delete refused while issues use it (409). */
export async function run(page: TaskGraphPage) {
  const name = `billing-${Date.now()}`;
  const created = await page.createComponent({ name: ` ${name} `, description: "Invoices", project: "e2e" });
  assert.equal(created.status, 201);
  const c = created.json();
  assert.deepEqual(Object.keys(c).sort(), [
    "created_at",
    "description",
    "id",
    "name",
    "paths",
    "project",
    "updated_at",
  ]);
  assert.equal(c.name, name);
  assert.deepEqual(c.paths, []);
  assert.match(c.created_at, TIMESTAMP);
  assert.deepEqual((await page.getComponent(c.id)).json(), c);

  assertError(await page.createComponent({ name, project: "e2e" }), 409, "DUPLICATE_COMPONENT");
  assert.equal((await page.createComponent({ name, project: `other-${Date.now()}` })).status, 201);
  assertInvalid(await page.createComponent({ name: "  " }), "name");
  assertInvalid(await page.createComponent({}), "name");

  const renamed = await page.updateComponent(c.id, { description: "Bills" });
  assert.equal(renamed.status, 200);
  assert.equal(renamed.json().description, "Bills");
  assertEnvelope(await page.listComponents({ limit: 5 }), 1, 5);

  const issue = await page.newIssue({ component_id: c.id });
  const inUse = assertError(await page.deleteComponent(c.id), 409, "COMPONENT_IN_USE");
  assert.ok(inUse.details, "details say how many issues use it");
  await page.deleteIssue(issue.id);
  assert.equal((await page.deleteComponent(c.id)).status, 204);
  return assertError(await page.getComponent(c.id), 404, "COMPONENT_NOT_FOUND");
}
