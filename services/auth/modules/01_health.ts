import assert from "node:assert/strict";
import type AuthPage from "../page.js";
import { TIMESTAMP } from "./support.js";

export const tags = ["smoke"];

/** The health record is exactly seed 1's. */
export async function run(page: AuthPage) {
  const res = await page.health();
  assert.equal(res.status, 200);
  const body = res.json();
  assert.deepEqual(Object.keys(body).sort(), ["service", "status", "timestamp", "version"]);
  assert.equal(body.status, "healthy");
  assert.equal(body.service, "mock-api");
  assert.equal(body.version, "1.0.0");
  assert.match(body.timestamp, TIMESTAMP);
  return res;
}
