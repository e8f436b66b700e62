import assert from "node:assert/strict";
import type TaskGraphPage from "../page.js";
import { TIMESTAMP } from "./support.js";

export const tags = ["smoke"];

/** SPEC §2 health record: healthy with both backends up answers 200. */
export async function run(page: TaskGraphPage) {
  const res = await page.health();
  assert.equal(res.status, 200);
  const body = res.json();
  assert.deepEqual(Object.keys(body).sort(), [
    "code",
    "graph",
    "service",
    "status",
    "timestamp",
    "vectors",
    "version",
  ]);
  // SPEC §4: the code graph's progress and totals.
  assert.deepEqual(Object.keys(body.code).sort(), ["files", "repositories", "status", "symbols"]);
  assert.equal(typeof body.code.files, "number");
  assert.equal(body.status, "healthy");
  assert.equal(body.service, "task-graph");
  assert.equal(typeof body.version, "string");
  assert.match(body.timestamp, TIMESTAMP);
  assert.equal(body.graph.status, "up");
  assert.equal(body.vectors.status, "up");
  assert.equal(typeof body.graph.backend, "string");
  assert.equal(typeof body.vectors.backend, "string");
  return res;
}
