// Issue shapes: the single source of request validation, response types and OpenAPI.
import { type Static, Type } from "@fastify/type-provider-typebox";
import { UNIQUE_IGNORING_CASE } from "../../../../lib/service-kit/index.js";
import type { IssueRecord } from "../ports/graph-store.js";
import {
  CommaList,
  Id,
  LimitedText,
  NullableString,
  PageQuery,
  PRIORITIES,
  PrioritySchema,
  STATUSES,
  StatusSchema,
  StringEnum,
  Timestamp,
  TrimmedText,
  VisibleText,
} from "./common.js";

// Every limit below is enforced by validating against this very schema, and shown in /docs/json;
// lengths are user-perceived characters (grapheme clusters). Text with NUL or a lone surrogate
// is refused in any field (routes/text-guard.ts).
const Title = TrimmedText(200);
const Description = LimitedText(20_000);
const Labels = Type.Array(VisibleText(50, "1..50 characters (grapheme clusters), not blank."), {
  maxItems: 20,
  uniqueItems: true,
  [UNIQUE_IGNORING_CASE]: true,
  description: "Up to 20 labels, distinct when compared case-insensitively (stored as given).",
});
/** SPEC §4: links from the issue to code, `path` or `path#Symbol` (the agent context seeds from them). */
const CodeRefs = Type.Array(
  Type.String({
    minLength: 1,
    maxLength: 500,
    pattern: "^[^#\\s]+(#[^#\\s]+)?$",
    description: "A file path in a code repository, optionally with #Symbol (e.g. src/cart.ts#Cart.total).",
  }),
  { maxItems: 50, uniqueItems: true, description: "Up to 50 links to code: path or path#Symbol." },
);
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
  code_refs: Type.Array(Type.String(), { description: "Links to code: path or path#Symbol." }),
});
export type Issue = Static<typeof IssueSchema>;

/** The fields of an issue in IssueSchema's order: every other list of them derives from this. */
export const ISSUE_FIELDS = Object.keys(IssueSchema.properties) as (keyof Issue)[];

/** The fields an issue is stored with: all but the two read from DEPENDS_ON edges. */
export const ISSUE_RECORD_FIELDS = ISSUE_FIELDS.filter(
  (f): f is keyof IssueRecord & keyof Issue => f !== "depends_on" && f !== "blocks",
);

/** One issue as answered, with the ETag header that If-Match is compared with (documented). */
export const IssueWithEtag = Type.Object(IssueSchema.properties, {
  headers: {
    etag: Type.String({ description: "Strong ETag of this representation; send it back as If-Match." }),
  },
});

export const CreateIssueBody = Type.Object(
  {
    title: Title,
    description: Type.Optional(Description),
    priority: Type.Optional(PrioritySchema),
    status: Type.Optional(StatusSchema),
    component_id: Type.Optional(ComponentRef),
    labels: Type.Optional(Labels),
    code_refs: Type.Optional(CodeRefs),
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
    code_refs: Type.Optional(CodeRefs),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type PatchIssueInput = Static<typeof PatchIssueBody>;

const SORT_VALUES = [
  "created_at",
  "-created_at",
  "updated_at",
  "-updated_at",
  "priority",
  "-priority",
] as const;

/** The `project` filter of every list (issues, blocked, workable, components, graph; SPEC §2c). */
export const ProjectFilter = Type.Optional(
  VisibleText(
    100,
    "Only what belongs to this project: components of it, issues through their component (issues without one never match); 1..100 characters.",
  ),
);

const ListFilters = {
  ...PageQuery,
  status: Type.Optional(
    CommaList(STATUSES, "Only these statuses: a comma list, e.g. OPEN,IN_PROGRESS (case-insensitive)."),
  ),
  priority: Type.Optional(
    CommaList(PRIORITIES, "Only these priorities: a comma list, e.g. HIGH,CRITICAL (case-insensitive)."),
  ),
  component_id: Type.Optional(Id),
  project: ProjectFilter,
  label: Type.Optional(
    VisibleText(50, "Only issues with this label (compared case-insensitively; 1..50 characters)."),
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

export const ClaimBody = Type.Object(
  {
    agent: TrimmedText(100, "Who claims."),
    lease_seconds: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 86_400, default: 900, description: "Lease length in seconds." }),
    ),
  },
  { additionalProperties: false },
);

export const ReleaseQuery = Type.Object(
  {
    agent: Type.Optional(
      VisibleText(
        100,
        "Release only if this agent holds the claim (else 409 ALREADY_CLAIMED); 1..100 characters, trimmed.",
      ),
    ),
  },
  { additionalProperties: false },
);

export const DeleteIssueQuery = Type.Object(
  {
    force: Type.Optional(
      Type.Boolean({ description: "true: delete even when other issues depend on it (their edges go too)." }),
    ),
  },
  { additionalProperties: false },
);

/** Conditional writes (RFC 9110 If-Match) on one issue. */
export const IfMatchHeaders = Type.Object({
  "if-match": Type.Optional(
    Type.String({ description: "ETag(s) from an earlier read, or *; a stale one gives 412." }),
  ),
});
