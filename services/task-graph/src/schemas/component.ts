import { type Static, Type } from "@fastify/type-provider-typebox";
import { Timestamp } from "./common.js";

const Name = Type.String({
  maxLength: 500,
  description: "1..100 characters after trimming; unique per project.",
});
const Project = Type.String({
  maxLength: 500,
  description: "1..100 characters after trimming. Default: default.",
});
const Description = Type.String({ maxLength: 5000 });

export const ComponentSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  project: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Component = Static<typeof ComponentSchema>;

export const CreateComponentBody = Type.Object(
  { name: Name, description: Type.Optional(Description), project: Type.Optional(Project) },
  { additionalProperties: false },
);
export type CreateComponentInput = Static<typeof CreateComponentBody>;

export const PatchComponentBody = Type.Object(
  { name: Type.Optional(Name), description: Type.Optional(Description), project: Type.Optional(Project) },
  { additionalProperties: false, minProperties: 1 },
);
export type PatchComponentInput = Static<typeof PatchComponentBody>;
