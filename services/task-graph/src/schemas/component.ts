import { type Static, Type } from "@fastify/type-provider-typebox";
import { LimitedText, PageQuery, Timestamp, TrimmedText } from "./common.js";
import { ProjectFilter } from "./issue.js";

const Name = TrimmedText(100, "Unique per project.");
const Project = TrimmedText(100, "Default: default.");
const Description = LimitedText(5000);
/** SPEC §4: the code a component owns, as globs (picomatch syntax) over repository paths. */
const Paths = Type.Array(
  Type.String({ minLength: 1, maxLength: 300, description: "A glob, e.g. services/auth/**." }),
  {
    maxItems: 50,
    uniqueItems: true,
    description: "Up to 50 path globs of the code this component owns.",
  },
);

export const ComponentSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  project: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
  paths: Type.Array(Type.String(), { description: "Path globs of the code it owns." }),
});

export const CreateComponentBody = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    project: Type.Optional(Project),
    paths: Type.Optional(Paths),
  },
  { additionalProperties: false },
);
export type CreateComponentInput = Static<typeof CreateComponentBody>;

export const PatchComponentBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    project: Type.Optional(Project),
    paths: Type.Optional(Paths),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type PatchComponentInput = Static<typeof PatchComponentBody>;

/** GET /components: paging, and the `project` filter (SPEC §2c). */
export const ListComponentsQuery = Type.Object(
  { ...PageQuery, project: ProjectFilter },
  { additionalProperties: false },
);
