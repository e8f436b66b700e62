import assert from "node:assert/strict";
import type TaskGraphPage from "../page.js";
import { assertError, assertInvalid } from "./support.js";

export const tags = ["dependencies"];

/** 201 then 200 (idempotent), self 400, cycle 409 with the cycle path, GET both directions, DELETE 204/404. */
export async function run(page: TaskGraphPage) {
  const a = (await page.newIssue({ title: "a" })).id;
  const b = (await page.newIssue({ title: "b" })).id;
  const c = (await page.newIssue({ title: "c" })).id;

  const first = await page.addDependency(a, b);
  assert.equal(first.status, 201);
  assert.deepEqual(first.json(), { issue_id: a, depends_on_id: b });
  assert.equal((await page.addDependency(a, b)).status, 200);
  assert.equal((await page.addDependency(b, c)).status, 201);
  assert.deepEqual((await page.dependencies(a)).json(), { depends_on: [b], blocks: [] });
  assert.deepEqual((await page.dependencies(b)).json(), { depends_on: [c], blocks: [a] });
  assert.deepEqual((await page.getIssue(a)).json().depends_on, [b]);

  assertInvalid(await page.addDependency(a, a), "depends_on_id");
  const cycle = assertError(await page.addDependency(c, a), 409, "CIRCULAR_DEPENDENCY");
  assert.deepEqual((cycle.details as { cycle: string[] }).cycle, [c, a, b, c]);
  assertError(await page.addDependency(a, "no-such-issue"), 404, "ISSUE_NOT_FOUND");

  assert.equal((await page.removeDependency(a, b)).status, 204);
  const again = await page.removeDependency(a, b);
  assertError(again, 404, "DEPENDENCY_NOT_FOUND");
  assert.deepEqual((await page.dependencies(a)).json(), { depends_on: [], blocks: [] });
  return again;
}
