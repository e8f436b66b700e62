import { Type } from "@fastify/type-provider-typebox";
import { Id, NonBlankText, NullableString, StringEnum } from "./common.js";

export const ImpactQuery = Type.Object(
  {
    max_depth: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 50,
        default: 10,
        description: "How many dependency levels to follow.",
      }),
    ),
  },
  { additionalProperties: false },
);

const AffectedIssue = Type.Object({
  id: Type.String(),
  title: Type.String(),
  status: Type.String(),
  priority: Type.String(),
  component_id: NullableString(),
  depth: Type.Integer({ description: "1 = depends on the analysed issue directly." }),
  path: Type.Array(Type.String(), { description: "Ids from the analysed issue to this one." }),
});

export const ImpactResponse = Type.Object({
  issue_id: Type.String(),
  max_depth: Type.Integer(),
  directly_affected: Type.Array(AffectedIssue),
  transitively_affected: Type.Array(AffectedIssue, { description: "Dependents at depth 2 or more." }),
  blocked_issues: Type.Array(AffectedIssue, {
    description: "Non-closed direct dependents for which this issue is the last open prerequisite.",
  }),
  affected_components: Type.Array(
    Type.Object({ id: Type.String(), name: Type.String(), issue_count: Type.Integer() }),
  ),
  risk_score: Type.Number({ description: "direct + 0.5 * transitive + 2 * blocked" }),
  risk_level: StringEnum(["LOW", "MEDIUM", "HIGH", "CRITICAL"] as const),
  truncated: Type.Boolean({ description: "True when max_depth cut the walk short." }),
});

export const RootCauseBody = Type.Object(
  {
    test_failure: NonBlankText(20_000, "The failure message (not blank)."),
    component_id: Id,
    test_name: Type.Optional(Type.String({ maxLength: 500 })),
    stack_trace: Type.Optional(Type.String({ maxLength: 40_000 })),
    labels: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20, uniqueItems: true }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  },
  { additionalProperties: false },
);

const SignalsSchema = Type.Object({
  component: Type.Number({ description: "+0.3 when in the failing component." }),
  recency: Type.Number({ description: "+0.3 changed or closed < 24 h, +0.2 < 7 days." }),
  labels: Type.Number({ description: "+0.2 when sharing a label with the request." }),
  semantic: Type.Number({ description: "0.2 * cosine similarity of failure and issue text (>= 0)." }),
  graph: Type.Number({
    description: "+0.2 within 1 dependency hop of the component's issues, +0.1 within 3.",
  }),
});

export const RootCauseResponse = Type.Object({
  component_id: Type.String(),
  considered: Type.Integer({ description: "Issues scored before the 0.1 cut and the limit." }),
  candidates: Type.Array(
    Type.Object({
      type: Type.String(),
      id: Type.String(),
      title: Type.String(),
      status: Type.String(),
      confidence: Type.Number({ minimum: 0, maximum: 1 }),
      signals: SignalsSchema,
      reasons: Type.Array(Type.String(), { description: "One explanation per signal." }),
    }),
  ),
});

export const HealthResponse = Type.Object({
  status: StringEnum(["healthy", "degraded"] as const),
  service: Type.Literal("task-graph"),
  version: Type.String(),
  timestamp: Type.String(),
  graph: Type.Object({ backend: Type.String(), status: StringEnum(["up", "down"] as const) }),
  vectors: Type.Object({
    backend: Type.String(),
    // resyncing: reachable, and vectors are being written in the background (start-up, after an outage).
    status: StringEnum(["up", "down", "resyncing"] as const),
  }),
  code: Type.Object(
    {
      // empty: no repository; indexing: some repository's first pass runs; error: one failed.
      status: StringEnum(["empty", "indexing", "ready", "error"] as const),
      repositories: Type.Integer(),
      files: Type.Integer(),
      symbols: Type.Integer(),
    },
    { description: "The code graph (SPEC §4): indexing progress and totals." },
  ),
});
