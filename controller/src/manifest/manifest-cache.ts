// The incremental cache beside the manifest (`manifest.cache/`): per service root and file, the
// content hash and what each scanner extracted from it. A file whose hash is unchanged is
// neither parsed nor extracted again. One file per service root, read only when that service is
// scanned and written only when one of its entries changed: on 100k lines the facts weigh 22 MB,
// and reading or rewriting them all took most of a scan that changed one file.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { readJsonFile, writeAtomically } from "./json-files.js";
import { hashText } from "./scan-state.js";

const CACHE_FORMAT = 2;

export interface CachedFile {
  hash: string;
  /** `scanner@version` → facts (null: the scanner found nothing in the file). */
  facts: Record<string, unknown>;
}

interface RootDocument {
  format: number;
  root: string;
  files: Record<string, CachedFile>;
}

/** The cache file of one service root: a hash of the root, so any root name makes a safe file name. */
const fileOf = (dir: string, root: string) => join(dir, `${hashText(root).slice(0, 16)}.facts.json`);

export class ManifestCache {
  readonly #roots = new Map<string, Record<string, CachedFile>>();
  /** Roots whose entries changed since open(): a scan that changed nothing writes nothing. */
  readonly #dirty = new Set<string>();
  /** Roots' file texts made by worker threads, to write on save(). */
  readonly #texts = new Map<string, string>();

  private constructor(readonly dir: string) {}

  /** The cache folder; nothing is read until a root's files are asked for. */
  static open(dir: string): ManifestCache {
    return new ManifestCache(dir);
  }

  /** An unreadable or foreign root file is ignored: the scan is then complete, never wrong. */
  filesOf(root: string): Record<string, CachedFile> {
    let files = this.#roots.get(root);
    if (files) return files;
    const read = readJsonFile<RootDocument>(
      fileOf(this.dir, root),
      (d) => d.format === CACHE_FORMAT && d.root === root && typeof d.files === "object" && d.files !== null,
    );
    files = read?.files ?? {};
    this.#roots.set(root, files);
    return files;
  }

  /** Replaces a root's entries, so files deleted from the tree leave the cache too. */
  setFiles(root: string, files: Record<string, CachedFile>): void {
    if (!sameFiles(this.filesOf(root), files) || !existsSync(fileOf(this.dir, root))) this.#dirty.add(root);
    this.#roots.set(root, files);
  }

  /**
   * The root's file text if its entries changed since open() (then no longer pending here): a
   * worker thread that scanned the root hands it to the scanning thread's cache (setText).
   */
  takeText(root: string): string | undefined {
    if (!this.#dirty.delete(root)) return undefined;
    return serialize(root, this.#roots.get(root) ?? {});
  }

  /** A root's file text made elsewhere (takeText), written by save(). */
  setText(root: string, text: string): void {
    this.#texts.set(root, text);
  }

  /** Each changed root's file is written to a temporary file then renamed: a crash never leaves half a cache. */
  save(): void {
    for (const root of this.#dirty)
      writeAtomically(fileOf(this.dir, root), serialize(root, this.#roots.get(root) ?? {}));
    for (const [root, text] of this.#texts) writeAtomically(fileOf(this.dir, root), text);
    this.#dirty.clear();
    this.#texts.clear();
  }
}

/** JSON text already made for a facts object (by the worker that extracted it), by object. */
const jsonOf = new WeakMap<object, string>();

/** Remembers `json` as the text of `facts` (parsed from it): saving the cache then skips a stringify. */
export function withJson<T extends object>(facts: T, json: string): T {
  jsonOf.set(facts, json);
  return facts;
}

/** A RootDocument's JSON, reusing facts' remembered texts (a first scan's 22 MB were most of its save). */
function serialize(root: string, files: Record<string, CachedFile>): string {
  const entries = Object.entries(files).map(
    ([path, f]) =>
      `${JSON.stringify(path)}:{"hash":${JSON.stringify(f.hash)},"facts":${jsonOf.get(f.facts) ?? JSON.stringify(f.facts)}}`,
  );
  return `{"format":${CACHE_FORMAT},"root":${JSON.stringify(root)},"files":{${entries.join(",")}}}`;
}

/** Same files with the same hashes and the very same facts (a scan reuses the cached objects). */
function sameFiles(before: Record<string, CachedFile>, after: Record<string, CachedFile>): boolean {
  const paths = Object.keys(after);
  if (paths.length !== Object.keys(before).length) return false;
  return paths.every((path) => {
    const a = before[path];
    const b = after[path]!;
    if (!a || a.hash !== b.hash) return false;
    const keys = Object.keys(b.facts);
    return keys.length === Object.keys(a.facts).length && keys.every((k) => a.facts[k] === b.facts[k]);
  });
}
