// The search index cached beside the manifest (`manifest.search.json` for `manifest.json`), so a search
// reads one file instead of parsing the suite and embedding every document. It is rebuilt when
// stale: the manifest or a suite file (page.ts, modules) changed size or mtime, one was added or
// removed, a source file the endpoints' code words were read from changed or went, or another
// embedder is chosen. Written to a temporary file and renamed, so a reader
// never sees half a file; a file that cannot be read is rebuilt, never trusted.
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { BuiltIndex } from "./build-index.js";
import type { DocHead } from "./documents.js";
import type { IndexContent, IndexedDocument } from "./search-index.js";

/** Bumped whenever what a document or the kept WordNet table holds changes (documents.ts, suite-documents.ts, build-index.ts), so old caches are rebuilt. */
const CACHE_VERSION = 13;

interface CachedDocument {
  head: DocHead;
  terms: [string, number][];
  /** Float32 little-endian, base64. */
  vector: string;
  /** The HTTP channel's vector, the same way (only in an index with that channel). */
  channel?: string;
}

interface CacheFile {
  version: number;
  /** What the documents were made from (sourcesKey, then the code files'); any difference makes the file stale. */
  sources: string;
  /** The source files the code words were read from, relative to the root. */
  codeFiles: string[];
  documents: CachedDocument[];
  /** lib/search's WordNet table restricted to the documents' words. */
  synonyms: string;
}

/** `manifest.json` → `manifest.search.json` beside it (the manifest's own cache is `manifest.cache.json`). */
export const cachePathOf = (manifestPath: string) =>
  join(dirname(manifestPath), `${basename(manifestPath).replace(/\.json$/, "")}.search.json`);

/** One string that changes whenever a source changes: embedder, and each file's size and mtime. */
export function sourcesKey(embedder: string, root: string, files: string[]): string {
  const parts = [embedder];
  for (const file of files) {
    const path = join(root, file);
    const stat = existsSync(path) ? statSync(path) : undefined;
    parts.push(`${file}:${stat?.size ?? -1}:${stat?.mtimeMs ?? -1}`);
  }
  return parts.join("\n");
}

/** `sources` and the code files' sizes and mtimes: the key a cache file is written under. */
const withCodeFiles = (sources: string, root: string, codeFiles: string[]) =>
  `${sources}\n${sourcesKey("code", root, codeFiles)}`;

/** The cached documents when the file exists, is whole and was made from these sources (and unchanged code files). */
export function readCache(path: string, sources: string, root: string): IndexContent | undefined {
  let file: CacheFile;
  try {
    file = JSON.parse(readFileSync(path, "utf8")) as CacheFile;
  } catch {
    return undefined;
  }
  if (
    file?.version !== CACHE_VERSION ||
    !Array.isArray(file.codeFiles) ||
    file.sources !== withCodeFiles(sources, root, file.codeFiles) ||
    !Array.isArray(file.documents) ||
    typeof file.synonyms !== "string"
  )
    return undefined;
  const documents = file.documents.map((d): IndexedDocument => {
    const doc: IndexedDocument = { head: d.head, terms: new Map(d.terms), vector: floats(d.vector) };
    if (typeof d.channel === "string") doc.channel = floats(d.channel);
    return doc;
  });
  return { documents, synonyms: file.synonyms };
}

// Copied: a Float32Array needs an offset that is a multiple of 4, a decoded Buffer may not have one.
const floats = (text: string) => new Float32Array(new Uint8Array(Buffer.from(text, "base64")).buffer);

const base64 = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64");

export function writeCache(
  path: string,
  sources: string,
  root: string,
  { documents, synonyms, codeFiles }: BuiltIndex,
): void {
  const file: CacheFile = {
    version: CACHE_VERSION,
    sources: withCodeFiles(sources, root, codeFiles),
    codeFiles,
    synonyms,
    documents: documents.map((d) => ({
      head: d.head,
      terms: [...d.terms],
      vector: base64(d.vector),
      ...(d.channel ? { channel: base64(d.channel) } : {}),
    })),
  };
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(file));
  renameSync(tmp, path);
}
