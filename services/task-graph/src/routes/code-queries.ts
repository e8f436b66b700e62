// /api/v1/code/symbols and /api/v1/code/files: questions about the code graph (SPEC §2c), answered
// by domain/code/code-queries.ts from the graph the service holds.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { CodeQueries } from "../domain/code/code-queries.js";
import { RepositoryParams } from "../schemas/code.js";
import {
  FileInfoSchema,
  FileQuery,
  RepositoryStatsSchema,
  SymbolByIdQuery,
  SymbolDetailSchema,
  SymbolHitList,
  SymbolParams,
  SymbolReferencesQuery,
  SymbolSearchQuery,
} from "../schemas/code-queries.js";

export interface CodeQueryRoutesOptions {
  queries: CodeQueries;
}

export const codeQueryRoutes: FastifyPluginAsync<CodeQueryRoutesOptions> = async (fastify, { queries }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ["code"];

  app.get(
    "/code/symbols",
    {
      schema: {
        tags,
        operationId: "searchCodeSymbols",
        summary: "Find symbols by name: exact, then prefix, then fuzzy",
        querystring: SymbolSearchQuery,
        response: { 200: SymbolHitList, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { q, repo, kind, limit } = request.query;
      const items = await queries.searchSymbols({
        q,
        limit: limit ?? 20,
        ...(repo ? { repo } : {}),
        ...(kind ? { kind } : {}),
      });
      return { items, total: items.length };
    },
  );

  app.get(
    "/code/symbols/:id",
    {
      schema: {
        tags,
        operationId: "getCodeSymbol",
        summary: "A symbol with its callers and callees (REFERENCES with confidence), container and members",
        params: SymbolParams,
        querystring: SymbolReferencesQuery,
        response: { 200: SymbolDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => queries.symbol(request.params.id, request.query.limit ?? 100),
  );

  // Symbol ids hold a path and often pass the router's 100-character limit for a path parameter.
  app.get(
    "/code/symbols/by-id",
    {
      schema: {
        tags,
        operationId: "getCodeSymbolById",
        summary: "The same as /code/symbols/{id}, the id in the query (for ids over 100 characters)",
        querystring: SymbolByIdQuery,
        response: { 200: SymbolDetailSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => queries.symbol(request.query.id, request.query.limit ?? 100),
  );

  app.get(
    "/code/files",
    {
      schema: {
        tags,
        operationId: "getCodeFile",
        summary: "A file with its symbols, imports, importers, tests and tested-by (at most `limit` of each)",
        querystring: FileQuery,
        response: { 200: FileInfoSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => queries.file(request.query.path, request.query.repo, request.query.limit ?? 100),
  );

  app.get(
    "/code/repositories/:name/stats",
    {
      schema: {
        tags,
        operationId: "getCodeRepositoryStats",
        summary: "A code repository's files, lines, symbols, languages and edges by type",
        params: RepositoryParams,
        response: { 200: RepositoryStatsSchema, ...errorResponses(404) },
      },
    },
    async (request) => queries.stats(request.params.name),
  );
};
