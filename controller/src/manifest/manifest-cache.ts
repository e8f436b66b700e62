// The incremental cache beside the manifest (`manifest.cache/`): per service root and file, the
// content hash and what each scanner extracted from it. A file whose hash is unchanged is
// neither parsed nor extracted again. One file per service root, read only when that service is
// scanned and written only when one of its entries changed: on 100k lines the facts weigh 22 MB,
// and reading or rewriting them all took most of a scan that changed one file.

import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeAtomically } from "./write-atomically.js";

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
const fileOf = (dir: string, root: string) =>
  join(dir, `${createHash("sha256").update(root).digest("hex").slice(0, 16)}.facts.json`);

export class ManifestCache {
  readonly #roots = new Map<string, Record<string, CachedFile>>();
  /** Roots whose entries changed since open(): a scan that changed nothing writes nothing. */
  readonly #dirty = new Set<string>();

  private constructor(readonly dir: string) {}

  /** The cache folder; nothing is read until a root's files are asked for. */
  static open(dir: string): ManifestCache {
    return new ManifestCache(dir);
  }

  /** An unreadable or foreign root file is ignored: the scan is then complete, never wrong. */
  filesOf(root: string): Record<string, CachedFile> {
    let files = this.#roots.get(root);
    if (files) return files;
    files = {};
    const path = fileOf(this.dir, root);
    if (existsSync(path)) {
      try {
        const read = JSON.parse(readFileSync(path, "utf8")) as RootDocument;
        if (
          read.format === CACHE_FORMAT &&
          read.root === root &&
          read.files &&
          typeof read.files === "object"
        )
          files = read.files;
      } catch {
        // a torn or hand-edited cache: start over
      }
    }
    this.#roots.set(root, files);
    return files;
  }

  /** Replaces a root's entries, so files deleted from the tree leave the cache too. */
  setFiles(root: string, files: Record<string, CachedFile>): void {
    if (!sameFiles(this.filesOf(root), files) || !existsSync(fileOf(this.dir, root))) this.#dirty.add(root);
    this.#roots.set(root, files);
  }

  /** Each changed root's file is written to a temporary file then renamed: a crash never leaves half a cache. */
  save(): void {
    for (const root of this.#dirty) {
      const doc: RootDocument = { format: CACHE_FORMAT, root, files: this.#roots.get(root) ?? {} };
      writeAtomically(fileOf(this.dir, root), JSON.stringify(doc));
    }
    this.#dirty.clear();
  }
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
