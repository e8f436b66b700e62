// Schemas of the whole-graph routes (SPEC §2c): dependency chain, bulk dependencies, graph
// export, projects, component impact, agents.
import { Type } from "@fastify/type-provider-typebox";
import {
  CommaList,
  Id,
  NullableString,
  PrioritySchema,
  STATUSES,
  StatusSchema,
  StringEnum,
  Timestamp,
} from "./common.js";
import { ProjectFilter } from "./issue.js";

const MaxDepth = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10, description }));

export const ChainQuery = Type.Object(
  { max_depth: MaxDepth("How many levels of prerequisites to follow.") },
  { additionalProperties: false },
);

export const DependencyChainResponse = Type.Object({
  issue_id: Type.String(),
  prerequisites: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      status: StatusSchema,
      depth: Type.Integer({ description: "1 = a direct prerequisite." }),
      path: Type.Array(Type.String(), { description: "Ids from the issue to this prerequisite." }),
    }),
  ),
  open_count: Type.Integer({ description: "Prerequisites not CLOSED." }),
  truncated: Type.Boolean({ description: "True when max_depth cut the walk short." }),
});

export const BulkDependenciesBody = Type.Object(
  {
    depends_on_ids: Type.Array(Id, {
      minItems: 1,
      maxItems: 100,
      description: "The prerequisites to add (1..100 ids; an id named twice counts once).",
    }),
  },
  { additionalProperties: false },
);

export const BulkDependenciesResponse = Type.Object({
  added: Type.Array(Type.String(), { description: "Prerequisites this request added." }),
  existing: Type.Array(Type.String(), { description: "Prerequisites the issue had already." }),
});

const GRAPH_FORMATS = ["json", "dot", "mermaid"] as const;

export const GraphQuery = Type.Object(
  {
    format: Type.Optional(
      StringEnum(GRAPH_FORMATS, { description: "json (default), dot (Graphviz) or mermaid (text)." }),
    ),
    status: Type.Optional(CommaList(STATUSES, "Only issues with these statuses (comma list).")),
    component_id: Type.Optional(Id),
    project: ProjectFilter,
    root: Type.Optional(Id),
    depth: MaxDepth("With root: how many dependency hops from it, in either direction."),
  },
  { additionalProperties: false },
);

export const GraphJson = Type.Object({
  nodes: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      status: StatusSchema,
      priority: PrioritySchema,
      component_id: NullableString(),
      assignee: NullableString({ description: "The agent holding a live claim." }),
    }),
  ),
  edges: Type.Array(
    Type.Object({
      from: Type.String({ description: "The dependent issue." }),
      to: Type.String({ description: "Its prerequisite." }),
      type: Type.Literal("depends_on"),
    }),
  ),
});

export const ProjectsResponse = Type.Array(
  Type.Object({
    name: Type.String(),
    components: Type.Integer(),
    issues: Type.Object({
      open: Type.Integer(),
      in_progress: Type.Integer(),
      blocked: Type.Integer(),
      closed: Type.Integer(),
    }),
  }),
);

export const ComponentImpactQuery = Type.Object(
  { max_depth: MaxDepth("How many levels of dependents to follow from the component's open issues.") },
  { additionalProperties: false },
);

export const ComponentIdParams = Type.Object({ component_id: Id }, { additionalProperties: false });

const ComponentIssue = {
  id: Type.String(),
  title: Type.String(),
  status: StatusSchema,
  priority: PrioritySchema,
};

export const ComponentImpactResponse = Type.Object({
  component_id: Type.String(),
  name: Type.String(),
  project: Type.String(),
  max_depth: Type.Integer(),
  open_issues: Type.Array(Type.Object(ComponentIssue)),
  dependents: Type.Array(
    Type.Object({
      ...ComponentIssue,
      component_id: NullableString(),
      depth: Type.Integer({ description: "Fewest hops from an open issue of the component." }),
      path: Type.Array(Type.String(), { description: "Ids from that open issue to this one." }),
    }),
    { description: "Issues outside the component that depend on its open issues." },
  ),
  affected_components: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      project: Type.String(),
      issue_count: Type.Integer(),
    }),
  ),
  blocked_issues: Type.Array(Type.String(), {
    description: "Outside dependents, not CLOSED, that wait directly on an open issue of the component.",
  }),
  risk_score: Type.Number({ description: "direct + 0.5 * transitive + 2 * blocked" }),
  risk_level: StringEnum(["LOW", "MEDIUM", "HIGH", "CRITICAL"] as const),
  truncated: Type.Boolean({ description: "True when max_depth cut a walk short." }),
});

export const AgentsResponse = Type.Array(
  Type.Object({
    name: Type.String(),
    claims: Type.Array(Type.Object({ issue_id: Type.String(), expires_at: Timestamp })),
    last_seen: NullableString({
      description:
        "The agent's latest event in the last 24 hours (a timestamp); null when it only holds claims.",
    }),
  }),
);

/** Routes that take no query parameter: any is refused (400), as on every other route. */
export const NoQuery = Type.Object({}, { additionalProperties: false });
