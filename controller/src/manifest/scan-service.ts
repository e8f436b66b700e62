// Scans one service's tree: every scanner of the table extracts facts per file (cached by
// content hash), links them across files, and the contributions merge into one ServiceManifest.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { extractFile, type FileToExtract, keyOf, type Parser } from "./extract-file.js";
import { scanners as defaultScanners } from "./frameworks/index.js";
import { JS_FACTS_KEY } from "./js/module-facts.js";
import type { CachedFile, ManifestCache } from "./manifest-cache.js";
import { mergeOpenApi } from "./openapi/merge-openapi.js";
import { findOpenApiFiles } from "./openapi/read-openapi.js";
import { readOutsideModules } from "./outside-modules.js";
import { keepReachable } from "./reachable.js";
import { keepRunningModules } from "./running-modules.js";
import { type FileHashes, hashText } from "./scan-state.js";
import type { FileFacts, FrameworkScanner, LinkContext } from "./scanner.js";
import { listSourceFiles } from "./source-tree.js";
import type { Dto, Endpoint, ServiceManifest, TypeDecl } from "./types.js";

export type { Parser } from "./extract-file.js";

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
  /**
   * Extraction elsewhere (a worker pool, with the default scanners): files are then handed over
   * all at once. Default: in this thread with `parser`, one file at a time.
   */
  extract?: (file: FileToExtract, keys: readonly string[]) => Promise<Record<string, unknown>>;
}

/** The keys (`scanner@version`, sorted, once each) a scan with `scanners` files its facts under. */
export const factsKeysOf = (scanners: readonly FrameworkScanner[] = defaultScanners): string[] =>
  [...new Set(scanners.map(keyOf))].sort();

export interface ScanStats {
  files: number;
  /** Files parsed and extracted in this scan (the others came from the cache). */
  extracted: number;
}

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

  const extract =
    opts.extract ??
    ((file: FileToExtract, keys: readonly string[]) => extractFile(opts.parser, scanners, file, keys));
  const files: { path: string; wanted: FrameworkScanner[]; hash: string; facts: Record<string, unknown> }[] =
    [];
  const pending: Promise<void>[] = [];
  for (const path of paths) {
    const language = opts.parser.languageOf(path);
    if (!language) continue;
    const wanted = scanners.filter((s) => s.languages.includes(language));
    if (wanted.length === 0) continue;
    const text = readFileSync(join(opts.root, path), "utf8");
    texts.set(path, text);
    // The hash of the text read here, not the one build-manifest made when it listed the file:
    // a file edited in between would have its facts filed under its earlier content's hash.
    const hash = hashText(text);
    const previous = cached[path]?.hash === hash ? cached[path].facts : {};
    const facts: Record<string, unknown> = {};
    const missing: string[] = [];
    for (const scanner of wanted) {
      const key = keyOf(scanner);
      if (key in facts || missing.includes(key)) continue;
      if (key in previous) facts[key] = previous[key];
      else missing.push(key);
    }
    files.push({ path, wanted, hash, facts });
    if (missing.length === 0) continue;
    extracted++;
    const entry = files[files.length - 1]!;
    const done = extract({ path, language, text, hash }, missing).then((found) => {
      // All new: keep the extractor's own object (a pool's comes with its JSON text for the cache).
      if (Object.keys(facts).length === 0) entry.facts = found;
      else Object.assign(facts, found);
    });
    // In this thread one file at a time (one tree alive); a pool gets them all at once.
    if (opts.extract) pending.push(done);
    else await done;
  }
  await Promise.all(pending);
  for (const { path, wanted, hash, facts } of files) {
    for (const scanner of wanted) {
      const found = facts[keyOf(scanner)];
      if (found !== null && found !== undefined) perScanner.get(scanner)?.push({ path, facts: found });
    }
    nextCache[path] = { hash, facts };
  }
  const reads: FileHashes = {};
  const outside = await outsideOf(opts.root, scanners, perScanner, cachedExtract(extract, cached, nextCache));
  Object.assign(reads, outside.hashes);
  await keepRunningModules(
    opts.root,
    scanners,
    { perScanner, reads },
    cachedExtract(extract, cached, nextCache),
    hashText,
  );
  opts.cache?.setFiles(opts.displayRoot, nextCache);
  const ctx: LinkContext = {
    outside: outside.byKey,
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

/**
 * `extract` that first takes the facts cached for the file's path and hash, and files what it
 * returns in `next`: modules outside the root (outside-modules.ts) are then parsed once, not again
 * on each scan that an edit inside the tree starts.
 */
function cachedExtract(
  extract: (file: FileToExtract, keys: readonly string[]) => Promise<Record<string, unknown>>,
  cached: Record<string, CachedFile>,
  next: Record<string, CachedFile>,
): (file: FileToExtract, keys: readonly string[]) => Promise<Record<string, unknown>> {
  return async (file, keys) => {
    const previous = cached[file.path];
    const hit = previous?.hash === file.hash && keys.every((k) => k in previous.facts);
    const facts = hit ? previous.facts : await extract(file, keys);
    next[file.path] = { hash: file.hash, facts };
    return facts;
  };
}

/** The JavaScript modules outside the root that the tree imports (outside-modules.ts). */
async function outsideOf(
  root: string,
  scanners: readonly FrameworkScanner[],
  perScanner: Map<FrameworkScanner, FileFacts<unknown>[]>,
  extract: (file: FileToExtract, keys: readonly string[]) => Promise<Record<string, unknown>>,
): Promise<{ byKey: Map<string, FileFacts<unknown>[]>; hashes: FileHashes }> {
  const js = scanners.find((s) => keyOf(s) === JS_FACTS_KEY);
  const tree = js ? (perScanner.get(js) ?? []) : [];
  if (tree.length === 0) return { byKey: new Map(), hashes: {} };
  const found = await readOutsideModules(root, tree, JS_FACTS_KEY, extract, hashText);
  return { byKey: new Map([[JS_FACTS_KEY, found.files]]), hashes: found.hashes };
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
