// Building blocks shared by the route schemas.
import { type TSchema, Type } from "@fastify/type-provider-typebox";

export const Timestamp = Type.String({
  description: "UTC, ISO 8601 without offset, milliseconds: 2026-11-21T23:44:37.588",
  examples: ["2026-11-21T23:44:37.588"],
});

export const Id = Type.String({ minLength: 1, maxLength: 100, description: "Identifier (UUID)." });

/**
 * A string from a fixed list, as JSON Schema `enum` rather than TypeBox's anyOf of literals:
 * the validation message then lists the allowed values ("must be one of: ..."), and the
 * response serializer needs no per-value schema matching.
 */
export function StringEnum<T extends string>(values: readonly T[], options: { description?: string } = {}) {
  return Type.Unsafe<T>({ type: "string", enum: [...values], ...options });
}

/** A string or null (OpenAPI 3.0 `nullable`), without an anyOf. */
export function NullableString(
  options: { minLength?: number; maxLength?: number; description?: string } = {},
) {
  return Type.Unsafe<string | null>({ type: "string", nullable: true, ...options });
}

export const STATUSES = ["OPEN", "IN_PROGRESS", "BLOCKED", "CLOSED"] as const;
export const PRIORITIES = ["LOW", "MEDIUM", "HIGH", "CRITICAL"] as const;
export const StatusSchema = StringEnum(STATUSES, { description: "Issue status." });
export const PrioritySchema = StringEnum(PRIORITIES, { description: "Issue priority." });

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1, description: "1-based page number." })),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 20, description: "Items per page." }),
  ),
};

/** The list envelope every list endpoint answers with. */
export function ListEnvelope<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    limit: Type.Integer(),
    total_pages: Type.Integer(),
  });
}

export interface Envelope<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  total_pages: number;
}

export function envelope<T>(items: T[], total: number, page: number, limit: number): Envelope<T> {
  return { items, total, page, limit, total_pages: Math.ceil(total / limit) };
}

export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });
