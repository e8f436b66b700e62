// The code queries of SPEC §2c: symbol search, a symbol's references, a file's neighbours and a
// repository's counts. Used by the HTTP routes (routes/code-queries.ts) and the MCP tools.
import { type Static, Type } from "@fastify/type-provider-typebox";
import { MAX_PARAM_LENGTH } from "../../../../lib/service-kit/index.js";
import { StringEnum } from "./common.js";

const KINDS = ["function", "class", "method", "interface", "type", "enum", "variable"] as const;
const LANGUAGE = Type.String({ description: "A parsed language (typescript, python, ...) or `text`." });

const RepoFilter = Type.String({
  pattern: "^[A-Za-z0-9._-]{1,100}$",
  description: "A code repository's name.",
});

export const SymbolSearchQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 200, description: "A symbol name or part of one." }),
    repo: Type.Optional(RepoFilter),
    kind: Type.Optional(StringEnum(KINDS)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: false },
);
export type SymbolSearchInput = Static<typeof SymbolSearchQuery>;

export const SymbolParams = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: MAX_PARAM_LENGTH,
      description: "A symbol id `repo:path#Name`, URL-encoded in the path (`/` as %2F, `#` as %23).",
    }),
  },
  { additionalProperties: false },
);

const LONG_ID_LENGTH = 2000;
const count = Type.Integer({ minimum: 0 });

const referencesLimit = {
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 100,
      description: "Callers and callees listed, each.",
    }),
  ),
};

export const SymbolReferencesQuery = Type.Object(referencesLimit, { additionalProperties: false });

/** The same question for any id: a path parameter holds at most MAX_PARAM_LENGTH characters. */
export const SymbolByIdQuery = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: LONG_ID_LENGTH,
      description: "A symbol id `repo:path#Name` (any length).",
    }),
    ...referencesLimit,
  },
  { additionalProperties: false },
);

export const FileQuery = Type.Object(
  {
    path: Type.String({ minLength: 1, maxLength: 1000, description: "The file's path in its repository." }),
    repo: Type.Optional({
      ...RepoFilter,
      description: "Needed only when several repositories hold the path.",
    }),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: "Items listed in each list." }),
    ),
  },
  { additionalProperties: false },
);

const symbolFields = {
  id: Type.String(),
  repo: Type.String(),
  path: Type.String(),
  name: Type.String(),
  kind: StringEnum(KINDS),
  line: Type.Integer(),
  signature: Type.String(),
};

const SymbolSummarySchema = Type.Object(symbolFields);

export const SymbolHitList = Type.Object({
  items: Type.Array(
    Type.Object({
      ...symbolFields,
      match: StringEnum(["exact", "prefix", "fuzzy"] as const, {
        description:
          "exact name (any case, same case first), then prefix, then fuzzy (contains, typos, letters in order).",
      }),
    }),
  ),
  total: Type.Integer({ description: "Items listed (at most `limit`)." }),
});

const SymbolReference = Type.Object({
  ...symbolFields,
  confidence: Type.Number({
    minimum: 0,
    maximum: 1,
    description:
      "REFERENCES confidence: 1 through an import, 0.9 same file, 0.6 a name found elsewhere (split when ambiguous).",
  }),
});

export const SymbolDetailSchema = Type.Object({
  ...symbolFields,
  end_line: Type.Integer(),
  exported: Type.Boolean(),
  container: Type.Object({
    type: StringEnum(["file", "symbol"] as const),
    id: Type.String(),
    name: Type.String(),
    path: Type.String(),
  }),
  members: Type.Array(SymbolSummarySchema),
  callers: Type.Array(SymbolReference, { description: "Symbols that reference this one, surest first." }),
  callees: Type.Array(SymbolReference, { description: "Symbols this one references, surest first." }),
  callers_total: Type.Integer(),
  callees_total: Type.Integer(),
});

const CodeFileSchema = Type.Object({
  repo: Type.String(),
  path: Type.String(),
  language: LANGUAGE,
  lines: Type.Integer(),
  hash: Type.String({ description: "sha256 of the content, hex." }),
});

export const FileInfoSchema = Type.Object({
  file: CodeFileSchema,
  symbols: Type.Array(SymbolSummarySchema),
  imports: Type.Array(CodeFileSchema, { description: "Files this one imports (resolved)." }),
  imported_by: Type.Array(CodeFileSchema),
  tests: Type.Array(CodeFileSchema, { description: "Files this test file exercises." }),
  tested_by: Type.Array(CodeFileSchema, { description: "Test files that exercise this one." }),
  totals: Type.Object(
    { symbols: count, imports: count, imported_by: count, tests: count, tested_by: count },
    { description: "Each list's length before `limit` cut it." },
  ),
});

export const RepositoryStatsSchema = Type.Object({
  repo: Type.String(),
  files: count,
  lines: count,
  symbols: count,
  languages: Type.Array(Type.Object({ language: LANGUAGE, files: count, lines: count })),
  symbol_kinds: Type.Record(Type.String(), count, { description: "Symbols by kind." }),
  edges: Type.Object({ CONTAINS: count, IMPORTS: count, REFERENCES: count, TESTS: count }),
});
