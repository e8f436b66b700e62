// Which grammar parses which file. The grammar packages ship their own `.wasm` builds; the path
// is resolved through the package so a version bump needs no change here.
import { createRequire } from "node:module";

export type LanguageId = "typescript" | "tsx" | "javascript" | "python" | "java" | "go" | "kotlin";

export const LANGUAGES: readonly LanguageId[] = [
  "typescript",
  "tsx",
  "javascript",
  "python",
  "java",
  "go",
  "kotlin",
];

const EXTENSIONS: Record<string, LanguageId> = {
  ".ts": "typescript",
  ".mts": "typescript",
  ".cts": "typescript",
  ".tsx": "tsx",
  ".js": "javascript",
  ".mjs": "javascript",
  ".cjs": "javascript",
  ".jsx": "javascript",
  ".py": "python",
  ".pyi": "python",
  ".java": "java",
  ".go": "go",
  ".kt": "kotlin",
  ".kts": "kotlin",
};

const GRAMMAR_FILES: Record<LanguageId, string> = {
  typescript: "tree-sitter-typescript/tree-sitter-typescript.wasm",
  tsx: "tree-sitter-typescript/tree-sitter-tsx.wasm",
  javascript: "tree-sitter-javascript/tree-sitter-javascript.wasm",
  python: "tree-sitter-python/tree-sitter-python.wasm",
  java: "tree-sitter-java/tree-sitter-java.wasm",
  go: "tree-sitter-go/tree-sitter-go.wasm",
  kotlin: "@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm",
};

/** The language of a file from its name, or undefined for a file no grammar parses. */
export function languageOf(path: string): LanguageId | undefined {
  const dot = path.lastIndexOf(".");
  if (dot < 0 || dot < path.lastIndexOf("/")) return undefined;
  return EXTENSIONS[path.slice(dot).toLowerCase()];
}

export function isLanguageId(value: string): value is LanguageId {
  return (LANGUAGES as readonly string[]).includes(value);
}

const require = createRequire(import.meta.url);

/** Absolute path of the grammar's `.wasm` file inside its npm package. */
export function grammarPath(language: LanguageId): string {
  return require.resolve(GRAMMAR_FILES[language]);
}
