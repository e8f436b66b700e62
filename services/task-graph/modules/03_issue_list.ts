import assert from "node:assert/strict";
import type TaskGraphPage from "../page.js";
import { assertEnvelope, assertInvalid } from "./support.js";

export const tags = ["issues", "list"];

/** List: envelope, default limit 20, filters (status/priority comma lists, component, label, q), sort, paging. */
export async function run(page: TaskGraphPage) {
  const comp = await page.newComponent("list");
  const c = comp.id;
  const make = async (title: string, body: Record<string, unknown> = {}) =>
    (await page.newIssue({ title, component_id: c, ...body })).id;
  const a = await make("Crash on login", { priority: "CRITICAL", labels: ["auth"] });
  const b = await make("Slow search", { description: "The LOGIN page too", priority: "LOW" });
  const d = await make("Typo", { priority: "MEDIUM", labels: ["ui", "auth"] });
  const e = await make("Timeout", { priority: "HIGH" });
  await page.updateIssue(b, { status: "CLOSED" });
  await page.updateIssue(d, { status: "IN_PROGRESS" });
  const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

  const all = assertEnvelope(await page.listIssues({ component_id: c }), 1, 20);
  assert.deepEqual(ids(all), [a, b, d, e]);
  assert.equal(all.total, 4);
  assert.deepEqual(ids(assertEnvelope(await page.listIssues({ component_id: c, status: "OPEN" }), 1, 20)), [
    a,
    e,
  ]);
  assert.deepEqual(
    ids(assertEnvelope(await page.listIssues({ component_id: c, status: "CLOSED,IN_PROGRESS" }), 1, 20)),
    [b, d],
  );
  assert.deepEqual(
    ids(assertEnvelope(await page.listIssues({ component_id: c, priority: "LOW,CRITICAL" }), 1, 20)),
    [a, b],
  );
  assert.deepEqual(ids(assertEnvelope(await page.listIssues({ component_id: c, label: "auth" }), 1, 20)), [
    a,
    d,
  ]);
  assert.deepEqual(ids(assertEnvelope(await page.listIssues({ component_id: c, q: "login" }), 1, 20)), [
    a,
    b,
  ]);
  assert.deepEqual(
    ids(assertEnvelope(await page.listIssues({ component_id: c, sort: "-priority" }), 1, 20)),
    [a, e, d, b],
  );
  assert.deepEqual(
    ids(assertEnvelope(await page.listIssues({ component_id: c, sort: "-created_at" }), 1, 20)),
    [e, d, b, a],
  );

  const p2 = assertEnvelope(await page.listIssues({ component_id: c, limit: 3, page: 2 }), 2, 3);
  assert.deepEqual(ids(p2), [e]);
  assert.equal(p2.total, 4);
  const past = assertEnvelope(await page.listIssues({ component_id: c, limit: 3, page: 7 }), 7, 3);
  assert.deepEqual(past.items, []);

  assertInvalid(await page.listIssues({ status: "DONE" }), "status");
  assertInvalid(await page.listIssues({ priority: "URGENT" }), "priority");
  assertInvalid(await page.listIssues({ page: 0 }), "page");
  assertInvalid(await page.listIssues({ limit: 101 }), "limit");
  assertInvalid(await page.listIssues({ limit: "abc" }), "limit");
  const res = await page.listIssues({ sort: "title" });
  assertInvalid(res, "sort");
  return res;
}
