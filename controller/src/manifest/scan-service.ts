// Scans one service's tree: every scanner of the table extracts facts per file (cached by
// content hash), links them across files, and the contributions merge into one ServiceManifest.

import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { scanners as defaultScanners } from "./frameworks/index.js";
import type { CachedFile, ManifestCache } from "./manifest-cache.js";
import { mergeOpenApi } from "./openapi/merge-openapi.js";
import { findOpenApiFiles } from "./openapi/read-openapi.js";
import { keepReachable } from "./reachable.js";
import { type FileHashes, hashText } from "./scan-state.js";
import type { FileFacts, FrameworkScanner, LinkContext, SyntaxNode } from "./scanner.js";
import { listSourceFiles } from "./source-tree.js";
import type { Dto, Endpoint, ServiceManifest, TypeDecl } from "./types.js";

/** How files become trees: lib/code-graph in production. */
export interface Parser {
  /** The language id of a path, or undefined for a file that is not source code. */
  languageOf(path: string): string | undefined;
  parse(language: string, text: string): Promise<{ rootNode: SyntaxNode; delete(): void }>;
}

export interface ScanServiceOptions {
  name: string;
  /** Absolute path of the tree. */
  root: string;
  /** `root` as written into the manifest (relative to the project). */
  displayRoot: string;
  parser: Parser;
  cache?: ManifestCache;
  scanners?: readonly FrameworkScanner[];
  /** The tree's files (listSourceFiles), when the caller has listed them already. */
  paths?: readonly string[];
}

export interface ScanStats {
  files: number;
  /** Files parsed and extracted in this scan (the others came from the cache). */
  extracted: number;
}

const keyOf = (s: FrameworkScanner) => s.factsKey ?? `${s.name}@${s.version}`;

export interface ScannedService {
  service: ServiceManifest;
  stats: ScanStats;
  /** Files read by a scanner beyond the source files (hash, null when absent): inputs of the result too. */
  reads: FileHashes;
}

export async function scanService(opts: ScanServiceOptions): Promise<ScannedService> {
  const scanners = opts.scanners ?? defaultScanners;
  const cached = opts.cache?.filesOf(opts.displayRoot) ?? {};
  const nextCache: Record<string, CachedFile> = {};
  const perScanner = new Map<FrameworkScanner, FileFacts<unknown>[]>(scanners.map((s) => [s, []]));
  const paths = opts.paths ?? (await listSourceFiles(opts.root));
  const texts = new Map<string, string>();
  let extracted = 0;

  for (const path of paths) {
    const language = opts.parser.languageOf(path);
    if (!language) continue;
    const wanted = scanners.filter((s) => s.languages.includes(language));
    if (wanted.length === 0) continue;
    const text = readFileSync(join(opts.root, path), "utf8");
    texts.set(path, text);
    const hash = createHash("sha256").update(text).digest("hex");
    const previous = cached[path]?.hash === hash ? cached[path].facts : {};
    const facts: Record<string, unknown> = {};
    let tree: { rootNode: SyntaxNode; delete(): void } | undefined;
    for (const scanner of wanted) {
      const key = keyOf(scanner);
      if (key in facts) {
        // already extracted for a scanner sharing the key
      } else if (!(key in previous)) {
        tree ??= await opts.parser.parse(language, text);
        facts[key] = scanner.extract({ path, language, text, hash, root: tree.rootNode }) ?? null;
      } else {
        facts[key] = previous[key];
      }
      if (facts[key] !== null && facts[key] !== undefined)
        perScanner.get(scanner)?.push({ path, facts: facts[key] });
    }
    if (tree) {
      extracted++;
      tree.delete();
    }
    nextCache[path] = { hash, facts };
  }
  opts.cache?.setFiles(opts.displayRoot, nextCache);

  const reads: FileHashes = {};
  const ctx: LinkContext = {
    files: new Set(paths),
    readFile: (path) => {
      if (texts.has(path)) return texts.get(path);
      const abs = join(opts.root, path);
      const bytes = existsSync(abs) ? readFileSync(abs) : undefined;
      reads[path] = bytes ? hashText(bytes) : null;
      return bytes?.toString("utf8");
    },
  };
  const frameworks: string[] = [];
  const endpoints = new Map<string, Endpoint>();
  const dtos = new Map<string, Dto>();
  const types = new Map<string, TypeDecl>();
  for (const scanner of scanners) {
    const facts = perScanner.get(scanner) ?? [];
    if (facts.length === 0) continue;
    const part = scanner.link(facts, ctx);
    if (scanner.kind === "framework" && part.endpoints.length > 0) frameworks.push(scanner.name);
    for (const e of part.endpoints) if (!endpoints.has(e.id)) endpoints.set(e.id, { ...e, source: "code" });
    // A framework's inline schema and a models scanner's declaration may share a name: the
    // first contribution (frameworks come first in the table) wins.
    for (const d of part.dtos) if (!dtos.has(d.name)) dtos.set(d.name, { ...d, source: "code" });
    for (const t of part.types) if (!types.has(t.name)) types.set(t.name, { ...t, source: "code" });
  }

  const service: ServiceManifest = {
    name: opts.name,
    root: opts.displayRoot,
    frameworks,
    endpoints: [...endpoints.values()],
    dtos: [...dtos.values()],
    types: [...types.values()],
  };
  const openapi = findOpenApiFiles(opts.root, paths);
  if (openapi.length > 0) mergeOpenApi(service, openapi);
  return { service: sortService(keepReachable(service)), stats: { files: texts.size, extracted }, reads };
}

function sortService(s: ServiceManifest): ServiceManifest {
  const by =
    <T>(key: (t: T) => string) =>
    (a: T, b: T) =>
      key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  return {
    ...s,
    endpoints: s.endpoints.sort(by((e) => `${e.path}\u0000${e.method}`)),
    dtos: s.dtos.sort(by((d) => d.name)),
    types: s.types.sort(by((t) => t.name)),
  };
}
