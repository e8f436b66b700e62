// The values generated suites send: realistic, and inside every constraint the manifest states
// (format, length, pattern, enum, range), checked by evaluating the generated expressions and
// validating the result with Ajv against the same constraints as JSON Schema.

import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { objectSample } from "../../src/generate/sample-data.js";
import type { Dto, Field } from "../../src/manifest/types.js";

const field = (
  name: string,
  type: string,
  constraints: Field["constraints"] = {},
  required = true,
): Field => ({
  name,
  type,
  required,
  constraints,
});

const SIGNUP: Dto = {
  name: "Signup",
  file: "src/schemas.ts",
  line: 1,
  fields: [
    field("email", "string", { format: "email", maxLength: 254 }),
    field("password", "string", { minLength: 6, maxLength: 128 }),
    field("name", "string", { minLength: 1, maxLength: 100, pattern: "\\S" }),
    field("nick", "string", { maxLength: 5 }),
    field("slug", "string", { pattern: "^[a-z0-9-]+$" }),
    field("shout", "string", { pattern: "^[A-Z]+$" }),
    field("role", '"admin" | "user"', { enum: ["admin", "user"] }),
    field("age", "integer", { minimum: 18, maximum: 120 }),
    field("ratio", "number", { exclusiveMinimum: 0, maximum: 1 }),
    field("website", "string", { format: "uri" }),
    field("tags", "string[]", { maxItems: 20 }),
    field("address", "Address"),
    field("nickname", "string", {}, false),
  ],
};
const ADDRESS: Dto = {
  name: "Address",
  file: "src/schemas.ts",
  line: 9,
  fields: [field("city", "string", { minLength: 2 })],
};

const SCHEMA = {
  type: "object",
  required: [
    "email",
    "password",
    "name",
    "nick",
    "slug",
    "shout",
    "role",
    "age",
    "ratio",
    "website",
    "tags",
    "address",
  ],
  properties: {
    email: { type: "string", maxLength: 254, pattern: "^[^@\\s]+@[^@\\s]+\\.[a-z]+$" },
    password: { type: "string", minLength: 6, maxLength: 128 },
    name: { type: "string", minLength: 1, maxLength: 100, pattern: "\\S" },
    nick: { type: "string", maxLength: 5 },
    slug: { type: "string", pattern: "^[a-z0-9-]+$" },
    shout: { type: "string", pattern: "^[A-Z]+$" },
    role: { enum: ["admin", "user"] },
    age: { type: "integer", minimum: 18, maximum: 120 },
    ratio: { type: "number", exclusiveMinimum: 0, maximum: 1 },
    website: { type: "string", pattern: "^https?://" },
    tags: { type: "array", items: { type: "string" }, minItems: 1 },
    address: { type: "object", required: ["city"], properties: { city: { type: "string", minLength: 2 } } },
  },
  additionalProperties: false,
};

function evaluate(expr: string, username: string): Record<string, unknown> {
  const u = { username, email: `${username}@example.test`, password: "s3cret-pass" };
  return new Function("u", `return (${expr});`)(u);
}

describe("generated sample data", () => {
  const expr = objectSample(SIGNUP, {
    dtos: new Map([
      ["Signup", SIGNUP],
      ["Address", ADDRESS],
    ]),
    reference: () => undefined,
  });

  it("satisfies every stated constraint: formats, lengths, patterns, enums, ranges, nested DTOs", () => {
    const value = evaluate(expr, "e2e-0123456789ab");
    const validate = new Ajv({ allErrors: true }).compile(SCHEMA);
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
    expect(value).not.toHaveProperty("nickname");
  });

  it("gives names and emails that differ per test user, so two runs never collide on unique fields", () => {
    const a = evaluate(expr, "e2e-aaaaaaaaaaaa");
    const b = evaluate(expr, "e2e-bbbbbbbbbbbb");
    expect(a.email).not.toBe(b.email);
    expect(a.name).not.toBe(b.name);
    expect(a.role).toBe("admin");
    expect(a.age).toBe(18);
  });
});
