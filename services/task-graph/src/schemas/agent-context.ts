// GET /api/v1/agent/context/{issue_id} (SPEC §4) and the MCP tool get_issue_context: what an
// agent may ask for, and the answer's shape.
import { type Static, Type } from "@fastify/type-provider-typebox";
import { Id, StatusSchema } from "./common.js";

export const AgentContextParams = Type.Object({ issue_id: Id }, { additionalProperties: false });

/**
 * The smallest `budget_tokens`: what the answer's header costs at most for an ordinary issue, in
 * o200k_base tokens of its compact JSON. The frame (status IN_PROGRESS, empty lists, six-digit
 * counts, the longest fixed warning: no code indexed) costs 94, the costliest UUID 37, and a title
 * of 200 characters at one token each (CJK, punctuation, code-like text; English costs about a
 * quarter of that) 200. A title that costs more (rare scripts, emoji sequences) is cut to fit,
 * ending in "…", with `truncated: true` (domain/context/agent-context.ts).
 * test/context/agent-context.test.ts measures these costs on real answers and holds this to them.
 */
export const MIN_BUDGET_TOKENS = 331;

export const AgentContextQuery = Type.Object(
  {
    budget_tokens: Type.Optional(
      Type.Integer({
        minimum: MIN_BUDGET_TOKENS,
        maximum: 200_000,
        default: 4000,
        description: `Most tokens (o200k_base) of the answer: its compact JSON text, every field included (${MIN_BUDGET_TOKENS}..200000; the minimum holds the issue's header).`,
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: "Most files." })),
    repo: Type.Optional(
      Type.String({ pattern: "^[A-Za-z0-9._-]{1,100}$", description: "Only files of this code repository." }),
    ),
  },
  { additionalProperties: false },
);
export type AgentContextInput = Static<typeof AgentContextQuery>;

const Score = Type.Number({ minimum: 0, maximum: 1 });

const Signals = Type.Object(
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
      "component (the component's path globs), graph (personalised PageRank seeded by the other signals), " +
      "lexical (BM25, relative to the best file), semantic (embedding cosine, relative to the best file), " +
      "tests (a test of, or the code under, a file the issue names).",
  },
);

export const AgentContextResponse = Type.Object({
  issue: Type.Object({ id: Id, title: Type.String(), status: StatusSchema }),
  tokenizer: Type.Literal("o200k_base"),
  budget_tokens: Type.Integer(),
  used_tokens: Type.Integer({
    description: "Tokens of this answer's compact JSON text, this field included; never above budget_tokens.",
  }),
  files: Type.Array(
    Type.Object({
      repo: Type.String(),
      path: Type.String(),
      score: Type.Number({
        minimum: 0,
        maximum: 1,
        description:
          "Logistic model over the signals, the file's kind (code, test, docs, build) and the issue's affinity to that kind, weights fitted on real commit histories (context/ranker-weights.ts); the issue's own code_refs and component add 2 and 0.3 times the lexical weight.",
      }),
      signals: Signals,
      reasons: Type.Array(Type.String(), { description: "Why, one sentence per contributing signal." }),
      symbols: Type.Array(
        Type.Object({
          name: Type.String(),
          kind: Type.String(),
          line: Type.Integer(),
          signature: Type.String(),
          score: Score,
        }),
      ),
      snippet: Type.String({
        description:
          "Signature-level outline: `line: text` of the relevant declarations and lines, never the whole file.",
      }),
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
  decisions: Type.Array(
    Type.Object({
      id: Type.String(),
      author: Type.String(),
      text: Type.String({ description: "Cut to 1,000 characters, … marking a cut." }),
      created_at: Type.String(),
    }),
    {
      description:
        "The issue's latest decisions (its notes of kind decision, SPEC §2c), newest first, at most 5; dropped from the end after the related issues when the budget needs it.",
    },
  ),
  truncated: Type.Boolean({
    description: "True when the budget or the limit left out files, related issues or decisions.",
  }),
  warnings: Type.Array(Type.String()),
});
export type AgentContextAnswer = Static<typeof AgentContextResponse>;
