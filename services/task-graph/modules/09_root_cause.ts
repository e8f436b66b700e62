import assert from "node:assert/strict";
import type TaskGraphPage from "../page.js";
import { assertError, assertInvalid } from "./support.js";

export const tags = ["analysis"];

/** Root cause: ranked candidates with five explained signals and the share context got, confidence capped at 1, validation, 404. */
export async function run(page: TaskGraphPage) {
  const comp = await page.newComponent("rootcause");
  const cause = await page.newIssue({
    title: "Cart total rounds wrong after the cents refactor",
    description: "CartTotals.compute sums integer cents",
    component_id: comp.id,
    labels: ["money"],
  });
  const res = await page.rootCause({
    component_id: comp.id,
    test_failure: "expected cart total 29.97 but got 2997",
    test_name: "test_cart_total",
    labels: ["money"],
  });
  assert.equal(res.status, 200);
  const body = res.json();
  const top = body.candidates[0];
  assert.equal(top.id, cause.id);
  assert.equal(top.type, "issue");
  assert.equal(top.signals.component, 0.3);
  assert.equal(top.signals.recency, 0.3);
  assert.equal(top.signals.labels, 0.2);
  assert.equal(top.signals.graph, 0.2);
  assert.ok(top.signals.semantic > 0 && top.signals.semantic <= 0.2);
  assert.equal(top.confidence, 1);
  // One sentence per signal, in order, then how much the context counted (SPEC §2: evidence first).
  const explained = top.reasons.map((r: string) => r.split(/[ +:]/)[0]);
  assert.deepEqual(explained, ["component", "recency", "labels", "semantic", "graph", "context"]);
  for (const c of body.candidates) {
    assert.ok(c.confidence >= 0.1 && c.confidence <= 1);
  }
  for (let k = 1; k < body.candidates.length; k++) {
    assert.ok(body.candidates[k - 1].confidence >= body.candidates[k].confidence, "sorted by confidence");
  }

  assertInvalid(await page.rootCause({ component_id: comp.id }), "test_failure");
  assertInvalid(await page.rootCause({ component_id: comp.id, test_failure: "x", limit: 0 }), "limit");
  return assertError(
    await page.rootCause({ component_id: "no-such-component", test_failure: "boom" }),
    404,
    "COMPONENT_NOT_FOUND",
  );
}
