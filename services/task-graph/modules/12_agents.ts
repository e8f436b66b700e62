import assert from "node:assert/strict";
import type TaskGraphPage from "../page.js";
import { assertError } from "./support.js";

export const tags = ["agents", "claims", "concurrency"];

/** Teams of agents: one claim wins, the holder is named, release frees it; a stale If-Match is 412; HAS_DEPENDENTS. */
export async function run(page: TaskGraphPage) {
  const id = (await page.newIssue({ title: "claim me" })).id;
  const claims = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      page.claimIssue(id, { agent: `e2e-agent-${i}`, lease_seconds: 120 }),
    ),
  );
  const winners = claims.filter((r) => r.status === 200);
  assert.equal(winners.length, 1, "exactly one of 10 concurrent claims wins");
  const holder = winners[0]!.json().assignee;
  for (const r of claims.filter((c) => c.status !== 200)) {
    const refused = assertError(r, 409, "ALREADY_CLAIMED");
    assert.equal((refused.details as { assignee: string }).assignee, holder, "the 409 names the holder");
  }
  const free = await page.workableIssues({ unclaimed: true, limit: 100 });
  assert.ok(!free.json().items.some((i: { id: string }) => i.id === id), "a claimed issue is not unclaimed");
  assert.equal((await page.releaseClaim(id, holder)).json().assignee, null);

  const etag = (await page.getIssue(id)).headers.etag;
  assert.ok(etag, "an issue answer has an ETag");
  assert.equal((await page.updateIssueIfMatch(id, { priority: "HIGH" }, etag)).status, 200);
  assertError(await page.updateIssueIfMatch(id, { priority: "LOW" }, etag), 412, "PRECONDITION_FAILED");

  const dependent = (await page.newIssue({ title: "depends on it" })).id;
  await page.addDependency(dependent, id);
  assertError(await page.deleteIssue(id), 409, "HAS_DEPENDENTS");
  const forced = await page.deleteIssue(id, { force: true });
  assert.equal(forced.status, 204);
  return forced;
}
