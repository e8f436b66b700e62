import { describe, expect, it } from "vitest";
import { ERROR_CODES, HttpError, httpError } from "../errors.js";

describe("the shared error-code table", () => {
  it("uses UPPER_SNAKE_CASE codes, error statuses and one-sentence default messages", () => {
    for (const [code, spec] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(spec.status).toBeGreaterThanOrEqual(400);
      expect(spec.status).toBeLessThan(600);
      expect(spec.message).toMatch(/^[A-Z].*\.$/);
    }
  });

  it("contains every code the contract names for both services with its status", () => {
    const expected: Record<string, number> = {
      VALIDATION_ERROR: 400,
      INVALID_JSON: 400,
      UNAUTHORIZED: 401,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      METHOD_NOT_ALLOWED: 405,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      INTERNAL_ERROR: 500,
    };
    for (const [code, status] of Object.entries(expected)) {
      expect(ERROR_CODES[code as keyof typeof ERROR_CODES].status).toBe(status);
    }
  });

  it("builds an HttpError whose JSON is {error, code} plus details only when given", () => {
    expect(httpError("NOT_FOUND").toJSON()).toEqual({
      error: ERROR_CODES.NOT_FOUND.message,
      code: "NOT_FOUND",
    });
    const e = new HttpError(409, "EMAIL_TAKEN", "Taken.", { email: "a@b.c" });
    expect(e).toBeInstanceOf(Error);
    expect(e.status).toBe(409);
    expect(e.toJSON()).toEqual({ error: "Taken.", code: "EMAIL_TAKEN", details: { email: "a@b.c" } });
  });
});
