import assert from "node:assert/strict";
import type AuthPage from "../page.js";
import { assertError } from "./support.js";

export const tags = ["validation"];

/** Invalid input is 400 with a JSON error naming the field; nothing is created. */
export async function run(page: AuthPage) {
  const good = page.newUser();
  const cases: [string, unknown][] = [
    ["email", { password: good.password, name: good.name }],
    ["email", { ...good, email: "not-an-address" }],
    ["password", { ...good, password: "12345" }],
    ["name", { ...good, name: "   " }],
    ["role", { ...good, role: "superuser" }],
    ["id", { ...good, id: "0b0e8c42-0000-4000-8000-000000000000" }],
  ];
  for (const [field, body] of cases) {
    const res = await page.createUser(body);
    const error = assertError(res, 400, "VALIDATION_ERROR");
    assert.match(String(error.error), new RegExp(field), `create: the error names "${field}"`);
  }
  assert.equal((await page.listUsers({ search: good.email })).json().total, 0, "no invalid user was stored");

  const withRole = assertError(
    await page.register({ ...page.newUser(), role: "admin" }),
    400,
    "VALIDATION_ERROR",
  );
  assert.match(String(withRole.error), /role/);
  assertError(await page.register({ email: good.email, name: good.name }), 400, "VALIDATION_ERROR");

  assertError(await page.login(good.email, undefined), 400, "VALIDATION_ERROR");
  assertError(await page.login("", "x"), 400, "VALIDATION_ERROR");
  assertError(await page.login(42, "x"), 400, "VALIDATION_ERROR");

  const malformed = await page.post("/api/users", '{"email": ', {
    headers: { "content-type": "application/json" },
  });
  assertError(malformed, 400, "INVALID_JSON");
  const notJson = await page.post("/api/users", "email=a@b.c", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  assertError(notJson, 415, "UNSUPPORTED_MEDIA_TYPE");

  assertError(await page.getUser("00000000-0000-4000-8000-000000000000"), 404, "USER_NOT_FOUND");
  const unknownRoute = await page.get("/api/nothing-here");
  assertError(unknownRoute, 404, "NOT_FOUND");
  return unknownRoute;
}
