// The code repositories the service knows (SPEC §4): CODE_ROOTS and POST-registered folders read
// from disk and watched, upload-only repositories filled by PUT .../files. Each has a CodeIndexer
// (lib/code-graph, incremental by content hash) and its texts in memory (snippets, lexical
// ranking); every graph change is written through the CodeGraphStore port (durable) before it is
// acknowledged, and mirrored into the search index (files and symbols, SPEC §4 RAG). An upload
// is the only copy of its files, so their texts are written with the graph, and at start an
// upload-only repository is indexed again from them, as a folder is from disk.
// Hostile input (issue 25): folders are allowed by FolderPolicy, files are parsed on worker
// threads within a time budget (code-extractor.ts), and every repository and all of them
// together hold at most what CodeLimits allow; a restore that fails is retried with backoff.
import { resolve } from "node:path";
import {
  type CodeGraph,
  CodeIndexer,
  type FileChange,
  type GraphDelta,
  isEmptyDelta,
  pathProblem,
  type UpdateStats,
} from "../../../../../lib/code-graph/index.js";
import { utcTimestamp } from "../../../../../lib/service-kit/index.js";
import { Yielder } from "../../../../../lib/turns/index.js";
import type {
  CodeCounts,
  CodeGraphStore,
  RepositoryRecord,
  RepositorySummary,
} from "../../ports/code-graph-store.js";
import { DomainError } from "../errors.js";
import type { CodeExtractor } from "./code-extractor.js";
import { type CodeLimits, checkQuota, type Holding } from "./code-limits.js";
import type { FolderPolicy } from "./folder-policy.js";
import { holdingAfter, keepTexts, type Repository } from "./repository.js";
import { RepositoryWatcher } from "./repository-watcher.js";
import { indexableUpload } from "./source-filter.js";
import { SourceTree } from "./source-tree.js";
import { changeOfDelta } from "./subgraphs.js";

/** What else learns of code changes (the search index). */
export interface CodeListener {
  codeChanged(
    repo: string,
    graph: CodeGraph,
    delta: GraphDelta,
    text: (path: string) => string | undefined,
  ): Promise<void>;
  repositoryRemoved(repo: string, graph: CodeGraph): Promise<void>;
}

/** A repository as clients see it: the stored record, counts, and the live warnings. */
export type RepositoryStatusView = RepositorySummary & { warnings: string[] };

/** One repository as the ranking sees it. */
export interface RepositoryView {
  name: string;
  graph: CodeGraph;
  text(path: string): string | undefined;
}

export interface UploadResult {
  repo: string;
  files: number;
  symbols: number;
  parsed: number;
  unchanged: number;
  removed: number;
  skipped: string[];
}

/** Stored texts read per call while an upload-only repository is restored. */
const RESTORE_BATCH = 200;
/** Work of an index build done between two turns of the event loop. */
const LOOP_SLICE_MS = 8;
/** A failed pass is tried again after 1 s, 2 s, 4 s, ... at most this long apart. */
const MAX_RETRY_MS = 60_000;

export interface CodeWorkspaceOptions {
  policy: FolderPolicy;
  limits: CodeLimits;
  extractor: CodeExtractor;
  /** Where `code.indexed` events go once a code change is durable (SPEC §2c). */
  events?: { recordEvent(event: CodeIndexedEvent): Promise<void> };
  /** Told when a repository's work (indexing, an upload, a restore) starts and ends; they nest. */
  onWork?: (working: boolean) => void;
}

/** SPEC §2c's `code.indexed`: a repository's graph changed and is durable. */
export interface CodeIndexedEvent {
  type: "code.indexed";
  at: string;
  actor: string;
  repo: string;
  changes: { field: string; from: number; to: number }[];
}

const readOnly = (name: string) =>
  new DomainError(
    "REPOSITORY_READ_ONLY",
    `Code repository "${name}" is read from a folder; change its files on disk, not by upload.`,
    { name },
  );

const repositoryNotFound = (name: string) =>
  new DomainError("REPOSITORY_NOT_FOUND", `Code repository "${name}" does not exist.`, { name });

const sameRecord = (a: RepositoryRecord, b: RepositoryRecord) =>
  a.name === b.name &&
  a.path === b.path &&
  a.status === b.status &&
  a.indexed_at === b.indexed_at &&
  a.error === b.error;

export class CodeWorkspace {
  readonly #repos = new Map<string, Repository>();
  #closed = false;

  readonly #policy: FolderPolicy;
  readonly #limits: CodeLimits;
  readonly #extractor: CodeExtractor;
  readonly #events: CodeWorkspaceOptions["events"];
  readonly #onWork: CodeWorkspaceOptions["onWork"];
  readonly #yielder = new Yielder(LOOP_SLICE_MS);

  constructor(
    private readonly store: CodeGraphStore,
    private readonly listener: CodeListener | null,
    private readonly now: () => Date,
    private readonly log: { warn(o: object, m: string): void; info(o: object, m: string): void },
    options: CodeWorkspaceOptions,
  ) {
    this.#policy = options.policy;
    this.#limits = options.limits;
    this.#extractor = options.extractor;
    this.#events = options.events;
    this.#onWork = options.onWork;
  }

  /**
   * Registers a folder and indexes it in the background; resolves once registered (not indexed).
   * `source`: "client" (POST: only under CODE_REGISTER_ROOTS), "code-root" (CODE_ROOTS) or
   * "restore" (registered by a client before this start: allowed again by today's settings).
   */
  async addFolder(
    name: string,
    path: string,
    { source = "client" }: { source?: "client" | "code-root" | "restore" } = {},
  ): Promise<RepositoryStatusView> {
    // The store is the record of which names are taken (and answers 503 when it is down).
    const stored = await this.store.getRepository(name);
    if (this.#repos.has(name) || (stored && source === "client")) {
      throw new DomainError("REPOSITORY_EXISTS", `Code repository "${name}" already exists.`, { name });
    }
    const root =
      source === "code-root"
        ? await this.#policy.forCodeRoot(path)
        : await this.#policy.forRegistration(path);
    const repo = this.#create(name, source === "client" ? root : resolve(path), root);
    await this.store.putRepository(repo.record);
    repo.stored = true;
    this.#enqueue(repo, () => this.#indexFolder(repo)).catch(() => {});
    return this.#summary(repo);
  }

  /** Resolves when every change queued so far has been applied (tests, shutdown, benchmarks). */
  async settled(name?: string): Promise<void> {
    for (const repo of name ? [this.#get(name)] : this.#repos.values()) {
      while (true) {
        const q = repo.queue;
        await q.catch(() => {});
        if (q === repo.queue) break;
      }
    }
  }

  /**
   * Folders registered over HTTP in an earlier run, indexed again (CODE_ROOTS names excepted) if
   * today's settings still allow them; one refused stays listed with why, until deleted.
   */
  async restoreFolders(except: Set<string>): Promise<void> {
    for (const stored of await this.store.listRepositories()) {
      if (!stored.path || except.has(stored.name) || this.#repos.has(stored.name)) continue;
      await this.addFolder(stored.name, stored.path, { source: "restore" }).catch((err: unknown) => {
        this.log.warn({ err, repo: stored.name, path: stored.path }, "registered code folder not indexed");
        const repo = this.#create(stored.name, stored.path, null);
        repo.stored = true;
        repo.record = { ...stored, status: "error", error: err instanceof Error ? err.message : String(err) };
      });
    }
  }

  /**
   * Upload-only repositories of an earlier run, indexed again in the background from the texts
   * the store kept (graph, snippets and search as before the restart).
   */
  async restoreUploads(): Promise<void> {
    // One after another: the quotas are checked against what the ones before hold.
    let previous: Promise<unknown> = Promise.resolve();
    for (const stored of await this.store.listRepositories()) {
      if (stored.path !== null || this.#repos.has(stored.name)) continue;
      const repo = this.#create(stored.name, null, null);
      repo.stored = true;
      repo.record = { ...repo.record, status: "indexing", indexed_at: stored.indexed_at };
      const after = previous;
      previous = this.#enqueue(repo, async () => {
        await after.catch(() => {});
        await this.#restoreUploaded(repo, stored);
      }).catch(() => {});
    }
  }

  async remove(name: string): Promise<void> {
    const stored = await this.store.getRepository(name);
    const repo = this.#repos.get(name);
    if (!repo) {
      // Stored by an earlier run (an upload-only repository): only its graph is left to remove.
      if (!stored) throw repositoryNotFound(name);
      await this.store.deleteRepository(name);
      return;
    }
    // At once, whatever is queued: work that finds its repository gone writes nothing more, so
    // only a store write already in flight is waited for (bounded by the backend deadline).
    repo.watcher?.close();
    clearTimeout(repo.retry);
    this.#repos.delete(name);
    await repo.storing;
    if (repo.stored || stored) await this.store.deleteRepository(name);
    await this.listener?.repositoryRemoved(name, repo.indexer.graph());
  }

  /** Applies uploaded files (creating an upload-only repository on first use); durable when it resolves. */
  async upload(name: string, files: FileChange[]): Promise<UploadResult> {
    let repo = this.#repos.get(name);
    if (repo && repo.record.path !== null) throw readOnly(name);
    if (!repo) {
      // A folder's record restored by no live repository (refused at start): still a folder.
      if ((await this.store.getRepository(name))?.path) throw readOnly(name);
      // Created here, stored with its first accepted write: a refused one leaves nothing behind.
      repo = this.#repos.get(name) ?? this.#create(name, null, null);
    }
    const target = repo;
    return this.#enqueue(target, async () => {
      if (this.#repos.get(name) !== target) throw repositoryNotFound(name);
      // What a folder would not index (generated, minified, lock files...) is not indexed here either.
      const notIndexed = new Set(
        files.flatMap((f) => ("content" in f && !indexableUpload(f.path, f.content) ? [f.path] : [])),
      );
      const kept = files.map((f) =>
        "content" in f && notIndexed.has(f.path) ? { path: f.path, deleted: true as const } : f,
      );
      const stats = await this.#apply(target, kept);
      target.record = {
        ...target.record,
        status: "ready",
        indexed_at: utcTimestamp(this.now()),
        error: null,
      };
      await this.store.putRepository(target.record);
      target.stored = true;
      const graph = target.indexer.graph();
      return {
        repo: name,
        files: graph.files.length,
        symbols: graph.symbols.length,
        parsed: stats.parsed + stats.reused,
        unchanged: stats.unchanged,
        removed: stats.removed,
        skipped: [...stats.skipped, ...notIndexed],
      };
    });
  }

  /**
   * Resolves once no store write of these repositories (all when no name) is in flight: what the
   * indexers hold is then durable, or was put back after a refusal. An unknown name: at once.
   */
  async durable(name?: string): Promise<void> {
    const repos = name ? [this.#repos.get(name)] : [...this.#repos.values()];
    for (;;) {
      const writes = repos.map((r) => r?.storing);
      await Promise.all(writes);
      if (repos.every((r, i) => r?.storing === writes[i])) return;
    }
  }

  /** Every repository: the stored ones (durable) with the live status of those indexed here. */
  async list(): Promise<RepositoryStatusView[]> {
    await this.durable();
    const stored = await this.store.listRepositories();
    const byName = new Map<string, RepositoryStatusView>(stored.map((r) => [r.name, { ...r, warnings: [] }]));
    for (const repo of this.#visible()) byName.set(repo.record.name, this.#summary(repo));
    return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async get(name: string): Promise<RepositoryStatusView> {
    await this.durable(name);
    const stored = await this.store.getRepository(name);
    const live = this.#repos.get(name);
    if (live?.stored) return this.#summary(live);
    if (!stored) throw repositoryNotFound(name);
    return { ...stored, warnings: [] };
  }

  /** The live repositories (status for warnings). */
  live(): RepositoryStatusView[] {
    return this.#visible().map((r) => this.#summary(r));
  }

  counts(): CodeCounts & { status: "empty" | "indexing" | "ready" | "error" } {
    let files = 0;
    let symbols = 0;
    const visible = this.#visible();
    let status: "empty" | "indexing" | "ready" | "error" = visible.length ? "ready" : "empty";
    for (const repo of visible) {
      const graph = repo.indexer.graph();
      files += graph.files.length;
      symbols += graph.symbols.length;
      if (repo.record.status === "indexing") status = "indexing";
      else if (repo.record.status === "error" && status !== "indexing") status = "error";
    }
    return { status, repositories: visible.length, files, symbols };
  }

  /** The repositories the ranking reads (one when `name` is given; 404 if unknown). */
  views(name?: string): RepositoryView[] {
    const repos = name ? [this.#get(name)] : [...this.#repos.values()];
    return repos.map((r) => ({ name: r.record.name, graph: r.indexer.graph(), text: (p) => r.texts.get(p) }));
  }

  /** Stops the watchers, retries and parsing threads (in-flight work fails and writes nothing). */
  async close(): Promise<void> {
    this.#closed = true;
    for (const repo of this.#repos.values()) {
      repo.watcher?.close();
      clearTimeout(repo.retry);
    }
    await this.#extractor.close();
  }

  #visible(): Repository[] {
    return [...this.#repos.values()].filter((r) => r.stored);
  }

  #get(name: string): Repository {
    const repo = this.#repos.get(name);
    if (!repo?.stored) throw repositoryNotFound(name);
    return repo;
  }

  /** `path`: as recorded (null: upload-only); `root`: the real folder read (null: none to read). */
  #create(name: string, path: string | null, root: string | null): Repository {
    const repo: Repository = {
      record: { name, path, status: path ? "indexing" : "ready", indexed_at: null, error: null },
      indexer: this.#indexer(name),
      texts: new Map(),
      sizes: new Map(),
      bytes: 0,
      stored: false,
      warnings: [],
      retry: undefined,
      retries: 0,
      tree: root ? new SourceTree(root) : null,
      watcher: null,
      queue: Promise.resolve(),
      storing: Promise.resolve(),
    };
    this.#repos.set(name, repo);
    return repo;
  }

  #indexer(name: string): CodeIndexer {
    return new CodeIndexer({
      repo: name,
      extract: this.#extractor.extract,
      maxParseChars: this.#limits.parseBytes,
      maxLineChars: this.#limits.lineChars,
      // Requests interleave with a large build: no slice of it holds the loop long.
      yielder: new Yielder(LOOP_SLICE_MS),
    });
  }

  #summary(repo: Repository): RepositoryStatusView {
    const graph = repo.indexer.graph();
    return {
      ...repo.record,
      files: graph.files.length,
      symbols: graph.symbols.length,
      warnings: [...repo.warnings],
    };
  }

  /** What all repositories but `except` hold (the total quotas count the rest). */
  #heldByOthers(except: Repository): Holding {
    let bytes = 0;
    let files = 0;
    for (const repo of this.#repos.values()) {
      if (repo === except) continue;
      bytes += repo.bytes;
      files += repo.texts.size;
    }
    return { bytes, files };
  }

  /** Throws QUOTA_EXCEEDED when `repo` would hold `after`. */
  #checkQuota(repo: Repository, after: Holding): void {
    const others = this.#heldByOthers(repo);
    checkQuota(this.#limits, repo.record.name, after, {
      bytes: others.bytes + after.bytes,
      files: others.files + after.files,
    });
  }

  /** A failed pass is tried again later (1 s, 2 s, ... 60 s), unless the repository goes first. */
  #retryLater(repo: Repository, pass: () => Promise<void>): void {
    if (this.#closed || this.#repos.get(repo.record.name) !== repo) return;
    const delay = Math.min(MAX_RETRY_MS, 1000 * 2 ** repo.retries++);
    clearTimeout(repo.retry);
    repo.retry = setTimeout(() => {
      repo.retry = undefined;
      this.#enqueue(repo, pass).catch(() => {});
    }, delay).unref();
  }

  #enqueue<T>(repo: Repository, work: () => Promise<T>): Promise<T> {
    const next = repo.queue.catch(() => {}).then(() => this.#working(work));
    repo.queue = next;
    return next;
  }

  async #working<T>(work: () => Promise<T>): Promise<T> {
    this.#onWork?.(true);
    try {
      return await work();
    } finally {
      this.#onWork?.(false);
    }
  }

  async #restoreUploaded(repo: Repository, stored: RepositoryRecord): Promise<void> {
    const name = repo.record.name;
    if (this.#repos.get(name) !== repo) return;
    try {
      // Indexed from the store without writing back: the store already holds this graph and
      // these texts (a write would add a full copy to the journal at every start). Decision: if
      // a later release extracts symbols differently, the stored graph keeps the old ones (the
      // live graph has the new ones) until the files are uploaded again.
      const { files, dropped } = await this.#reloadUploaded(repo);
      if (dropped.length) {
        // Uploaded before texts were kept, or under a path today's rules refuse: nothing can
        // index them again, so the graph drops them too (kept, they would linger unseen).
        await this.store.writeCodeFiles({ repo: name, upsert: [], remove: dropped });
        this.log.warn(
          { repo: name, files: dropped.length, example: dropped[0] },
          "uploaded files without a stored text, or with a path that is not canonical, dropped; upload them again",
        );
      }
      repo.retries = 0;
      repo.record = {
        ...repo.record,
        status: "ready",
        indexed_at: repo.record.indexed_at ?? utcTimestamp(this.now()),
        error: null,
      };
      this.log.info({ repo: name, files }, "uploaded code repository restored");
    } catch (err) {
      const quota = err instanceof DomainError && err.code === "QUOTA_EXCEEDED";
      const error = err instanceof Error ? err.message : String(err);
      repo.record = {
        ...repo.record,
        status: "error",
        error: quota ? `${error} Delete it or raise the limit.` : error,
      };
      this.log.warn({ err, repo: name }, "restoring the uploaded code repository failed");
      // A quota stays exceeded until someone acts; anything else (a slow backend) may pass.
      if (!quota) this.#retryLater(repo, () => this.#restoreUploaded(repo, stored));
    }
    // The record as stored needs no line of its own (nothing else grows the journal at start).
    if (this.#repos.get(name) === repo && !sameRecord(repo.record, stored))
      await this.store.putRepository(repo.record).catch(() => {});
  }

  /**
   * The stored files of an upload-only repository with their texts, and those that cannot be
   * indexed again (no stored text, or a path that is not canonical). Reads no more than the
   * quotas allow: over one, it throws QUOTA_EXCEEDED having held at most one batch beyond.
   */
  async #storedUploads(repo: Repository): Promise<{ changes: FileChange[]; dropped: string[] }> {
    const name = repo.record.name;
    const files = await this.store.listCodeFiles(name);
    const dropped = files.filter((f) => pathProblem(f.path) !== null).map((f) => f.path);
    const paths = files.map((f) => f.path).filter((p) => pathProblem(p) === null);
    this.#checkQuota(repo, { bytes: 0, files: paths.length });
    const changes: FileChange[] = [];
    let bytes = 0;
    for (let i = 0; i < paths.length; i += RESTORE_BATCH) {
      const batch = paths.slice(i, i + RESTORE_BATCH);
      const texts = await this.store.getCodeTexts(name, batch);
      for (const path of batch) {
        const content = texts.get(path);
        if (content === undefined) {
          dropped.push(path);
          continue;
        }
        bytes += Buffer.byteLength(content);
        changes.push({ path, content });
      }
      this.#checkQuota(repo, { bytes, files: paths.length });
      if (this.#repos.get(name) !== repo) throw repositoryNotFound(name);
    }
    return { changes, dropped };
  }

  /**
   * Indexes the upload-only repository again from what the store holds, writing nothing: at start,
   * and after the store refused a write (nothing of the refused upload stays visible: context,
   * search, counts). Resolves with the number of files read and the paths that were dropped.
   */
  async #reloadUploaded(repo: Repository): Promise<{ files: number; dropped: string[] }> {
    const name = repo.record.name;
    repo.indexer = this.#indexer(name);
    repo.texts = new Map();
    repo.sizes = new Map();
    repo.bytes = 0;
    repo.warnings = [];
    const { changes, dropped } = await this.#storedUploads(repo);
    const delta = await repo.indexer.update(changes);
    const stats = repo.indexer.lastUpdate();
    this.#warnUnparsed(repo, keepTexts(repo, changes, stats));
    await this.listener?.codeChanged(name, repo.indexer.graph(), delta, (p) => repo.texts.get(p));
    return { files: changes.length, dropped };
  }

  /** `code.indexed` once the change is durable; best effort, like search (the write is what is promised). */
  async #announce(
    repo: Repository,
    before: { files: number; symbols: number },
    graph: CodeGraph,
  ): Promise<void> {
    await this.#events
      ?.recordEvent({
        type: "code.indexed",
        at: utcTimestamp(this.now()),
        actor: "anonymous",
        repo: repo.record.name,
        changes: [
          { field: "files", from: before.files, to: graph.files.length },
          { field: "symbols", from: before.symbols, to: graph.symbols.length },
        ],
      })
      .catch((err: unknown) => {
        this.log.warn({ err, repo: repo.record.name }, "recording the code.indexed event failed");
      });
  }

  #warnUnparsed(repo: Repository, unparsed: UpdateStats["unparsed"]): void {
    if (unparsed.length === 0) return;
    this.log.warn(
      { repo: repo.record.name, files: unparsed.length, example: unparsed[0] },
      "code files indexed for lexical search only",
    );
  }

  async #indexFolder(repo: Repository): Promise<void> {
    const tree = repo.tree!;
    try {
      // Watch first: a change made while the first pass reads the tree is not lost.
      if (!repo.watcher && !this.#closed) {
        repo.watcher = new RepositoryWatcher(tree.root, (paths) => {
          this.#enqueue(repo, () => this.#applyPaths(repo, paths)).catch((err: unknown) => {
            this.log.warn({ err, repo: repo.record.name }, "re-indexing changed files failed");
          });
        });
      }
      await this.#rescan(repo, "");
      repo.retries = 0;
      repo.record = { ...repo.record, status: "ready", indexed_at: utcTimestamp(this.now()), error: null };
      const graph = repo.indexer.graph();
      this.log.info(
        { repo: repo.record.name, files: graph.files.length, symbols: graph.symbols.length },
        "code repository indexed",
      );
    } catch (err) {
      repo.record = {
        ...repo.record,
        status: "error",
        error: err instanceof Error ? err.message : String(err),
      };
      this.log.warn({ err, repo: repo.record.name }, "indexing the code repository failed");
      // A quota stays exceeded until someone acts (the watcher's next change reads it again).
      if (!(err instanceof DomainError && err.code === "QUOTA_EXCEEDED"))
        this.#retryLater(repo, () => this.#indexFolder(repo));
    }
    if (this.#repos.get(repo.record.name) === repo)
      await this.store.putRepository(repo.record).catch(() => {});
  }

  /** Re-reads a folder of the tree ("" = all) and applies the difference with what is indexed. */
  async #rescan(repo: Repository, dir: string): Promise<void> {
    // Reading stops once the folder holds more than the repository may: memory stays bounded.
    const found = await repo.tree!.read(dir, (held) => this.#checkQuota(repo, held));
    const changes: FileChange[] = [];
    for (const [path, content] of found) changes.push({ path, content });
    for (const path of repo.texts.keys()) {
      if ((dir === "" || path.startsWith(`${dir}/`)) && !found.has(path))
        changes.push({ path, deleted: true });
    }
    await this.#apply(repo, changes);
  }

  async #applyPaths(repo: Repository, paths: string[]): Promise<void> {
    if (this.#repos.get(repo.record.name) !== repo) return;
    const changes: FileChange[] = [];
    const dirs: string[] = [];
    for (const path of paths) {
      const change = await repo.tree!.change(path);
      if (change === "dir") dirs.push(/\.git(ignore|attributes)$/.test(path) ? "" : path);
      else if (change && ("content" in change || repo.texts.has(path))) changes.push(change);
      // A folder that vanished: its files go too.
      if (change && change !== "dir" && "deleted" in change) {
        for (const known of repo.texts.keys())
          if (known.startsWith(`${path}/`)) changes.push({ path: known, deleted: true });
      }
    }
    if (changes.length) await this.#apply(repo, changes);
    for (const dir of dirs.includes("") ? [""] : dirs) await this.#rescan(repo, dir);
    repo.record = { ...repo.record, indexed_at: utcTimestamp(this.now()) };
  }

  async #apply(repo: Repository, changes: FileChange[]) {
    const started = performance.now();
    this.#checkQuota(repo, holdingAfter(repo, changes));
    const filesBefore = repo.indexer.graph().files.length;
    const symbolsBefore = repo.indexer.graph().symbols.length;
    const delta = await repo.indexer.update(changes).catch((err: unknown) => {
      // The indexer checks the whole batch first and names the entry ("files[2].path: ...").
      const message = err instanceof Error ? err.message : String(err);
      if (!/^files\[\d+\]\.\w+: /.test(message)) throw err; // not about the input: a fault of ours
      const field = message.split(":")[0] ?? "files";
      throw new DomainError("VALIDATION_ERROR", `Field "${field}" ${message.slice(field.length + 2)}.`, {
        field,
        location: "body",
      });
    });
    const stats = repo.indexer.lastUpdate();
    this.#warnUnparsed(repo, keepTexts(repo, changes, stats));
    const indexed = performance.now();
    const before = { files: filesBefore, symbols: symbolsBefore };
    // Deleted meanwhile: what was indexed is dropped with it, nothing is written.
    if (this.#repos.get(repo.record.name) !== repo) throw repositoryNotFound(repo.record.name);
    if (!isEmptyDelta(delta)) {
      const graph = repo.indexer.graph();
      const change = await changeOfDelta(graph, delta, this.#yielder);
      // An upload is the only copy of its files: their texts go to the store with the graph.
      if (repo.record.path === null) {
        change.texts = new Map(
          change.upsert.flatMap(({ file }) => {
            const text = repo.texts.get(file.path);
            return text === undefined ? [] : [[file.path, text] as const];
          }),
        );
      }
      const write = this.store.writeCodeFiles(change).catch(async (err: unknown) => {
        if (repo.record.path === null) {
          await this.#reloadUploaded(repo).catch((reloadErr: unknown) => {
            this.log.warn({ err: reloadErr, repo: repo.record.name }, "reloading the stored upload failed");
          });
        }
        throw err;
      });
      repo.storing = write.then(
        () => {},
        () => {},
      );
      await write;
      const stored = performance.now();
      await this.#announce(repo, before, graph);
      // Search is best effort, like for issues: the graph write above is what the answer promises.
      await this.listener
        ?.codeChanged(repo.record.name, graph, delta, (p) => repo.texts.get(p))
        .catch((err: unknown) => {
          this.log.warn({ err, repo: repo.record.name }, "indexing code for search failed");
        });
      // Where the time of a change goes (bench/context/speed.ts reads this line).
      const ms = (x: number) => Math.round(x * 100) / 100;
      this.log.info(
        {
          repo: repo.record.name,
          changes: changes.length,
          parsed: stats.parsed,
          resolved: stats.resolved,
          index_ms: ms(indexed - started),
          store_ms: ms(stored - indexed),
          search_ms: ms(performance.now() - stored),
        },
        "code change applied",
      );
    }
    return stats;
  }
}
