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

// Lengths are counted in user-perceived characters (grapheme clusters) by the domain
// (src/domain/text.ts); the schema bounds below are looser code-point limits that only stop
// absurd input early. Text with NUL or a lone surrogate is refused for any field.
const Title = Type.String({
  maxLength: 1000,
  description:
    "1..200 characters (grapheme clusters) after trimming; whitespace or invisible characters only count as blank.",
});
const Description = Type.String({ description: "At most 20,000 characters (grapheme clusters)." });
const Labels = Type.Array(Type.String({ minLength: 1, maxLength: 500 }), {
  maxItems: 20,
  uniqueItems: true,
  description:
    "Up to 20 labels of 1..50 characters (grapheme clusters), distinct when compared case-insensitively.",
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
  assignee: NullableString({ description: "The agent holding a live claim on it, else null." }),
  claim_expires_at: NullableString({ description: "When that claim's lease runs out (UTC, ms), else null." }),
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

const ListFilters = {
  ...PageQuery,
  status: Type.Optional(
    Type.String({ maxLength: 200, description: "Comma list of OPEN, IN_PROGRESS, BLOCKED, CLOSED." }),
  ),
  priority: Type.Optional(
    Type.String({ maxLength: 200, description: "Comma list of LOW, MEDIUM, HIGH, CRITICAL." }),
  ),
  component_id: Type.Optional(Id),
  label: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: "A label, compared case-insensitively." }),
  ),
  q: Type.Optional(
    Type.String({ maxLength: 200, description: "Case-insensitive text in title or description." }),
  ),
  sort: Type.Optional(
    StringEnum(SORT_VALUES, {
      description: "created_at | updated_at | priority, optionally prefixed with - for descending.",
    }),
  ),
};

export const ListIssuesQuery = Type.Object(ListFilters, { additionalProperties: false });
export type ListIssuesInput = Static<typeof ListIssuesQuery>;

/** /issues/blocked and /issues/workable: the list's filters plus `unclaimed`. */
export const ReadinessQuery = Type.Object(
  {
    ...ListFilters,
    unclaimed: Type.Optional(
      Type.Boolean({ description: "true: only issues nobody holds a live claim on." }),
    ),
  },
  { additionalProperties: false },
);
export type ReadinessInput = Static<typeof ReadinessQuery>;

export const ClaimBody = Type.Object(
  {
    agent: Type.String({
      minLength: 1,
      maxLength: 500,
      description: "Who claims: 1..100 characters (grapheme clusters) after trimming.",
    }),
    lease_seconds: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 86_400, default: 900, description: "Lease length in seconds." }),
    ),
  },
  { additionalProperties: false },
);
export type ClaimInput = Static<typeof ClaimBody>;

export const ReleaseQuery = Type.Object(
  {
    agent: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 500,
        description: "Release only if this agent holds the claim (else 409 ALREADY_CLAIMED).",
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReleaseInput = Static<typeof ReleaseQuery>;

export const DeleteIssueQuery = Type.Object(
  {
    force: Type.Optional(
      Type.Boolean({ description: "true: delete even when other issues depend on it (their edges go too)." }),
    ),
  },
  { additionalProperties: false },
);
export type DeleteIssueInput = Static<typeof DeleteIssueQuery>;

/** Conditional writes (RFC 9110 If-Match) on one issue. */
export const IfMatchHeaders = Type.Object({
  "if-match": Type.Optional(
    Type.String({ description: "ETag(s) from an earlier read, or *; a stale one gives 412." }),
  ),
});

export const PageOnlyQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type PageInput = Static<typeof PageOnlyQuery>;
