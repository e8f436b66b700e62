// Shared checks of the auth scenarios (not a module: its name has no NN_ prefix).

import assert from "node:assert/strict";
import type { PageResponse } from "gantry";

/** UTC ISO 8601 without zone offset, millisecond precision (SPEC: "2026-11-21T23:44:37.588"). */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

// The accounts seed 1 says the service starts with. The suite states them itself, as any client
// of the service would, rather than importing them from the service's source (src/seed.ts).
export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "admin123";
export const USER_EMAIL = "user@example.com";

export const USER_FIELDS = ["created_at", "email", "id", "name", "role", "updated_at"];

/** A user object has exactly the public fields, never a password. */
export function assertUser(
  user: Record<string, unknown>,
  expected: Partial<Record<string, unknown>> = {},
): void {
  assert.deepEqual(Object.keys(user).sort(), USER_FIELDS);
  assert.match(String(user.id), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.match(String(user.created_at), TIMESTAMP);
  assert.match(String(user.updated_at), TIMESTAMP);
  for (const [key, value] of Object.entries(expected)) assert.equal(user[key], value, `user.${key}`);
}

/** The JSON error shape of SPEC's common rules, with the expected status and code. */
export function assertError(res: PageResponse, status: number, code: string): Record<string, unknown> {
  assert.equal(res.status, status, `HTTP status (body: ${res.text().slice(0, 200)})`);
  const body = res.json();
  assert.equal(body.code, code);
  assert.equal(typeof body.error, "string");
  return body;
}

/** Seed 1 rule 2: no response contains a password (no such key anywhere, nor the value). */
export function assertNoPassword(res: PageResponse, password?: string): void {
  const text = res.text();
  assert.doesNotMatch(text, /"password"\s*:/i, `${res.method} ${res.url} returned a password field`);
  if (password) assert.ok(!text.includes(password), `${res.method} ${res.url} returned the password value`);
}
