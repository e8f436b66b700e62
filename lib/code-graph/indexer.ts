// Incremental indexing of one repository by content hash: a file whose hash is unchanged is not
// parsed again (nor is a renamed one: facts are found by hash), then the cross-file graph is
// rebuilt from the cached facts (resolution is cheap next to parsing) and diffed with the last one.

import { Yielder } from "../turns/index.js";
import { pathProblem } from "./canonical-path.js";
import { diffBuilds, wholeGraph } from "./delta.js";
import { countLines, extractFacts } from "./extract/index.js";
import type { FileFacts } from "./facts.js";
import { internFacts, StringInterner } from "./facts-interner.js";
import { buildGraph, type GraphBuild } from "./graph/build-graph.js";
import { contentHash } from "./hash.js";
import { type LanguageId, languageOf } from "./languages.js";
import type { CodeFile, CodeGraph, GraphDelta } from "./model.js";
import { isResolutionConfig, type SourceSet } from "./resolve/source-set.js";

export type FileChange = { path: string; content: string } | { path: string; deleted: true };

/** Parses one file into facts; swap in a worker pool (see `WorkerExtractor`) to use more cores. */
export type FactExtractor = (source: string, language: LanguageId) => Promise<FileFacts>;

export interface IndexerOptions {
  repo: string;
  extract?: FactExtractor;
  /**
   * Files longer than this (characters) are kept as File nodes but not parsed: at that size they
   * are bundles or generated code, and one would cost more than a whole project.
   * @default 1_000_000
   */
  maxParseChars?: number;
  /** Files with a line longer than this are not parsed either (minified code, data literals). @default no limit */
  maxLineChars?: number;
  /** Gives way to the event loop during long updates (a server); default: never. */
  yielder?: Yielder;
}

interface Entry {
  file: CodeFile;
  facts?: FileFacts;
  config?: string;
}

export interface UpdateStats {
  parsed: number;
  reused: number;
  unchanged: number;
  removed: number;
  skipped: string[];
  /** Source files not parsed because of `maxParseChars`. */
  tooLarge: string[];
  /**
   * Source files kept as File nodes without symbols, and why: over a size or line-length cap, or
   * their extraction failed (ran over the extractor's time budget, or threw).
   */
  unparsed: { path: string; reason: string }[];
  /** Files whose references and imports were resolved again (all of them on a full build). */
  resolved: number;
}

const EMPTY_GRAPH: CodeGraph = { files: [], symbols: [], edges: [] };

export class CodeIndexer {
  readonly repo: string;
  private readonly extract: FactExtractor;
  private readonly maxParseChars: number;
  private readonly maxLineChars: number;
  private readonly yielder: Yielder;
  private readonly entries = new Map<string, Entry>();
  private current: CodeGraph = EMPTY_GRAPH;
  /** The last build, reused by the next unless a resolution config changed. */
  private build: GraphBuild | null = null;
  private last: UpdateStats = emptyStats();
  /** Kept facts share their names (see facts-interner.ts). */
  private readonly strings = new StringInterner();

  constructor(options: IndexerOptions) {
    if (!options.repo || /[:#\s]/.test(options.repo)) {
      throw new Error(
        `repo: expected a name without ':', '#' or spaces, got ${JSON.stringify(options.repo)}`,
      );
    }
    this.repo = options.repo;
    this.extract = options.extract ?? extractFacts;
    this.maxParseChars = options.maxParseChars ?? 1_000_000;
    this.maxLineChars = options.maxLineChars ?? Number.POSITIVE_INFINITY;
    this.yielder = options.yielder ?? Yielder.never;
  }

  /** Applies file changes and returns what changed in the graph (empty when nothing did). */
  async update(changes: readonly FileChange[]): Promise<GraphDelta> {
    const stats = emptyStats();
    const known = await this.factsByHash();
    const pending: Promise<void>[] = [];
    let changed = false;
    /** Paths whose entry was replaced; `moved`: paths that came or went; `structural`: a config changed. */
    const replaced = new Set<string>();
    const moved = new Set<string>();
    let structural = false;
    // Every path is checked before anything is applied: a refused batch changes nothing.
    for (const [path, change] of latestPerPath(changes)) {
      await this.yielder.tick();
      if ("deleted" in change || isBinary(change.content)) {
        const gone = this.entries.get(path);
        if (gone && this.entries.delete(path)) {
          stats.removed++;
          moved.add(path);
          if (gone.config !== undefined) structural = true;
        }
        if (!("deleted" in change)) stats.skipped.push(path);
        continue;
      }
      const content = change.content;
      const hash = contentHash(content);
      const language = languageOf(path);
      if (this.entries.get(path)?.file.hash === hash) {
        stats.unchanged++;
        continue;
      }
      const file: CodeFile = {
        repo: this.repo,
        path,
        language: language ?? "text",
        lines: countLines(content),
        hash,
      };
      const entry: Entry = { file };
      if (isResolutionConfig(path)) entry.config = content;
      const previous = this.entries.get(path);
      if (!previous) moved.add(path);
      if (entry.config !== undefined || previous?.config !== undefined) structural = true;
      replaced.add(path);
      this.entries.set(path, entry);
      changed = true;
      if (!language) continue;
      if (content.length > this.maxParseChars) {
        stats.tooLarge.push(path);
        stats.unparsed.push({ path, reason: `over ${this.maxParseChars} characters` });
        continue;
      }
      if (longestLine(content) > this.maxLineChars) {
        stats.unparsed.push({ path, reason: `a line over ${this.maxLineChars} characters` });
        continue;
      }
      const cached = known.get(`${language}:${hash}`);
      if (cached) {
        entry.facts = cached;
        stats.reused++;
        continue;
      }
      stats.parsed++;
      pending.push(
        this.extract(content, language).then(
          (facts) => {
            entry.facts = internFacts(facts, this.strings);
          },
          (err: unknown) => {
            // One file that cannot be parsed is indexed without symbols, not a failed batch.
            stats.unparsed.push({ path, reason: err instanceof Error ? err.message : String(err) });
          },
        ),
      );
    }
    await Promise.all(pending);
    this.last = stats;
    if (!changed && stats.removed === 0) return wholeGraph(this.repo, EMPTY_GRAPH);
    const before = this.build;
    this.current = await this.rebuild(
      structural ? null : { changed: new Set([...replaced, ...moved]), moved },
    );
    stats.resolved = this.build!.affected?.size ?? this.build!.facts.size;
    return before
      ? diffBuilds(this.repo, before, this.build!, this.yielder)
      : wholeGraph(this.repo, this.current);
  }

  graph(): CodeGraph {
    return this.current;
  }

  lastUpdate(): UpdateStats {
    return this.last;
  }

  /**
   * `since`: the paths replaced, added or removed since the last build (`moved`: added or removed),
   * when it may be reused; null (a resolution config changed): build it all.
   */
  private async rebuild(
    since: { changed: ReadonlySet<string>; moved: ReadonlySet<string> } | null,
  ): Promise<CodeGraph> {
    // In path order, whatever order the files came in: where two files declare one name, the
    // first wins in an incremental build as in a full one.
    const entries = this.entries;
    const paths = [...entries.keys()].sort((a, b) => a.localeCompare(b));
    const facts = new Map<string, FileFacts>();
    for (const path of paths) {
      const known = entries.get(path)?.facts;
      if (known) facts.set(path, known);
    }
    const files = paths.map((path) => entries.get(path)!.file);
    const sources: SourceSet = {
      has: (path) => entries.has(path),
      paths: () => paths,
      facts: (path) => entries.get(path)?.facts,
      config: (path) => entries.get(path)?.config,
    };
    const previous = since && this.build ? { build: this.build, ...since } : undefined;
    const yielder = this.yielder;
    this.build = await buildGraph({
      repo: this.repo,
      files,
      sources,
      facts,
      yielder,
      ...(previous ? { previous } : {}),
      ...(this.build ? { known: this.build.symbols } : {}),
    });
    return this.build.graph;
  }

  /** Facts by language and content hash (a renamed or copied file is not parsed again). */
  private async factsByHash(): Promise<Map<string, FileFacts>> {
    const map = new Map<string, FileFacts>();
    for (const entry of this.entries.values()) {
      if (entry.facts) map.set(`${entry.file.language}:${entry.file.hash}`, entry.facts);
      await this.yielder.tick();
    }
    return map;
  }
}

function emptyStats(): UpdateStats {
  return {
    parsed: 0,
    reused: 0,
    unchanged: 0,
    removed: 0,
    skipped: [],
    tooLarge: [],
    unparsed: [],
    resolved: 0,
  };
}

/** The last change of each path wins (a batch may hold an edit and then a delete). */
function latestPerPath(changes: readonly FileChange[]): Map<string, FileChange> {
  const byPath = new Map<string, FileChange>();
  changes.forEach((change, i) => {
    if (typeof change?.path !== "string") throw new Error(`files[${i}].path: expected a string`);
    if (!("deleted" in change) && typeof change.content !== "string") {
      throw new Error(`files[${i}].content: expected a string (or deleted: true)`);
    }
    byPath.set(canonicalPath(change.path, i), change);
  });
  return byPath;
}

function canonicalPath(path: string, index: number): string {
  const problem = pathProblem(path);
  if (problem) throw new Error(`files[${index}].path: ${problem}, got ${JSON.stringify(path)}`);
  return path;
}

function longestLine(content: string): number {
  let longest = 0;
  let start = 0;
  for (let nl = content.indexOf("\n"); nl !== -1; nl = content.indexOf("\n", start)) {
    longest = Math.max(longest, nl - start);
    start = nl + 1;
  }
  return Math.max(longest, content.length - start);
}

/** Git's rule: a NUL byte in the first 8000 characters means binary. */
function isBinary(content: string): boolean {
  return content.slice(0, 8000).includes("\0");
}
