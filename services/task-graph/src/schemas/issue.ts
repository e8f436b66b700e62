// Issue shapes: the single source of request validation, response types and OpenAPI.
import { type Static, Type } from "@fastify/type-provider-typebox";
import {
  Id,
  NullableString,
  PageQuery,
  PrioritySchema,
  StatusSchema,
  StringEnum,
  Timestamp,
} from "./common.js";

const Title = Type.String({ maxLength: 1000, description: "1..200 characters after trimming." });
const Description = Type.String({ maxLength: 20_000 });
const Labels = Type.Array(Type.String({ minLength: 1, maxLength: 50 }), {
  maxItems: 20,
  uniqueItems: true,
  description: "Up to 20 distinct labels of 1..50 characters.",
});
const ComponentRef = NullableString({
  minLength: 1,
  maxLength: 100,
  description: "Component id, or null for none.",
});

export const IssueSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  status: StatusSchema,
  priority: PrioritySchema,
  component_id: NullableString(),
  labels: Type.Array(Type.String()),
  depends_on: Type.Array(Type.String(), { description: "Ids of issues this one depends on." }),
  blocks: Type.Array(Type.String(), { description: "Ids of issues that depend on this one." }),
  created_at: Timestamp,
  updated_at: Timestamp,
  closed_at: NullableString({ description: "When it was closed (UTC, ms); null unless CLOSED." }),
});
export type Issue = Static<typeof IssueSchema>;

export const CreateIssueBody = Type.Object(
  {
    title: Title,
    description: Type.Optional(Description),
    priority: Type.Optional(PrioritySchema),
    status: Type.Optional(StatusSchema),
    component_id: Type.Optional(ComponentRef),
    labels: Type.Optional(Labels),
  },
  { additionalProperties: false },
);
export type CreateIssueInput = Static<typeof CreateIssueBody>;

export const PatchIssueBody = Type.Object(
  {
    title: Type.Optional(Title),
    description: Type.Optional(Description),
    priority: Type.Optional(PrioritySchema),
    status: Type.Optional(StatusSchema),
    component_id: Type.Optional(ComponentRef),
    labels: Type.Optional(Labels),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type PatchIssueInput = Static<typeof PatchIssueBody>;

export const SORT_VALUES = [
  "created_at",
  "-created_at",
  "updated_at",
  "-updated_at",
  "priority",
  "-priority",
] as const;

export const ListIssuesQuery = Type.Object(
  {
    ...PageQuery,
    status: Type.Optional(
      Type.String({ maxLength: 200, description: "Comma list of OPEN, IN_PROGRESS, BLOCKED, CLOSED." }),
    ),
    priority: Type.Optional(
      Type.String({ maxLength: 200, description: "Comma list of LOW, MEDIUM, HIGH, CRITICAL." }),
    ),
    component_id: Type.Optional(Id),
    label: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    q: Type.Optional(
      Type.String({ maxLength: 200, description: "Case-insensitive text in title or description." }),
    ),
    sort: Type.Optional(
      StringEnum(SORT_VALUES, {
        description: "created_at | updated_at | priority, optionally prefixed with - for descending.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListIssuesInput = Static<typeof ListIssuesQuery>;

export const PageOnlyQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type PageInput = Static<typeof PageOnlyQuery>;
