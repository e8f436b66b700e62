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
    this.doc.roots[root] = files;
  }

  /** Written to a temporary file then renamed: a crash never leaves half a cache. */
  save(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.doc));
    renameSync(tmp, this.path);
  }
}
