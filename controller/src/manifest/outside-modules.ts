// Modules a service imports from outside its folder, such as a shared library of the monorepo
// (`../../../lib/service-kit/index.js`): read so that names defined there resolve (a page query
// built by a kit's helper, an error schema), never scanned for routes or DTOs of their own.
// Followed as TypeScript follows relative imports, transitively, at most MAX_FILES files; never
// into node_modules. Their hashes are inputs of the scan, so an edit there rescans the service.

import { existsSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import type { FileToExtract } from "./extract-file.js";
import type { FileFacts } from "./scanner.js";

const MAX_FILES = 400;
const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];

/** The relative specifiers a module's facts import from or re-export (`from` of import values). */
function specifiersOf(facts: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 40 || typeof v !== "object" || v === null) return;
    const rec = v as Record<string, unknown>;
    if (rec.k === "import" && typeof rec.from === "string" && rec.from.startsWith(".")) out.add(rec.from);
    for (const x of Array.isArray(v) ? v : Object.values(rec)) walk(x, depth + 1);
  };
  const m = facts as { bindings?: unknown; exports?: unknown; starExports?: string[] };
  walk(m.bindings, 0);
  walk(m.exports, 0);
  for (const s of m.starExports ?? []) if (s.startsWith(".")) out.add(s);
  return [...out];
}

/** `spec` imported from `from` (both relative to root) → an existing file, relative to root. */
function resolveOnDisk(root: string, from: string, spec: string): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  if (base.split("/").includes("node_modules")) return undefined;
  const stem = base.replace(/\.(c|m)?jsx?$/, "");
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => stem + e),
    ...EXTENSIONS.map((e) => `${base}/index${e}`),
  ];
  return candidates.find((c) => /\.[cm]?[jt]sx?$/.test(c) && existsSync(join(root, c)));
}

export interface OutsideModules {
  /** Facts by path (relative to the root, starting with `../`). */
  files: FileFacts<unknown>[];
  /** Each file's text hash: inputs of the scan. */
  hashes: Record<string, string>;
}

/**
 * The modules outside `root` that the tree's modules import, and those they import in turn,
 * extracted with `key` (the JavaScript facts).
 */
export async function readOutsideModules(
  root: string,
  tree: readonly FileFacts<unknown>[],
  key: string,
  extract: (file: FileToExtract, keys: readonly string[]) => Promise<Record<string, unknown>>,
  hash: (text: string) => string,
): Promise<OutsideModules> {
  const out: OutsideModules = { files: [], hashes: {} };
  const seen = new Set<string>();
  const queue: { from: string; facts: unknown }[] = tree.map((f) => ({ from: f.path, facts: f.facts }));
  while (queue.length > 0 && seen.size < MAX_FILES) {
    const { from, facts } = queue.shift()!;
    for (const spec of specifiersOf(facts)) {
      const path = resolveOnDisk(root, from, spec);
      if (!path?.startsWith("../") || seen.has(path)) continue;
      seen.add(path);
      const text = readFileSync(join(root, path), "utf8");
      out.hashes[path] = hash(text);
      const language = /\.[cm]?tsx?$/.test(path) ? (path.endsWith("x") ? "tsx" : "typescript") : "javascript";
      const found = (await extract({ path, language, text, hash: out.hashes[path] }, [key]))[key];
      if (found === null || found === undefined) continue;
      out.files.push({ path, facts: found });
      queue.push({ from: path, facts: found });
    }
  }
  return out;
}
