import assert from "node:assert/strict";
import type AuthPage from "../page.js";
import { assertError, assertUser } from "./support.js";

export const tags = ["users", "crud"];

/** A user's whole life: create → read → update → delete → gone. */
export async function run(page: AuthPage) {
  const input = page.newUser();
  const created = await page.createUser(input);
  assert.equal(created.status, 201);
  const user = created.json();
  assertUser(user, { email: input.email, name: input.name, role: "user" });
  assert.equal(user.created_at, user.updated_at);

  const read = await page.getUser(user.id);
  assert.equal(read.status, 200);
  assert.deepEqual(read.json(), user);

  const listed = (await page.listUsers({ search: input.email })).json();
  assert.deepEqual(
    listed.items.map((u: { id: string }) => u.id),
    [user.id],
  );

  const updated = await page.updateUser(user.id, { name: "Renamed User", role: "admin" });
  assert.equal(updated.status, 200);
  const after = updated.json();
  assertUser(after, { id: user.id, email: input.email, name: "Renamed User", role: "admin" });
  assert.equal(after.created_at, user.created_at);
  assert.ok(after.updated_at > user.updated_at, "updated_at strictly increases");
  assert.deepEqual((await page.getUser(user.id)).json(), after);

  assertError(await page.updateUser(user.id, {}), 400, "VALIDATION_ERROR");

  const deleted = await page.deleteUser(user.id);
  assert.equal(deleted.status, 204);
  assert.equal(deleted.text(), "");

  assertError(await page.getUser(user.id), 404, "USER_NOT_FOUND");
  assertError(await page.updateUser(user.id, { name: "Ghost" }), 404, "USER_NOT_FOUND");
  const again = await page.deleteUser(user.id);
  assertError(again, 404, "USER_NOT_FOUND");
  return again;
}
