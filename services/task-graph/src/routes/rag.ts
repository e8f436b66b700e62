// POST /rag/search — hybrid lexical + vector search over everything indexed.
// Registration contract (for app.ts):
//   await app.register(ragRoutes, { prefix: "/api/v1", search, types? })
// `search` is the SearchService instance (src/domain/search) that the write paths also index
// into; `types` lists the item types a caller may ask for (default ["issue", "component"],
// grows when the code graph exists). The route path inside the plugin is "/rag/search", so the
// prefix makes it POST /api/v1/rag/search. When the vector side (store or embeddings endpoint)
// is down, the lexical index answers alone and the response says `degraded: true` (SPEC §2).
import { type Static, Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import { MIN_SCORE, type SearchService } from "../domain/search/index.js";
import { NonBlankText, StatusSchema, StringEnum } from "../schemas/common.js";

export interface RagRoutesOptions {
  search: SearchService;
  /** Item types a request may filter by. @default ["issue", "component"] */
  types?: string[];
  /** The issue of a note (SPEC §2c: notes are searchable), added to note results as `issue_id`. */
  noteIssue?: (noteId: string) => string | undefined;
}

const DEFAULT_SEARCH_TYPES = ["issue", "component"];

export function ragSearchSchemas(types: string[]) {
  const body = Type.Object(
    {
      query: NonBlankText(1000, "What to look for (free text, not blank)."),
      limit: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 100, default: 10, description: "Most results." }),
      ),
      types: Type.Optional(
        Type.Array(StringEnum(types), {
          minItems: 1,
          uniqueItems: true,
          description: "Only these item types.",
        }),
      ),
      status: Type.Optional(
        Type.Array(StatusSchema, {
          minItems: 1,
          uniqueItems: true,
          description: "Only issues with one of these statuses (items without a status are left out).",
        }),
      ),
      min_score: Type.Optional(
        Type.Number({
          minimum: 0,
          maximum: 1,
          default: MIN_SCORE,
          description:
            "Results scoring below this are left out, so a query with no meaningful match finds nothing.",
        }),
      ),
    },
    { additionalProperties: false },
  );
  const result = Type.Object({
    type: Type.String(),
    id: Type.String(),
    title: Type.String(),
    snippet: Type.String({ description: "Excerpt around the best matching terms." }),
    score: Type.Number({
      description:
        "0.6 · cosine similarity + 0.4 · normalised BM25 (BM25 alone when degraded), in [0, 1]; 1 for an id match.",
    }),
    status: Type.Optional(Type.String({ description: "The issue's status (issues only)." })),
    repo: Type.Optional(Type.String({ description: "Code repository (files and symbols only)." })),
    path: Type.Optional(
      Type.String({ description: "File path in the repository (files and symbols only)." }),
    ),
    line: Type.Optional(
      Type.Integer({ description: "1-based line: 1 for a file, the declaration's for a symbol." }),
    ),
    issue_id: Type.Optional(Type.String({ description: "The issue a note is on (notes only)." })),
  });
  const response = Type.Object({
    query: Type.String(),
    results: Type.Array(result),
    degraded: Type.Boolean({
      description: "True when the vector backend was unavailable and the lexical index answered alone.",
    }),
  });
  return { body, response };
}

export type RagSearchBody = Static<ReturnType<typeof ragSearchSchemas>["body"]>;

export const ragRoutes: FastifyPluginAsync<RagRoutesOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { body, response } = ragSearchSchemas(options.types ?? DEFAULT_SEARCH_TYPES);
  app.post(
    "/rag/search",
    {
      schema: {
        operationId: "ragSearch",
        summary: "Hybrid lexical + vector search across issues, components, code files and symbols",
        tags: ["rag"],
        body,
        response: { 200: response, ...errorResponses(400) },
      },
    },
    async (request) => ragSearch(options.search, request.body, options.noteIssue),
  );
};

/** A search request as the route's body schema allows it → the answer (also the MCP `search` tool). */
export async function ragSearch(
  search: SearchService,
  body: RagSearchBody,
  noteIssue?: (noteId: string) => string | undefined,
) {
  const { query, limit, types, status, min_score } = body;
  const answer = await search.answer({
    query,
    limit: limit ?? 10,
    ...(types ? { types } : {}),
    ...(status ? { status } : {}),
    ...(min_score !== undefined ? { minScore: min_score } : {}),
  });
  if (!noteIssue) return { query, ...answer };
  const results = answer.results.map((r) => {
    const issueId = r.type === "note" ? noteIssue(r.id) : undefined;
    return issueId === undefined ? r : { ...r, issue_id: issueId };
  });
  return { query, ...answer, results };
}
