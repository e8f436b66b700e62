import { type Static, Type } from "@fastify/type-provider-typebox";
import { LimitedText, Timestamp, TrimmedText } from "./common.js";

const Name = TrimmedText(100, "Unique per project.");
const Project = TrimmedText(100, "Default: default.");
const Description = LimitedText(5000);

export const ComponentSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  project: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

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
