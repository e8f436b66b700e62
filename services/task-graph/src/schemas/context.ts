// GET /agent/context/{issue_id} (SPEC §4).
import { Type } from "@fastify/type-provider-typebox";
import { Id } from "./common.js";

export const AgentContextParams = Type.Object({ issue_id: Id }, { additionalProperties: false });

export const AgentContextQuery = Type.Object(
  {
    budget_tokens: Type.Optional(
      Type.Integer({
        minimum: 500,
        maximum: 200_000,
        default: 4000,
        description: "Most o200k_base tokens the answer's compact JSON may take (500..200000).",
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: "Most files." })),
    repo: Type.Optional(
      Type.String({ pattern: "^[A-Za-z0-9._-]{1,100}$", description: "Only this code repository." }),
    ),
  },
  { additionalProperties: false },
);

const Score = Type.Number({ minimum: 0, maximum: 1 });

const SignalsSchema = Type.Object(
  {
    mention: Score,
    link: Score,
    component: Score,
    graph: Score,
    lexical: Score,
    semantic: Score,
    tests: Score,
  },
  {
    description:
      "Each in [0, 1]: mention (the issue names the file, its folder or a symbol it declares), link (code_refs), " +
      "component (the component's path globs), graph (personalised PageRank from the other signals), lexical (BM25), " +
      "semantic (embedding cosine, relative to the best file), tests (a test of, or the code under, a file the issue names).",
  },
);

export const AgentContextSchema = Type.Object({
  issue: Type.Object({ id: Type.String(), title: Type.String(), status: Type.String() }),
  tokenizer: Type.Literal("o200k_base"),
  budget_tokens: Type.Integer(),
  used_tokens: Type.Integer({ description: "Tokens of this answer's compact JSON text, this field included; <= budget_tokens." }),
  files: Type.Array(
    Type.Object({
      repo: Type.String(),
      path: Type.String(),
      score: Score,
      signals: SignalsSchema,
      reasons: Type.Array(Type.String()),
      symbols: Type.Array(
        Type.Object({
          name: Type.String(),
          kind: Type.String(),
          line: Type.Integer(),
          signature: Type.String(),
          score: Score,
        }),
      ),
      snippet: Type.String({ description: "Signature-level outline: `line: text` of relevant declarations and lines." }),
    }),
  ),
  related_issues: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      status: Type.String(),
      relation: Type.Union([Type.Literal("depends_on"), Type.Literal("blocks"), Type.Literal("similar")]),
    }),
  ),
  truncated: Type.Boolean({ description: "True when the budget or the limit left out files or related issues." }),
  warnings: Type.Array(Type.String()),
});
