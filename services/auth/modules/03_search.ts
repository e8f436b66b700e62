import assert from "node:assert/strict";
import type AuthPage from "../page.js";
import { ADMIN_EMAIL, USER_EMAIL } from "./support.js";

export const tags = ["users"];

/** Seed 1 rule 3: a search term narrows the list to users whose email or name contains it. */
export async function run(page: AuthPage) {
  const fragment = ADMIN_EMAIL.split("@")[0]!; // "admin"
  const res = await page.listUsers({ search: fragment, limit: 100 });
  assert.equal(res.status, 200);
  const found = res.json();
  assert.ok(
    found.items.some((u: { email: string }) => u.email === ADMIN_EMAIL),
    "the seeded admin is found",
  );
  assert.ok(!found.items.some((u: { email: string }) => u.email === USER_EMAIL), "the seeded user is not");
  for (const u of found.items) {
    assert.ok(
      `${u.email} ${u.name}`.toLowerCase().includes(fragment),
      `${u.email} / ${u.name} does not contain "${fragment}"`,
    );
  }
  assert.equal(found.total, found.items.length);

  const upper = (await page.listUsers({ search: `  ${fragment.toUpperCase()}  `, limit: 100 })).json();
  assert.equal(upper.total, found.total, "search is trimmed and case-insensitive");

  const none = await page.listUsers({ search: "no-such-user-zzzz-4711" });
  assert.equal(none.status, 200);
  assert.equal(none.json().total, 0);
  assert.deepEqual(none.json().items, []);
  assert.equal(none.json().total_pages, 0);
  return none;
}
