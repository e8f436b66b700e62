// POST /rag/search — hybrid lexical + vector search over everything indexed.
// Registration contract (for app.ts):
//   await app.register(ragRoutes, { prefix: "/api/v1", search, types? })
// `search` is the SearchService instance (src/domain/search) that the write paths also index
// into; `types` lists the item types a caller may ask for (default ["issue", "component"],
// grows when the code graph exists). The route path inside the plugin is "/rag/search", so the
// prefix makes it POST /api/v1/rag/search. A backend that is down (vector store, embeddings
// endpoint) answers 503 BACKEND_UNAVAILABLE.
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { ErrorBodySchema, HttpError } from "../../../../lib/service-kit/index.js";
import type { SearchService } from "../domain/search/index.js";
import { isBackendUnavailable } from "../ports/errors.js";

export interface RagRoutesOptions {
  search: SearchService;
  /** Item types a request may filter by. @default ["issue", "component"] */
  types?: string[];
}

export const DEFAULT_SEARCH_TYPES = ["issue", "component"];

export function ragSearchSchemas(types: string[]) {
  const body = Type.Object(
    {
      query: Type.String({ minLength: 1, maxLength: 1000, description: "What to look for (free text)." }),
      limit: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 100, default: 10, description: "Most results." }),
      ),
      types: Type.Optional(
        Type.Array(Type.Union(types.map((t) => Type.Literal(t))), {
          minItems: 1,
          uniqueItems: true,
          description: "Only these item types.",
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
    score: Type.Number({ description: "0.6 · cosine similarity + 0.4 · normalised BM25, in [0, 1]." }),
  });
  const response = Type.Object({ query: Type.String(), results: Type.Array(result) });
  return { body, response };
}

export const ragRoutes: FastifyPluginAsync<RagRoutesOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { body, response } = ragSearchSchemas(options.types ?? DEFAULT_SEARCH_TYPES);
  app.post(
    "/rag/search",
    {
      schema: {
        summary: "Hybrid lexical + vector search across issues and components",
        tags: ["rag"],
        body,
        response: { 200: response, 400: ErrorBodySchema, 503: ErrorBodySchema },
      },
    },
    async (request) => {
      const { query, limit, types } = request.body;
      if (query.trim().length === 0) {
        throw new HttpError(400, "VALIDATION_ERROR", 'Field "query" must not be blank.', {
          field: "query",
          location: "body",
          rule: "must not be blank",
        });
      }
      try {
        const results = await options.search.search({
          query,
          limit: limit ?? 10,
          ...(types ? { types } : {}),
        });
        return { query, results };
      } catch (error) {
        if (isBackendUnavailable(error)) {
          throw new HttpError(
            503,
            "BACKEND_UNAVAILABLE",
            `Search is unavailable: the ${error.backend} backend does not answer.`,
            {
              backend: error.backend,
            },
          );
        }
        throw error;
      }
    },
  );
};
