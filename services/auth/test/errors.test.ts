import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../../lib/service-kit/index.js";
import { AUTH_ERROR_CODES, emailTaken, invalidCredentials, userNotFound } from "../src/errors.js";

describe("the auth service's error codes", () => {
  it("are UPPER_SNAKE_CASE, do not reuse a shared code, and match the status of each error built", () => {
    for (const code of Object.keys(AUTH_ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      expect(Object.keys(ERROR_CODES)).not.toContain(code);
    }
    for (const e of [userNotFound("x"), emailTaken("a@b.c"), invalidCredentials()]) {
      expect(AUTH_ERROR_CODES[e.code as keyof typeof AUTH_ERROR_CODES]).toBe(e.status);
      expect(e.message).toMatch(/^[A-Z].*\.$/);
    }
  });

  it("gives the same message for every failed login, whatever the cause", () => {
    expect(invalidCredentials().message).toBe(invalidCredentials().message);
    expect(invalidCredentials().details).toBeUndefined();
  });
});
