// The code graph in memory: repositories, each file's subgraph as written, and the indexes the
// reads need (symbols by id, files by repository, who points at a node). Subgraphs are replaced
// whole and never changed in place, so two states may share them and a snapshot can serialise
// them while writes go on.

import { ShardedMap } from "../../../../../lib/collections/index.js";
import { Yielder } from "../../../../../lib/turns/index.js";
import {
  type CodeCounts,
  type CodeEdge,
  type CodeFile,
  type CodeFileSubgraph,
  type CodeFilesChange,
  type CodeSymbol,
  type EdgeType,
  edgeKey,
  fileId,
  type RepositoryRecord,
  type RepositorySummary,
} from "../../ports/code-graph-store.js";
import type { TextRef } from "./code-texts.js";

export type CodeMutation =
  /** `texts`: [path, where its text is] for upserted files that keep one (code-texts.ts). */
  | { op: "code.files"; change: CodeFilesChange; texts?: [string, TextRef][] }
  | { op: "code.repo.put"; repository: RepositoryRecord }
  | { op: "code.repo.del"; name: string };

/** The code graph's part of a snapshot. */
export interface CodeSnapshot {
  repositories: RepositoryRecord[];
  files: CodeFileSubgraph[];
  /** [file id, where its text is] (absent in snapshots written before texts were kept). */
  texts?: [string, TextRef][];
}

export class CodeGraphState {
  private readonly repos = new Map<string, RepositoryRecord>();
  /** File id → the file's subgraph as written (its edges may point at missing nodes). */
  private readonly files = new Map<string, CodeFileSubgraph>();
  private readonly symbols = new ShardedMap<CodeSymbol>();
  /** Repository → ids of its files. */
  private readonly byRepo = new Map<string, Set<string>>();
  /** Repository → how many symbols its files hold. */
  private readonly symbolCount = new Map<string, number>();
  /** Node id → the files owning an edge that ends at it, with how many such edges. */
  private readonly pointedAtBy = new ShardedMap<Map<string, number>>();
  /** File id → where its stored text is; text pack → how many files hold a text in it. */
  private readonly textRefs = new Map<string, TextRef>();
  private readonly packUses = new Map<string, number>();

  get repositories(): ReadonlyMap<string, RepositoryRecord> {
    this.finishNow();
    return this.repos;
  }

  /**
   * Work not applied yet, in order: a large code write is applied a file at a time between turns
   * of the event loop (applyInSlices), and what comes after it waits behind. Every read finishes
   * it first (finishNow), so none sees a write half applied; the store awaits settled() before
   * reading, so that is rarely work left.
   */
  #steps: (() => void)[] = [];
  #next = 0;
  #draining: Promise<void> | null = null;

  apply(m: CodeMutation): void {
    if (this.#draining) this.#steps.push(() => this.applyNow(m));
    else this.applyNow(m);
  }

  /**
   * apply() for a large code write, a file at a time with turns of the event loop between slices
   * (issue 25 point 5: one task per state held the loop for up to a second at 20,000 files).
   * Resolves once it and everything queued behind it is applied.
   */
  applyInSlices(m: Extract<CodeMutation, { op: "code.files" }>, slices = new Yielder()): Promise<void> {
    const keys = new Map(m.texts);
    for (const path of m.change.remove) this.#steps.push(() => this.removeFile(fileId(m.change.repo, path)));
    for (const sub of m.change.upsert) this.#steps.push(() => this.putFile(sub, keys.get(sub.file.path)));
    this.#draining ??= this.#drain(slices);
    return this.#draining;
  }

  /** Resolves once nothing is left to apply. */
  settled(): Promise<void> {
    return this.#draining ?? Promise.resolve();
  }

  /** Applies at once whatever is left (a read, a snapshot or a copy must see whole writes). */
  finishNow(): void {
    while (this.#next < this.#steps.length) this.#steps[this.#next++]!();
  }

  async #drain(slices: Yielder): Promise<void> {
    try {
      while (this.#next < this.#steps.length) {
        this.#steps[this.#next++]!();
        await slices.tick();
      }
    } finally {
      this.finishNow();
      this.#steps = [];
      this.#next = 0;
      this.#draining = null;
    }
  }

  private applyNow(m: CodeMutation): void {
    switch (m.op) {
      case "code.files": {
        const keys = new Map(m.texts);
        for (const path of m.change.remove) this.removeFile(fileId(m.change.repo, path));
        for (const sub of m.change.upsert) this.putFile(sub, keys.get(sub.file.path));
        return;
      }
      case "code.repo.put":
        this.repos.set(m.repository.name, m.repository);
        return;
      case "code.repo.del":
        for (const id of [...(this.byRepo.get(m.name) ?? [])]) this.removeFile(id);
        this.repos.delete(m.name);
        return;
    }
  }

  toSnapshot(): CodeSnapshot {
    this.finishNow();
    return {
      repositories: [...this.repos.values()],
      files: [...this.files.values()],
      texts: [...this.textRefs],
    };
  }

  load(s: CodeSnapshot | undefined): void {
    if (!s) return;
    const keys = new Map(s.texts);
    for (const r of s.repositories) this.repos.set(r.name, r);
    for (const f of s.files) this.putFile(f, keys.get(fileId(f.file.repo, f.file.path)));
  }

  /** Where the text stored with the file is, if it has one. */
  textRef(repo: string, path: string): TextRef | undefined {
    this.finishNow();
    return this.textRefs.get(fileId(repo, path));
  }

  /** Whether some file holds a text in the pack. */
  usesPack(pack: string): boolean {
    this.finishNow();
    return this.packUses.has(pack);
  }

  /** The packs holding texts of the repository's files (all of them when `paths` is absent). */
  packsOf(repo: string, paths?: string[]): string[] {
    this.finishNow();
    const ids = paths ? paths.map((p) => fileId(repo, p)) : [...(this.byRepo.get(repo) ?? [])];
    return ids.flatMap((id) => this.textRefs.get(id)?.pack ?? []);
  }

  hasFile(repo: string, path: string): boolean {
    this.finishNow();
    return this.files.has(fileId(repo, path));
  }

  summary(name: string): RepositorySummary | null {
    this.finishNow();
    const r = this.repos.get(name);
    if (!r) return null;
    return { ...r, files: this.byRepo.get(name)?.size ?? 0, symbols: this.symbolCount.get(name) ?? 0 };
  }

  counts(): CodeCounts {
    this.finishNow();
    return { repositories: this.repos.size, files: this.files.size, symbols: this.symbols.size };
  }

  file(repo: string, path: string): CodeFileSubgraph | null {
    this.finishNow();
    const sub = this.files.get(fileId(repo, path));
    if (!sub) return null;
    return { file: sub.file, symbols: sub.symbols, edges: sub.edges.filter((e) => this.exists(e.to)) };
  }

  filesOf(repo: string): CodeFile[] {
    this.finishNow();
    const out: CodeFile[] = [];
    for (const id of this.byRepo.get(repo) ?? []) out.push(this.files.get(id)!.file);
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  symbolsById(ids: string[]): CodeSymbol[] {
    this.finishNow();
    return ids.flatMap((id) => this.symbols.get(id) ?? []);
  }

  neighbours(ids: string[], types?: EdgeType[]): CodeEdge[] {
    this.finishNow();
    const wanted = types ? new Set(types) : null;
    const found = new Map<string, CodeEdge>();
    const keep = (e: CodeEdge) => {
      if ((!wanted || wanted.has(e.type)) && this.exists(e.from) && this.exists(e.to))
        found.set(edgeKey(e), e);
    };
    for (const id of ids) {
      const owner = this.ownerOf(id);
      if (owner) for (const e of this.files.get(owner)!.edges) if (e.from === id) keep(e);
      for (const source of this.pointedAtBy.get(id)?.keys() ?? []) {
        for (const e of this.files.get(source)!.edges) if (e.to === id) keep(e);
      }
    }
    return [...found.values()];
  }

  edgesOf(repo: string): CodeEdge[] {
    this.finishNow();
    const out: CodeEdge[] = [];
    for (const id of this.byRepo.get(repo) ?? []) {
      for (const e of this.files.get(id)!.edges) if (this.exists(e.to)) out.push(e);
    }
    return out;
  }

  private exists(id: string): boolean {
    return this.files.has(id) || this.symbols.has(id);
  }

  /** The file owning a node: a file owns itself, a symbol belongs to its file. */
  private ownerOf(id: string): string | null {
    if (this.files.has(id)) return id;
    const s = this.symbols.get(id);
    return s ? fileId(s.repo, s.path) : null;
  }

  private putFile(sub: CodeFileSubgraph, text: TextRef | undefined): void {
    const id = fileId(sub.file.repo, sub.file.path);
    const old = this.files.get(id);
    if (old && old.file.repo === sub.file.repo) {
      this.replaceFile(id, old, sub, text);
      return;
    }
    this.removeFile(id);
    this.files.set(id, sub);
    if (text) this.keepText(id, text);
    setIn(this.byRepo, sub.file.repo, () => new Set<string>()).add(id);
    for (const s of sub.symbols) this.symbols.set(s.id, s);
    this.addSymbols(sub.file.repo, sub.symbols.length);
    for (const e of sub.edges) {
      const owners = setIn(this.pointedAtBy, e.to, () => new Map<string, number>());
      owners.set(id, (owners.get(id) ?? 0) + 1);
    }
  }

  /**
   * putFile over a stored subgraph: only what differs is touched. A large upload rewrites
   * thousands of files whose edges mostly stay (new names change a few of their references);
   * removing every edge and adding it back emptied and remade the index maps, in one task of the
   * event loop per state (issue 25 point 5).
   */
  private replaceFile(
    id: string,
    old: CodeFileSubgraph,
    sub: CodeFileSubgraph,
    text: TextRef | undefined,
  ): void {
    this.files.set(id, sub);
    this.forgetText(id);
    if (text) this.keepText(id, text);
    for (const s of old.symbols) this.symbols.delete(s.id);
    for (const s of sub.symbols) this.symbols.set(s.id, s);
    this.addSymbols(sub.file.repo, sub.symbols.length - old.symbols.length);
    // Per edge target, how many more (or fewer) edges of this file end there.
    const delta = new Map<string, number>();
    for (const e of old.edges) delta.set(e.to, (delta.get(e.to) ?? 0) - 1);
    for (const e of sub.edges) delta.set(e.to, (delta.get(e.to) ?? 0) + 1);
    for (const [to, change] of delta) {
      if (change === 0) continue;
      const owners = setIn(this.pointedAtBy, to, () => new Map<string, number>());
      const n = (owners.get(id) ?? 0) + change;
      if (n > 0) owners.set(id, n);
      else owners.delete(id);
      if (owners.size === 0) this.pointedAtBy.delete(to);
    }
  }

  private keepText(id: string, text: TextRef): void {
    this.textRefs.set(id, text);
    this.packUses.set(text.pack, (this.packUses.get(text.pack) ?? 0) + 1);
  }

  private forgetText(id: string): void {
    const text = this.textRefs.get(id);
    if (!text) return;
    this.textRefs.delete(id);
    const uses = (this.packUses.get(text.pack) ?? 0) - 1;
    if (uses > 0) this.packUses.set(text.pack, uses);
    else this.packUses.delete(text.pack);
  }

  private removeFile(id: string): void {
    const sub = this.files.get(id);
    if (!sub) return;
    this.files.delete(id);
    this.forgetText(id);
    this.byRepo.get(sub.file.repo)?.delete(id);
    if (this.byRepo.get(sub.file.repo)?.size === 0) this.byRepo.delete(sub.file.repo);
    for (const s of sub.symbols) this.symbols.delete(s.id);
    this.addSymbols(sub.file.repo, -sub.symbols.length);
    for (const e of sub.edges) {
      const owners = this.pointedAtBy.get(e.to);
      const n = (owners?.get(id) ?? 0) - 1;
      if (n > 0) owners!.set(id, n);
      else owners?.delete(id);
      if (owners?.size === 0) this.pointedAtBy.delete(e.to);
    }
  }

  private addSymbols(repo: string, n: number): void {
    const total = (this.symbolCount.get(repo) ?? 0) + n;
    if (total > 0) this.symbolCount.set(repo, total);
    else this.symbolCount.delete(repo);
  }
}

/** The value at `key`, created by `make` when absent. */
function setIn<K, V>(
  map: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  make: () => V,
): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
