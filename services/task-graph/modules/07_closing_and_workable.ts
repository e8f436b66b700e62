import assert from "node:assert/strict";
import type TaskGraphPage from "../page.js";
import { assertEnvelope, assertError } from "./support.js";

export const tags = ["dependencies", "status"];

/** CLOSED needs closed prerequisites (409 OPEN_DEPENDENCIES listing them); blocked and workable lists. */
export async function run(page: TaskGraphPage) {
  const prerequisite = (await page.newIssue({ title: "prerequisite" })).id;
  const dependent = (await page.newIssue({ title: "dependent" })).id;
  await page.addDependency(dependent, prerequisite);

  const refused = assertError(
    await page.updateIssue(dependent, { status: "CLOSED" }),
    409,
    "OPEN_DEPENDENCIES",
  );
  assert.ok(String(refused.error).includes(prerequisite), "the error lists the open prerequisite");

  const inList = async (list: "blocked" | "workable", id: string) => {
    for (let p = 1; ; p++) {
      const body = assertEnvelope(
        await (list === "blocked"
          ? page.blockedIssues({ page: p, limit: 100 })
          : page.workableIssues({ page: p, limit: 100 })),
        p,
        100,
      );
      if (body.items.some((i: { id: string }) => i.id === id)) return true;
      if (body.items.length < 100) return false;
    }
  };
  assert.equal(await inList("blocked", dependent), true);
  assert.equal(await inList("workable", dependent), false);
  assert.equal(await inList("workable", prerequisite), true);

  await page.updateIssue(prerequisite, { status: "CLOSED" });
  assert.equal(await inList("workable", dependent), true);
  const closed = await page.updateIssue(dependent, { status: "CLOSED" });
  assert.equal(closed.status, 200);
  assert.equal(await inList("workable", dependent), false);
  return closed;
}
