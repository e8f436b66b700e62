import assert from "node:assert/strict";
import type TaskGraphPage from "../page.js";
import { assertError, assertInvalid } from "./support.js";

export const tags = ["analysis"];

/** Impact on a diamond plus a tail: direct/transitive with depth and path, blocked, components, risk, truncation. */
export async function run(page: TaskGraphPage) {
  const comp = await page.newComponent("impact");
  const id = async (title: string) => (await page.newIssue({ title, component_id: comp.id })).id;
  const [root, b, c, d, e] = [await id("root"), await id("b"), await id("c"), await id("d"), await id("e")];
  await page.addDependency(b, root);
  await page.addDependency(c, root);
  await page.addDependency(d, b);
  await page.addDependency(d, c);
  await page.addDependency(e, d);

  const res = await page.impact(root);
  assert.equal(res.status, 200);
  const r = res.json();
  assert.deepEqual(r.directly_affected.map((i: { id: string }) => i.id).sort(), [b, c].sort());
  const transitive = new Map(
    r.transitively_affected.map((i: { id: string; depth: number; path: string[] }) => [i.id, i]),
  );
  assert.equal(transitive.size, 2);
  assert.equal((transitive.get(d) as { depth: number }).depth, 2);
  assert.equal((transitive.get(e) as { depth: number }).depth, 3);
  assert.equal((transitive.get(e) as { path: string[] }).path[0], root);
  assert.equal((transitive.get(e) as { path: string[] }).path.at(-1), e);
  assert.deepEqual(r.blocked_issues.map((i: { id: string }) => i.id).sort(), [b, c].sort());
  assert.deepEqual(r.affected_components, [{ id: comp.id, name: comp.name, issue_count: 4 }]);
  assert.equal(r.risk_score, 2 + 0.5 * 2 + 2 * 2);
  assert.equal(r.risk_level, "HIGH");
  assert.equal(r.truncated, false);

  const cut = (await page.impact(root, 2)).json();
  assert.equal(cut.truncated, true);
  assert.equal(cut.transitively_affected.length, 1);

  assertError(await page.impact("no-such-issue"), 404, "ISSUE_NOT_FOUND");
  assertInvalid(await page.impact(root, 0), "max_depth");
  const tooDeep = await page.impact(root, 51);
  assertInvalid(tooDeep, "max_depth");
  return tooDeep;
}
