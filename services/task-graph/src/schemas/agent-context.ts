// GET /api/v1/agent/context/{issue_id} (SPEC §4) and the MCP tool get_issue_context: what an
// agent may ask for, and the answer's shape.
import { type Static, Type } from "@fastify/type-provider-typebox";
import { Id, StatusSchema } from "./common.js";

export const AgentContextQuery = Type.Object(
  {
    budget_tokens: Type.Optional(
      Type.Integer({
        minimum: 100,
        maximum: 200_000,
        default: 4000,
        description: "Most tokens (o200k_base) of everything rendered in the answer.",
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: "Most files." })),
    repo: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: "Only files of this repository." }),
    ),
  },
  { additionalProperties: false },
);
export type AgentContextInput = Static<typeof AgentContextQuery>;

const Signals = Type.Object({
  mention: Type.Number(),
  link: Type.Number(),
  component: Type.Number(),
  graph: Type.Number(),
  lexical: Type.Number(),
  semantic: Type.Number(),
  tests: Type.Number(),
});

export const AgentContextResponse = Type.Object({
  issue: Type.Object({ id: Id, title: Type.String(), status: StatusSchema }),
  tokenizer: Type.Literal("o200k_base"),
  budget_tokens: Type.Integer(),
  used_tokens: Type.Integer(),
  files: Type.Array(
    Type.Object({
      repo: Type.String(),
      path: Type.String(),
      score: Type.Number(),
      signals: Signals,
      reasons: Type.Array(Type.String()),
      symbols: Type.Array(
        Type.Object({
          name: Type.String(),
          kind: Type.String(),
          line: Type.Integer(),
          signature: Type.String(),
          score: Type.Number(),
        }),
      ),
      snippet: Type.String(),
    }),
  ),
  related_issues: Type.Array(
    Type.Object({
      id: Id,
      title: Type.String(),
      status: StatusSchema,
      relation: Type.Union([Type.Literal("depends_on"), Type.Literal("blocks"), Type.Literal("similar")]),
    }),
  ),
  truncated: Type.Boolean(),
  warnings: Type.Array(Type.String()),
});
export type AgentContextAnswer = Static<typeof AgentContextResponse>;
