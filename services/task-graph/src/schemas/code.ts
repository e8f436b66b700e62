// Code repositories (SPEC §4): registration, listing and uploads of files.
import { Type } from "@fastify/type-provider-typebox";
import { NullableString, StringEnum } from "./common.js";

const RepositoryName = Type.String({
  pattern: "^[A-Za-z0-9._-]{1,100}$",
  description: "1..100 letters, digits, '.', '_' or '-'.",
});

export const RepositoryParams = Type.Object({ name: RepositoryName }, { additionalProperties: false });

export const CreateRepositoryBody = Type.Object(
  {
    name: RepositoryName,
    path: Type.String({
      minLength: 1,
      maxLength: 4096,
      description: "A directory on the service's machine; indexed in the background, then watched.",
    }),
  },
  { additionalProperties: false },
);

export const RepositorySchema = Type.Object({
  name: Type.String(),
  path: NullableString({ description: "null for a repository filled by uploads only." }),
  status: StringEnum(["indexing", "ready", "error"] as const),
  files: Type.Integer({ description: "Files indexed now." }),
  symbols: Type.Integer({ description: "Symbols indexed now." }),
  indexed_at: NullableString({ description: "When the last indexing pass ended (UTC, ms); null before it." }),
  error: NullableString({ description: "Why the last pass failed (status error), else null." }),
  warnings: Type.Array(Type.String(), {
    description:
      "Files indexed for lexical search only, and why (over CODE_MAX_PARSE_BYTES or CODE_MAX_LINE_CHARS, or over the parse budget); the newest 20.",
  }),
});

export const RepositoryList = Type.Object({ items: Type.Array(RepositorySchema), total: Type.Integer() });

const FilePath = Type.String({
  minLength: 1,
  maxLength: 1000,
  description:
    "The file's canonical path: relative to the repository root, '/' separated, no empty, '.' or '..' segment, no trailing '/', no '\\', NFC. Anything else is refused (400 naming the rule), never rewritten.",
});

export const UploadFilesBody = Type.Object(
  {
    files: Type.Array(
      Type.Union([
        Type.Object(
          {
            path: FilePath,
            content: Type.String({ maxLength: 4_000_000, description: "The file's text (UTF-8)." }),
          },
          { additionalProperties: false },
        ),
        Type.Object({ path: FilePath, deleted: Type.Literal(true) }, { additionalProperties: false }),
      ]),
      { minItems: 1, maxItems: 20_000, description: "New or changed files, and deletions." },
    ),
  },
  { additionalProperties: false },
);

export const UploadResultSchema = Type.Object({
  repo: Type.String(),
  files: Type.Integer({ description: "Files in the repository after the upload." }),
  symbols: Type.Integer({ description: "Symbols in the repository after the upload." }),
  parsed: Type.Integer({ description: "Files new or changed by content hash." }),
  unchanged: Type.Integer({ description: "Files whose content hash was already indexed." }),
  removed: Type.Integer(),
  skipped: Type.Array(Type.String(), {
    description:
      'Files not indexed: binary, generated (lock files, minified bundles, source maps, "@generated" markers).',
  }),
});
