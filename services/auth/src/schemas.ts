/** TypeBox schemas: the single source of validation, TypeScript types and the OpenAPI document. */
import { type Static, Type } from "@fastify/type-provider-typebox";
import { MAX_PARAM_LENGTH, PageQueryProperties } from "../../../lib/service-kit/index.js";

export const RoleSchema = Type.Enum(["admin", "user"], { description: "admin | user" });
export type Role = Static<typeof RoleSchema>;

const Timestamp = Type.String({ description: "UTC, ISO 8601, milliseconds, no zone offset" });

export const UserSchema = Type.Object(
  {
    id: Type.String({ format: "uuid" }),
    email: Type.String(),
    name: Type.String(),
    role: RoleSchema,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { additionalProperties: false, description: "A user; the password is never returned." },
);
export type User = Static<typeof UserSchema>;

const Email = Type.String({ format: "email", maxLength: 254 });
const Password = Type.String({ minLength: 6, maxLength: 128 });
const Name = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: "\\S",
  "x-message": { minLength: "must not be blank", pattern: "must not be blank" },
});

export const CreateUserBody = Type.Object(
  { email: Email, password: Password, name: Name, role: Type.Optional(RoleSchema) },
  { additionalProperties: false },
);
export type CreateUserBody = Static<typeof CreateUserBody>;

export const UpdateUserBody = Type.Object(
  { email: Type.Optional(Email), name: Type.Optional(Name), role: Type.Optional(RoleSchema) },
  {
    additionalProperties: false,
    minProperties: 1,
    "x-message": "must be a JSON object with at least one of name, email, role",
  },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const RegisterBody = Type.Object(
  { email: Email, password: Password, name: Name },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

const NonEmpty = Type.String({ minLength: 1, "x-message": "must be a non-empty string" });
export const LoginBody = Type.Object(
  { email: NonEmpty, password: NonEmpty },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const ListQuery = Type.Object(
  {
    ...PageQueryProperties(10),
    search: Type.Optional(Type.String({ maxLength: 254, description: "Case-insensitive, in name or email" })),
  },
  { additionalProperties: false },
);
export type ListQuery = Static<typeof ListQuery>;

export const IdParams = Type.Object({
  id: Type.String({ maxLength: MAX_PARAM_LENGTH, description: "The user's id (UUID)." }),
});

export const UserList = Type.Object(
  {
    items: Type.Array(UserSchema),
    total: Type.Integer(),
    page: Type.Integer(),
    limit: Type.Integer(),
    total_pages: Type.Integer(),
  },
  { additionalProperties: false },
);

export const TokenResponse = Type.Object(
  {
    token: Type.String({ description: "JWT (HS256); send as Authorization: Bearer <token>" }),
    user: UserSchema,
  },
  { additionalProperties: false },
);

export const HealthSchema = Type.Object(
  {
    status: Type.Literal("healthy"),
    timestamp: Timestamp,
    service: Type.Literal("mock-api"),
    version: Type.Literal("1.0.0"),
  },
  { additionalProperties: false },
);

export const NoContent = Type.Null({ description: "No content" });
