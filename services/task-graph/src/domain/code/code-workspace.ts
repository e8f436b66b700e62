// The code repositories the service knows (SPEC §4): CODE_ROOTS and POST-registered folders read
// from disk and watched, upload-only repositories filled by PUT .../files. Each has a CodeIndexer
// (lib/code-graph, incremental by content hash) and its texts in memory (snippets, lexical
// ranking); every graph change is written through the CodeGraphStore port (durable) before it is
// acknowledged, and mirrored into the search index (files and symbols, SPEC §4 RAG). An upload
// is the only copy of its files, so their texts are written with the graph, and at start an
// upload-only repository is indexed again from them, as a folder is from disk.
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import {
  type CodeGraph,
  CodeIndexer,
  type FileChange,
  type GraphDelta,
  isEmptyDelta,
} from "../../../../../lib/code-graph/index.js";
import { utcTimestamp } from "../../../../../lib/service-kit/index.js";
import type {
  CodeCounts,
  CodeGraphStore,
  RepositoryRecord,
  RepositorySummary,
} from "../../ports/code-graph-store.js";
import { DomainError, invalidArgument } from "../errors.js";
import { RepositoryWatcher } from "./repository-watcher.js";
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

interface Repository {
  record: RepositoryRecord;
  indexer: CodeIndexer;
  texts: Map<string, string>;
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

const REPOSITORY_NAME = /^[A-Za-z0-9._-]{1,100}$/;
/** Stored texts read per call while an upload-only repository is restored. */
const RESTORE_BATCH = 200;

const repositoryNotFound = (name: string) =>
  new DomainError("REPOSITORY_NOT_FOUND", `Code repository "${name}" does not exist.`, { name });

/** `name=path` or a bare path (name = last segment), comma separated. */
export function parseCodeRoots(raw: string | undefined): { name: string; path: string }[] {
  if (!raw?.trim()) return [];
  return raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const eq = entry.indexOf("=");
      const path = resolve(eq > 0 ? entry.slice(eq + 1) : entry);
      const name = eq > 0 ? entry.slice(0, eq).trim() : (path.split("/").filter(Boolean).pop() ?? "root");
      if (!REPOSITORY_NAME.test(name))
        throw new Error(`CODE_ROOTS: "${name}" is not a valid repository name`);
      return { name, path };
    });
}

const sameRecord = (a: RepositoryRecord, b: RepositoryRecord) =>
  a.name === b.name &&
  a.path === b.path &&
  a.status === b.status &&
  a.indexed_at === b.indexed_at &&
  a.error === b.error;

export class CodeWorkspace {
  readonly #repos = new Map<string, Repository>();
  #closed = false;

  constructor(
    private readonly store: CodeGraphStore,
    private readonly listener: CodeListener | null,
    private readonly now: () => Date,
    private readonly log: { warn(o: object, m: string): void; info(o: object, m: string): void },
  ) {}

  /**
   * Registers a folder and indexes it in the background; resolves once registered (not indexed).
   * `restart`: a folder registered before this start (or CODE_ROOTS) takes its stored name again.
   */
  async addFolder(name: string, path: string, { restart = false } = {}): Promise<RepositorySummary> {
    // The store is the record of which names are taken (and answers 503 when it is down).
    const stored = await this.store.getRepository(name);
    if (this.#repos.has(name) || (stored && !restart)) {
      throw new DomainError("REPOSITORY_EXISTS", `Code repository "${name}" already exists.`, { name });
    }
    const root = resolve(path);
    const info = await stat(root).catch(() => null);
    if (!info?.isDirectory())
      throw invalidArgument("path", "must name a directory the service can read", "body");
    const repo = this.#create(name, root);
    await this.store.putRepository(repo.record);
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

  /** Folders registered over HTTP in an earlier run, indexed again (CODE_ROOTS names excepted). */
  async restoreFolders(except: Set<string>): Promise<void> {
    for (const repo of await this.store.listRepositories()) {
      if (!repo.path || except.has(repo.name) || this.#repos.has(repo.name)) continue;
      await this.addFolder(repo.name, repo.path, { restart: true }).catch((err: unknown) => {
        this.log.warn({ err, repo: repo.name, path: repo.path }, "registered code folder not indexed");
      });
    }
  }

  /**
   * Upload-only repositories of an earlier run, indexed again in the background from the texts
   * the store kept (graph, snippets and search as before the restart).
   */
  async restoreUploads(): Promise<void> {
    for (const stored of await this.store.listRepositories()) {
      if (stored.path !== null || this.#repos.has(stored.name)) continue;
      const repo = this.#create(stored.name, null);
      repo.record = { ...repo.record, status: "indexing", indexed_at: stored.indexed_at };
      this.#enqueue(repo, () => this.#restoreUploaded(repo, stored)).catch(() => {});
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
    repo.watcher?.close();
    this.#repos.delete(name);
    await repo.queue.catch(() => {});
    await this.store.deleteRepository(name);
    await this.listener?.repositoryRemoved(name, repo.indexer.graph());
  }

  /** Applies uploaded files (creating an upload-only repository on first use); durable when it resolves. */
  async upload(name: string, files: FileChange[]): Promise<UploadResult> {
    let repo = this.#repos.get(name);
    if (!repo) {
      repo = this.#create(name, null);
      await this.store.putRepository(repo.record);
    }
    const target = repo;
    return this.#enqueue(target, async () => {
      const stats = await this.#apply(target, files);
      target.record = {
        ...target.record,
        status: "ready",
        indexed_at: utcTimestamp(this.now()),
        error: null,
      };
      await this.store.putRepository(target.record);
      const graph = target.indexer.graph();
      return {
        repo: name,
        files: graph.files.length,
        symbols: graph.symbols.length,
        parsed: stats.parsed + stats.reused,
        unchanged: stats.unchanged,
        removed: stats.removed,
        skipped: stats.skipped,
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
  async list(): Promise<RepositorySummary[]> {
    await this.durable();
    const stored = await this.store.listRepositories();
    const byName = new Map(stored.map((r) => [r.name, r]));
    for (const repo of this.#repos.values()) byName.set(repo.record.name, this.#summary(repo));
    return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async get(name: string): Promise<RepositorySummary> {
    await this.durable(name);
    const stored = await this.store.getRepository(name);
    const live = this.#repos.get(name);
    if (live) return this.#summary(live);
    if (!stored) throw repositoryNotFound(name);
    return stored;
  }

  /** The live repositories (status for warnings). */
  live(): RepositorySummary[] {
    return [...this.#repos.values()].map((r) => this.#summary(r));
  }

  counts(): CodeCounts & { status: "empty" | "indexing" | "ready" | "error" } {
    let files = 0;
    let symbols = 0;
    let status: "empty" | "indexing" | "ready" | "error" = this.#repos.size ? "ready" : "empty";
    for (const repo of this.#repos.values()) {
      const graph = repo.indexer.graph();
      files += graph.files.length;
      symbols += graph.symbols.length;
      if (repo.record.status === "indexing") status = "indexing";
      else if (repo.record.status === "error" && status !== "indexing") status = "error";
    }
    return { status, repositories: this.#repos.size, files, symbols };
  }

  /** The repositories the ranking reads (one when `name` is given; 404 if unknown). */
  views(name?: string): RepositoryView[] {
    const repos = name ? [this.#get(name)] : [...this.#repos.values()];
    return repos.map((r) => ({ name: r.record.name, graph: r.indexer.graph(), text: (p) => r.texts.get(p) }));
  }

  close(): void {
    this.#closed = true;
    for (const repo of this.#repos.values()) repo.watcher?.close();
  }

  #get(name: string): Repository {
    const repo = this.#repos.get(name);
    if (!repo) throw repositoryNotFound(name);
    return repo;
  }

  #create(name: string, path: string | null): Repository {
    const repo: Repository = {
      record: { name, path, status: path ? "indexing" : "ready", indexed_at: null, error: null },
      indexer: new CodeIndexer({ repo: name }),
      texts: new Map(),
      tree: path ? new SourceTree(path) : null,
      watcher: null,
      queue: Promise.resolve(),
      storing: Promise.resolve(),
    };
    this.#repos.set(name, repo);
    return repo;
  }

  #summary(repo: Repository): RepositorySummary {
    const graph = repo.indexer.graph();
    return { ...repo.record, files: graph.files.length, symbols: graph.symbols.length };
  }

  #enqueue<T>(repo: Repository, work: () => Promise<T>): Promise<T> {
    const next = repo.queue.catch(() => {}).then(work);
    repo.queue = next;
    return next;
  }

  async #restoreUploaded(repo: Repository, stored: RepositoryRecord): Promise<void> {
    const name = repo.record.name;
    try {
      // Indexed from the store without writing back: the store already holds this graph and
      // these texts (a write would add a full copy to the journal at every start). Decision: if
      // a later release extracts symbols differently, the stored graph keeps the old ones (the
      // live graph has the new ones) until the files are uploaded again.
      const { files, textless } = await this.#reloadUploaded(repo);
      if (textless.length) {
        // Uploaded before texts were kept: nothing can index them again, so the graph drops
        // them too (kept, they would linger unseen by context and by later uploads' deletions).
        await this.store.writeCodeFiles({ repo: name, upsert: [], remove: textless });
        this.log.warn(
          { repo: name, files: textless.length, example: textless[0] },
          "uploaded files without a stored text dropped; upload them again",
        );
      }
      repo.record = {
        ...repo.record,
        status: "ready",
        indexed_at: repo.record.indexed_at ?? utcTimestamp(this.now()),
        error: null,
      };
      this.log.info({ repo: name, files }, "uploaded code repository restored");
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      repo.record = { ...repo.record, status: "error", error };
      this.log.warn({ err, repo: name }, "restoring the uploaded code repository failed");
    }
    // The record as stored needs no line of its own (nothing else grows the journal at start).
    if (this.#repos.get(name) === repo && !sameRecord(repo.record, stored))
      await this.store.putRepository(repo.record).catch(() => {});
  }

  /** The stored files of an upload-only repository with their texts, and those without one. */
  async #storedUploads(name: string): Promise<{ changes: FileChange[]; textless: string[] }> {
    const files = await this.store.listCodeFiles(name);
    const changes: FileChange[] = [];
    const textless: string[] = [];
    for (let i = 0; i < files.length; i += RESTORE_BATCH) {
      const paths = files.slice(i, i + RESTORE_BATCH).map((f) => f.path);
      const texts = await this.store.getCodeTexts(name, paths);
      for (const path of paths) {
        const content = texts.get(path);
        if (content === undefined) textless.push(path);
        else changes.push({ path, content });
      }
    }
    return { changes, textless };
  }

  /**
   * Indexes the upload-only repository again from what the store holds, writing nothing: at start,
   * and after the store refused a write (nothing of the refused upload stays visible: context,
   * search, counts). Resolves with the number of files read and the paths stored without a text.
   */
  async #reloadUploaded(repo: Repository): Promise<{ files: number; textless: string[] }> {
    const name = repo.record.name;
    repo.indexer = new CodeIndexer({ repo: name });
    repo.texts = new Map();
    const { changes, textless } = await this.#storedUploads(name);
    const delta = await repo.indexer.update(changes);
    const { skipped } = repo.indexer.lastUpdate();
    for (const change of changes)
      if ("content" in change && !skipped.includes(change.path)) repo.texts.set(change.path, change.content);
    await this.listener?.codeChanged(name, repo.indexer.graph(), delta, (p) => repo.texts.get(p));
    return { files: changes.length, textless };
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
    }
    if (this.#repos.get(repo.record.name) === repo)
      await this.store.putRepository(repo.record).catch(() => {});
  }

  /** Re-reads a folder of the tree ("" = all) and applies the difference with what is indexed. */
  async #rescan(repo: Repository, dir: string): Promise<void> {
    const found = await repo.tree!.read(dir);
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
      if (change === "dir") dirs.push(path.endsWith(".gitignore") ? "" : path);
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
    for (const change of changes) {
      if ("deleted" in change || stats.skipped.includes(change.path)) repo.texts.delete(change.path);
      else repo.texts.set(change.path, change.content);
    }
    const indexed = performance.now();
    if (!isEmptyDelta(delta)) {
      const graph = repo.indexer.graph();
      const change = changeOfDelta(graph, delta);
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
