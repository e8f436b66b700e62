/** Schemas shared by both services' route definitions (so OpenAPI documents error responses). */
import { Type } from "@fastify/type-provider-typebox";

export const ErrorBodySchema = Type.Object(
  {
    error: Type.String({ description: "Human sentence; names the field for validation errors." }),
    code: Type.String({ description: "UPPER_SNAKE_CASE machine code." }),
    details: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { description: "Every error response has this shape." },
);

/**
 * `page` and `limit` of a list (SPEC: page >= 1, limit 1..100), both optional. The page maximum
 * is the largest integer the query coercion reads exactly, so the document states it.
 */
export function PageQueryProperties(defaultLimit: number) {
  return {
    page: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: Number.MAX_SAFE_INTEGER,
        default: 1,
        description: "1-based page number; past the last page, items is empty.",
      }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: defaultLimit, description: "Items per page." }),
    ),
  };
}
