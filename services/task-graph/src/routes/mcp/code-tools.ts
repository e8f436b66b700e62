// MCP tools for the code graph (SPEC §2c): find a symbol, its references, a file's neighbours, a
// repository's counts. The same schemas and domain calls as routes/code-queries.ts.
import type { CodeQueries } from "../../domain/code/code-queries.js";
import { RepositoryParams } from "../../schemas/code.js";
import {
  FileInfoSchema,
  FileQuery,
  RepositoryStatsSchema,
  SymbolByIdQuery,
  SymbolDetailSchema,
  SymbolHitList,
  type SymbolSearchInput,
  SymbolSearchQuery,
} from "../../schemas/code-queries.js";
import { summariseFile, summariseStats, summariseSymbol, summariseSymbolSearch } from "./code-summaries.js";
import type { ToolDefinition } from "./tool-runner.js";

export function codeTools(queries: CodeQueries): ToolDefinition[] {
  return [
    {
      name: "find_symbol",
      title: "Find a symbol by name",
      description:
        "Functions, classes, methods... by name: exact (any case) first, then names that start with q, then near names (contains, typos, letters in order); filters repo and kind. Same as GET /api/v1/code/symbols.",
      parts: [SymbolSearchQuery],
      output: SymbolHitList,
      summary: summariseSymbolSearch,
      run: async (args) => {
        const { q, repo, kind, limit } = args as SymbolSearchInput;
        const items = await queries.searchSymbols({
          q,
          limit: limit ?? 20,
          ...(repo ? { repo } : {}),
          ...(kind ? { kind } : {}),
        });
        return { items, total: items.length };
      },
    },
    {
      name: "symbol_references",
      title: "Callers and callees of a symbol",
      description:
        "The symbol (id from find_symbol) with the symbols that reference it and those it references, each with the confidence of the reference, its container and members. Same as GET /api/v1/code/symbols/{id}.",
      parts: [SymbolByIdQuery],
      output: SymbolDetailSchema,
      summary: summariseSymbol,
      run: async (args) => queries.symbol(args.id as string, (args.limit as number | undefined) ?? 100),
    },
    {
      name: "file_info",
      title: "A file's symbols, imports and tests",
      description:
        "A code file with its symbols, the files it imports and that import it, the files it tests and the test files that exercise it. Same as GET /api/v1/code/files.",
      parts: [FileQuery],
      output: FileInfoSchema,
      summary: summariseFile,
      run: async (args) =>
        queries.file(
          args.path as string,
          args.repo as string | undefined,
          (args.limit as number | undefined) ?? 100,
        ),
    },
    {
      name: "repository_stats",
      title: "A code repository's counts",
      description:
        "Files, lines, symbols, languages and edges by type of an indexed repository. Same as GET /api/v1/code/repositories/{name}/stats.",
      parts: [RepositoryParams],
      output: RepositoryStatsSchema,
      summary: summariseStats,
      run: async (args) => queries.stats(args.name as string),
    },
  ];
}
