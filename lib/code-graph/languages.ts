// Which grammar parses which file. The grammar packages ship their own `.wasm` builds; the path
// is resolved through the package so a version bump needs no change here. The packed package
// ships only those `.wasm` files (copied beside this module by `npm run build`), not the grammar
// packages: ~8 MB read out of ~117 MB installed.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";

export type LanguageId =
  | "typescript"
  | "tsx"
  | "javascript"
  | "python"
  | "java"
  | "go"
  | "kotlin"
  | "ruby"
  | "php"
  | "csharp";

export const LANGUAGES: readonly LanguageId[] = [
  "typescript",
  "tsx",
  "javascript",
  "python",
  "java",
  "go",
  "kotlin",
  "ruby",
  "php",
  "csharp",
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
  ".rb": "ruby",
  ".php": "php",
  ".cs": "csharp",
};

const GRAMMAR_FILES: Record<LanguageId, string> = {
  typescript: "tree-sitter-typescript/tree-sitter-typescript.wasm",
  tsx: "tree-sitter-typescript/tree-sitter-tsx.wasm",
  javascript: "tree-sitter-javascript/tree-sitter-javascript.wasm",
  python: "tree-sitter-python/tree-sitter-python.wasm",
  java: "tree-sitter-java/tree-sitter-java.wasm",
  go: "tree-sitter-go/tree-sitter-go.wasm",
  kotlin: "@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm",
  ruby: "tree-sitter-ruby/tree-sitter-ruby.wasm",
  php: "tree-sitter-php/tree-sitter-php.wasm",
  csharp: "tree-sitter-c-sharp/tree-sitter-c_sharp.wasm",
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

/**
 * Where the `.wasm` files are read from, first found: the folder `TREE_SITTER_WASM_DIR` names (for
 * a bundle shipped without node_modules: copy `web-tree-sitter.wasm` and the grammars'
 * `tree-sitter-<lang>.wasm` files there); the `wasm/` folder beside this module, which
 * `npm run build` fills in dist/ (build/copy-wasm.mjs), so the installed package needs no grammar
 * package; the npm packages themselves (a working tree running the TypeScript source).
 */
export const WASM_DIR_ENV = "TREE_SITTER_WASM_DIR";

const SHIPPED_WASM_DIR = fileURLToPath(new URL("./wasm/", import.meta.url));

function wasmFile(packagePath: string): string {
  const name = basename(packagePath);
  const dir = process.env[WASM_DIR_ENV];
  if (dir) {
    const file = join(dir, name);
    if (!existsSync(file)) throw new Error(`${WASM_DIR_ENV}=${dir} has no ${name}`);
    return file;
  }
  const shipped = join(SHIPPED_WASM_DIR, name);
  if (existsSync(shipped)) return shipped;
  try {
    return require.resolve(packagePath);
  } catch {
    throw new Error(
      `cannot find ${name}: not in ${SHIPPED_WASM_DIR} (npm run build copies it there) nor in its npm package; or set ${WASM_DIR_ENV}`,
    );
  }
}

/** Absolute path of the grammar's `.wasm` file. */
export function grammarPath(language: LanguageId): string {
  return wasmFile(GRAMMAR_FILES[language]);
}

/** Absolute path of web-tree-sitter's own runtime `.wasm`. */
export function runtimePath(): string {
  return wasmFile("web-tree-sitter/web-tree-sitter.wasm");
}
