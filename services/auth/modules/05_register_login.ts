import assert from "node:assert/strict";
import type AuthPage from "../page.js";
import { assertError, assertUser } from "./support.js";

export const tags = ["auth", "smoke"];

/** Seed 1 rule 1: a user created through register can log in with the same email and password. */
export async function run(page: AuthPage) {
  const input = page.newUser();
  const registered = await page.register(input);
  assert.equal(registered.status, 201);
  const reg = registered.json();
  assert.deepEqual(Object.keys(reg).sort(), ["token", "user"]);
  assert.equal(typeof reg.token, "string");
  assert.ok(reg.token.length > 0);
  assertUser(reg.user, { email: input.email, name: input.name, role: "user" });

  // Login matches the address case-insensitively.
  const loggedIn = await page.login(input.email.toUpperCase(), input.password);
  assert.equal(loggedIn.status, 200);
  const login = loggedIn.json();
  assert.equal(typeof login.token, "string");
  assert.deepEqual(login.user, reg.user);

  const me = await page.me(login.token);
  assert.equal(me.status, 200);
  assert.deepEqual(me.json(), reg.user);

  const wrong = assertError(
    await page.login(input.email, `${input.password}-wrong`),
    401,
    "INVALID_CREDENTIALS",
  );
  const unknown = assertError(
    await page.login(`nobody-${input.email}`, input.password),
    401,
    "INVALID_CREDENTIALS",
  );
  assert.equal(wrong.error, unknown.error, "unknown email and wrong password look the same");

  const out = await page.logout(login.token);
  assert.equal(out.status, 204);
  assertError(await page.me(login.token), 401, "UNAUTHORIZED");
  assert.equal((await page.me(reg.token)).status, 200, "logout revokes only that token");

  const removed = await page.deleteUser(reg.user.id);
  assert.equal(removed.status, 204);
  assertError(await page.me(reg.token), 401, "UNAUTHORIZED");
  return removed;
}
