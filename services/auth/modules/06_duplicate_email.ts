import assert from "node:assert/strict";
import type AuthPage from "../page.js";
import { ADMIN_EMAIL, assertError } from "./support.js";

export const tags = ["users", "auth"];

/** Email uniqueness (case-insensitive) on create, register and update → 409 EMAIL_TAKEN. */
export async function run(page: AuthPage) {
  assertError(await page.createUser(page.newUser({ email: ADMIN_EMAIL.toUpperCase() })), 409, "EMAIL_TAKEN");
  assertError(await page.register(page.newUser({ email: ADMIN_EMAIL })), 409, "EMAIL_TAKEN");

  const input = page.newUser();
  const first = await page.createUser(input);
  assert.equal(first.status, 201);
  const id = first.json().id;
  assertError(await page.createUser(page.newUser({ email: input.email })), 409, "EMAIL_TAKEN");
  assertError(await page.register(page.newUser({ email: input.email.toUpperCase() })), 409, "EMAIL_TAKEN");

  const other = page.newUser();
  const second = await page.createUser(other);
  assert.equal(second.status, 201);
  assertError(await page.updateUser(second.json().id, { email: input.email }), 409, "EMAIL_TAKEN");

  assert.equal((await page.deleteUser(second.json().id)).status, 204);
  const last = await page.deleteUser(id);
  assert.equal(last.status, 204);
  return last;
}
