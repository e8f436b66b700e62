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
