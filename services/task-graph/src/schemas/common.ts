// Building blocks shared by the route schemas.
import { type TSchema, Type } from "@fastify/type-provider-typebox";

export const Timestamp = Type.String({
  description: "UTC, ISO 8601 without offset, milliseconds: 2026-11-21T23:44:37.588",
  examples: ["2026-11-21T23:44:37.588"],
});

export const Id = Type.String({ minLength: 1, maxLength: 100, description: "Identifier (UUID)." });

export const StatusSchema = Type.Union(
  [Type.Literal("OPEN"), Type.Literal("IN_PROGRESS"), Type.Literal("BLOCKED"), Type.Literal("CLOSED")],
  { description: "Issue status." },
);
export const PrioritySchema = Type.Union(
  [Type.Literal("LOW"), Type.Literal("MEDIUM"), Type.Literal("HIGH"), Type.Literal("CRITICAL")],
  { description: "Issue priority." },
);

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1, description: "1-based page number." })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: "Items per page." })),
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
