// The incremental cache beside the manifest (`manifest.cache.json`): per service root and file,
// the content hash and what each scanner extracted from it. A file whose hash is unchanged is
// neither parsed nor extracted again.

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const CACHE_FORMAT = 1;

export interface CachedFile {
  hash: string;
  /** `scanner@version` → facts (null: the scanner found nothing in the file). */
  facts: Record<string, unknown>;
}

interface CacheDocument {
  format: number;
  roots: Record<string, Record<string, CachedFile>>;
}

export class ManifestCache {
  /** Whether an entry changed since open(): a scan that changed nothing writes nothing (22 MB for 100k lines). */
  #dirty = false;

  private constructor(
    private readonly path: string,
    private readonly doc: CacheDocument,
  ) {}

  /** An unreadable or foreign cache is ignored: the scan is then complete, never wrong. */
  static open(path: string): ManifestCache {
    let doc: CacheDocument = { format: CACHE_FORMAT, roots: {} };
    if (existsSync(path)) {
      try {
        const read = JSON.parse(readFileSync(path, "utf8")) as CacheDocument;
        if (read.format === CACHE_FORMAT && read.roots && typeof read.roots === "object") doc = read;
      } catch {
        // a torn or hand-edited cache: start over
      }
    }
    return new ManifestCache(path, doc);
  }

  filesOf(root: string): Record<string, CachedFile> {
    return this.doc.roots[root] ?? {};
  }

  /** Replaces a root's entries, so files deleted from the tree leave the cache too. */
  setFiles(root: string, files: Record<string, CachedFile>): void {
    if (!sameFiles(this.doc.roots[root], files)) this.#dirty = true;
    this.doc.roots[root] = files;
  }

  /** Written to a temporary file then renamed: a crash never leaves half a cache. */
  save(): void {
    if (!this.#dirty && existsSync(this.path)) return;
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.doc));
    renameSync(tmp, this.path);
  }
}

/** Same files with the same hashes and the very same facts (a scan reuses the cached objects). */
function sameFiles(
  before: Record<string, CachedFile> | undefined,
  after: Record<string, CachedFile>,
): boolean {
  if (!before) return false;
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
