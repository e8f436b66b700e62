// One code repository as the workspace holds it, and the bookkeeping of its texts: what the
// quotas count (UTF-8 bytes and files) and the warnings of files indexed without symbols.
import type { CodeIndexer, FileChange, UpdateStats } from "../../../../../lib/code-graph/index.js";
import type { RepositoryRecord } from "../../ports/code-graph-store.js";
import type { Holding } from "./code-limits.js";
import type { RepositoryWatcher } from "./repository-watcher.js";
import type { SourceTree } from "./source-tree.js";

/** Warnings a repository keeps (the newest). */
const MAX_WARNINGS = 20;

export interface Repository {
  record: RepositoryRecord;
  indexer: CodeIndexer;
  texts: Map<string, string>;
  /** UTF-8 bytes of each text, so a change counts an old text without measuring it again. */
  sizes: Map<string, number>;
  /** The sum of `sizes` (what the quotas count). */
  bytes: number;
  /** False until the store holds its record (an upload-only repository whose first write is refused never is). */
  stored: boolean;
  /** Files indexed without symbols, and why (over a cap or the parse budget); the last few. */
  warnings: string[];
  /** A retry of a failed pass, pending. */
  retry: NodeJS.Timeout | undefined;
  retries: number;
  tree: SourceTree | null;
  watcher: RepositoryWatcher | null;
  /** Changes of one repository apply one after another. */
  queue: Promise<unknown>;
  /**
   * The store write in flight (with, when refused, the reload after it): the indexer already holds
   * the change, so readers wait for this before they look, and never see a change the store refuses.
   */
  storing: Promise<void>;
}

/** What `repo` would hold once `changes` apply. */
export function holdingAfter(repo: Repository, changes: readonly FileChange[]): Holding {
  const next = new Map<string, number | null>();
  for (const change of changes) {
    if (typeof change?.path !== "string") continue; // the indexer names it
    next.set(change.path, "deleted" in change ? null : Buffer.byteLength(change.content ?? ""));
  }
  let { bytes } = repo;
  let files = repo.texts.size;
  for (const [path, size] of next) {
    const old = repo.sizes.get(path);
    if (old !== undefined) {
      bytes -= old;
      files--;
    }
    if (size !== null) {
      bytes += size;
      files++;
    }
  }
  return { bytes, files };
}

/** Keeps the texts of what the indexer took (not skipped binaries), their bytes and its warnings; returns the files not parsed. */
export function keepTexts(
  repo: Repository,
  changes: readonly FileChange[],
  stats: UpdateStats,
): UpdateStats["unparsed"] {
  const skipped = new Set(stats.skipped);
  for (const change of changes) {
    repo.bytes -= repo.sizes.get(change.path) ?? 0;
    if ("deleted" in change || skipped.has(change.path)) {
      repo.texts.delete(change.path);
      repo.sizes.delete(change.path);
    } else {
      const size = Buffer.byteLength(change.content);
      repo.texts.set(change.path, change.content);
      repo.sizes.set(change.path, size);
      repo.bytes += size;
    }
  }
  for (const { path, reason } of stats.unparsed)
    repo.warnings.push(`${path}: indexed without symbols (${reason})`);
  repo.warnings.splice(0, Math.max(0, repo.warnings.length - MAX_WARNINGS));
  return stats.unparsed;
}
