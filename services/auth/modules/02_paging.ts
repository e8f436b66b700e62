import assert from "node:assert/strict";
import type AuthPage from "../page.js";
import { assertError, assertUser } from "./support.js";

export const tags = ["smoke", "users"];

/** The list envelope, defaults (page 1, limit 10), total_pages, past-the-end and bad paging. */
export async function run(page: AuthPage) {
  const first = await page.listUsers();
  assert.equal(first.status, 200);
  const all = first.json();
  assert.deepEqual(Object.keys(all).sort(), ["items", "limit", "page", "total", "total_pages"]);
  assert.equal(all.page, 1);
  assert.equal(all.limit, 10);
  assert.ok(all.total >= 2, "the two seeded users are always there");
  assert.equal(all.total_pages, Math.ceil(all.total / 10));
  assert.equal(all.items.length, Math.min(all.total, 10));
  for (const user of all.items) assertUser(user);

  const one = (await page.listUsers({ limit: 1 })).json();
  assert.equal(one.items.length, 1);
  assert.equal(one.limit, 1);
  assert.ok(one.total_pages >= 2, "two users with limit 1 make at least two pages");
  assert.equal(one.total_pages, one.total);

  const second = (await page.listUsers({ page: 2, limit: 1 })).json();
  assert.equal(second.page, 2);
  assert.notEqual(second.items[0].id, one.items[0].id, "page 2 holds a different user");

  const past = await page.listUsers({ page: all.total + 1, limit: 1 });
  assert.equal(past.status, 200);
  assert.deepEqual(past.json().items, []);

  for (const bad of [
    { page: 0 },
    { page: -1 },
    { limit: 0 },
    { limit: 101 },
    { page: "abc" },
    { limit: "1.5" },
  ]) {
    const res = await page.listUsers(bad);
    const body = assertError(res, 400, "VALIDATION_ERROR");
    assert.match(
      String(body.error),
      new RegExp(Object.keys(bad)[0]!),
      `the error names the field for ${JSON.stringify(bad)}`,
    );
  }
  return past;
}
