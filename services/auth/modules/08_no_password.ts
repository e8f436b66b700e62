import assert from "node:assert/strict";
import type AuthPage from "../page.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, assertNoPassword } from "./support.js";

export const tags = ["security", "smoke"];

/** Seed 1 rule 2: no response contains a password — create, read, list, update, register, login, me. */
export async function run(page: AuthPage) {
  const input = page.newUser();
  const created = await page.createUser(input);
  assert.equal(created.status, 201);
  const id = created.json().id;
  const registered = await page.register(page.newUser({ password: input.password }));
  assert.equal(registered.status, 201);
  const login = await page.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  assert.equal(login.status, 200);

  const responses = [
    created,
    registered,
    login,
    await page.getUser(id),
    await page.listUsers({ limit: 100 }),
    await page.updateUser(id, { name: "Still No Password" }),
    await page.me(login.json().token),
    await page.login(input.email, input.password),
  ];
  for (const res of responses) {
    assert.ok(res.status < 300, `${res.method} ${res.url} → ${res.status}`);
    assertNoPassword(res, input.password);
  }
  assertNoPassword(login, ADMIN_PASSWORD);

  assert.equal((await page.deleteUser(registered.json().user.id)).status, 204);
  const last = await page.deleteUser(id);
  assert.equal(last.status, 204);
  return last;
}
