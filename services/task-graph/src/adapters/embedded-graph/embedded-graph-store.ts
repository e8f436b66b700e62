// The default GraphStore: the whole graph in memory, made durable by an append-only journal in
// `dataDir` (fdatasync before a write resolves) and compacted into a snapshot as it grows.
// Without a dataDir it is purely in memory (tests, throwaway runs).
// Two states with a journal: `committed` holds only durable writes and answers every read;
// `head` is committed plus the writes still waiting for their fdatasync, and answers the reads
// of writers holding the domain's write lock (ports/write-scope.ts). A write the disk refuses is
// thus never seen by a reader, and head is rebuilt from committed when one fails.
import { mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { Yielder } from "../../../../../lib/turns/index.js";
import {
  assertConsistentChange,
  assertConsistentChangeInSlices,
  type CodeCounts,
  type CodeEdge,
  type CodeFile,
  type CodeFileSubgraph,
  type CodeFilesChange,
  type CodeSymbol,
  type EdgeType,
  type RepositoryRecord,
  type RepositorySummary,
} from "../../ports/code-graph-store.js";
import { EVENTS_RETAINED, type NoteQuery, type NoteRecord } from "../../ports/event-store.js";
import {
  type ClaimOutcome,
  type ClaimRequest,
  type ComponentRecord,
  claimEvent,
  claimHeld,
  type DependencyEdge,
  type Direction,
  type EventDraft,
  type EventRecord,
  type EventWindow,
  type GraphStore,
  type IssueCount,
  type IssueQuery,
  type IssueRecord,
  type Page,
  type ReleaseRequest,
  type WalkResult,
} from "../../ports/graph-store.js";
import { inWriteScope } from "../../ports/write-scope.js";
import { decideClaim, decideRelease } from "./claims.js";
import { copyCodeChange } from "./code-change-copy.js";
import type { CodeGraphState } from "./code-graph-state.js";
import { DiskTextPacks, MemoryTextPacks, type TextPacks } from "./code-texts.js";
import { GraphState } from "./graph-state.js";
import { countIssues, listIssues } from "./issue-list.js";
import { Journal } from "./journal.js";
import type { JournalFs } from "./journal-file.js";
import { lineEvent, type Mutation, type SnapshotData } from "./mutations.js";
import { journalFile, type RepairMode, replay, SNAPSHOT_FILE } from "./replay.js";
import { writeJsonSliced } from "./sliced-json.js";
import { fsyncPath } from "./sync-path.js";
import { findPath, walk } from "./traversal.js";

/** Files a code write may hold and still be copied and applied in one task (larger: in slices). */
const APPLIED_AT_ONCE = 64;

export interface EmbeddedGraphOptions {
  /** Directory for the journal and snapshot; in memory only when absent. */
  dataDir?: string;
  /** Journal size that triggers a compaction. @default 64 MiB */
  compactBytes?: number;
  /** Most mutations per fdatasync; 1 disables group commit (benchmark baseline). @default unlimited */
  maxBatch?: number;
  /**
   * "truncate": a damaged journal line is cut off (the journal kept as a backup beside it)
   * instead of refusing to start. @default refuse
   */
  repair?: RepairMode;
  /** File system seam of the journal (tests inject failures). @default node:fs */
  fs?: JournalFs;
  /** How many of the newest events Last-Event-ID can resume from (EVENTS_RETAINED). @default 10000 */
  eventsRetained?: number;
}

export class EmbeddedGraphStore implements GraphStore {
  readonly backend = "embedded";
  /** A mutation is readable (by writers) as soon as the method is called; only durability is awaited. */
  readonly writeVisibility = "on-call";
  private committed: GraphState;
  private head: GraphState;
  /** Told of every event once it is durable, in id order (onEvent). */
  private readonly listeners = new Set<(event: EventRecord) => void>();
  private journal: Journal | null = null;
  /** The journal a compaction is draining while appends already go to the next one. */
  private retiring: Journal | null = null;
  private probing: Promise<void> | null = null;
  private generation = 0;
  private compacting: Promise<void> | null = null;
  private closed = false;
  startupNotes: readonly string[] = [];
  /** Set when a compaction failed (the journals are kept, so nothing is lost). */
  lastCompactionError: Error | null = null;
  private readonly dir: string | null;
  private readonly compactBytes: number;
  private readonly maxBatch: number | undefined;
  private readonly options: EmbeddedGraphOptions;
  /** Uploaded code texts, on disk beside the journal (in memory without a dataDir). */
  private readonly texts: TextPacks;
  private readonly eventsRetained: number;

  constructor(options: EmbeddedGraphOptions = {}) {
    this.options = options;
    this.eventsRetained = options.eventsRetained ?? EVENTS_RETAINED;
    this.committed = new GraphState(this.eventsRetained);
    this.head = this.committed;
    this.dir = options.dataDir ? join(options.dataDir, "graph") : null;
    this.compactBytes = options.compactBytes ?? 64 * 1024 * 1024;
    this.maxBatch = options.maxBatch;
    this.texts = this.dir ? new DiskTextPacks(join(this.dir, "texts")) : new MemoryTextPacks();
  }

  async init(): Promise<void> {
    if (!this.dir) return;
    await mkdir(this.dir, { recursive: true });
    const committed = new GraphState(this.eventsRetained);
    // Replay with the readiness sets built once at the end, not kept up per mutation.
    committed.readiness.suspend();
    const report = await replay(
      this.dir,
      { load: (s) => committed.load(s), apply: (m) => committed.apply(m) },
      { ...(this.options.repair ? { repair: this.options.repair } : {}) },
    ).finally(() => committed.readiness.resume());
    this.startupNotes = report.notes;
    this.committed = committed;
    // Texts no durable write names: left by a refused write or a crash before its journal line.
    await this.texts.open();
    await this.texts.sweep((pack) => committed.code.usesPack(pack));
    // head is split off after listening (afterStart) or at the first write, whichever comes first
    // (a second replay here doubled the start-up's graph work).
    this.head = committed;
    this.generation = report.generation;
    this.journal = await Journal.open(join(this.dir, journalFile(this.generation)), this.journalOptions());
  }

  /** Splits head off now (after listening) rather than at the first write, which would wait for it. */
  afterStart(): void {
    if (this.journal && this.head === this.committed) this.head = GraphState.copyOf(this.committed);
  }

  /** Readers see durable state; writers holding the write lock also see pending writes. */
  private get state(): GraphState {
    return this.head !== this.committed && inWriteScope() ? this.head : this.committed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.compacting;
    await this.journal?.close();
  }

  /** Down while the last journal write failed and a probe write still fails (disk full, EIO). */
  async ping(): Promise<void> {
    if (this.closed) throw new Error("embedded graph store is closed");
    const journal = this.journal;
    if (!journal?.lastFailure) return;
    this.probing ??= journal.probe().finally(() => {
      this.probing = null;
    });
    await this.probing;
  }

  /** Waits for a running compaction (tests and benchmarks). */
  async idle(): Promise<void> {
    await this.compacting;
  }

  createIssue(issue: IssueRecord, event?: EventDraft): Promise<void> {
    if (this.head.issues.has(issue.id)) return Promise.reject(new Error(`issue ${issue.id} already exists`));
    return this.write({ op: "issue.put", issue: freezeIssue(issue) }, event);
  }

  async updateIssue(issue: IssueRecord, event?: EventDraft): Promise<boolean> {
    if (!this.head.issues.has(issue.id)) return false;
    await this.write({ op: "issue.put", issue: freezeIssue(issue) }, event);
    return true;
  }

  async deleteIssue(id: string, event?: EventDraft): Promise<boolean> {
    if (!this.head.issues.has(id)) return false;
    await this.write({ op: "issue.del", id }, event);
    return true;
  }

  async getIssue(id: string): Promise<IssueRecord | null> {
    return this.state.issues.get(id) ?? null;
  }

  async getIssues(ids: string[]): Promise<IssueRecord[]> {
    const out: IssueRecord[] = [];
    for (const id of ids) {
      const i = this.state.issues.get(id);
      if (i) out.push(i);
    }
    return out;
  }

  async listIssues(query: IssueQuery): Promise<Page<IssueRecord>> {
    return listIssues(this.state, query);
  }

  async allIssues(): Promise<IssueRecord[]> {
    return [...this.state.issues.values()];
  }

  async countIssuesByComponent(componentId: string): Promise<number> {
    let n = 0;
    for (const i of this.state.issues.values()) if (i.component_id === componentId) n++;
    return n;
  }

  claimIssue(request: ClaimRequest): Promise<ClaimOutcome> {
    return this.decide(request, (issue) => decideClaim(issue, request));
  }

  releaseClaim(request: ReleaseRequest): Promise<ClaimOutcome> {
    return this.decide(request, (issue) => decideRelease(issue, request));
  }

  // Check and apply in one synchronous step: nothing can interleave between them.
  private async decide(
    request: ClaimRequest | ReleaseRequest,
    rule: (issue: IssueRecord) => { result: ClaimOutcome; put?: IssueRecord },
  ): Promise<ClaimOutcome> {
    // A write-path check: it must see writes not yet durable (head), like the other writes.
    const issue = this.head.issues.get(request.id);
    if (!issue) return { outcome: "missing" };
    const { result, put } = rule(issue);
    if (put)
      await this.write({ op: "issue.put", issue: freezeIssue(put) }, this.claimEventOf(issue, put, request));
    return result;
  }

  createComponent(component: ComponentRecord, event?: EventDraft): Promise<void> {
    if (this.head.components.has(component.id)) {
      return Promise.reject(new Error(`component ${component.id} already exists`));
    }
    return this.write({ op: "component.put", component: Object.freeze({ ...component }) }, event);
  }

  async updateComponent(component: ComponentRecord, event?: EventDraft): Promise<boolean> {
    if (!this.head.components.has(component.id)) return false;
    await this.write({ op: "component.put", component: Object.freeze({ ...component }) }, event);
    return true;
  }

  async deleteComponent(id: string, event?: EventDraft): Promise<boolean> {
    if (!this.head.components.has(id)) return false;
    await this.write({ op: "component.del", id }, event);
    return true;
  }

  async getComponent(id: string): Promise<ComponentRecord | null> {
    return this.state.components.get(id) ?? null;
  }

  async findComponentByName(project: string, name: string): Promise<ComponentRecord | null> {
    for (const c of this.state.components.values()) if (c.project === project && c.name === name) return c;
    return null;
  }

  async listComponents(offset: number, limit: number, project?: string): Promise<Page<ComponentRecord>> {
    let all = [...this.state.components.values()];
    if (project !== undefined) all = all.filter((c) => c.project === project);
    return { items: all.slice(offset, offset + limit), total: all.length };
  }

  async issueCounts(): Promise<IssueCount[]> {
    return countIssues(this.state.issues.values());
  }

  async claimedIssues(now: string): Promise<IssueRecord[]> {
    const state = this.state;
    const held: IssueRecord[] = [];
    // The claimed set is small (agents' claims), so this does not scan every issue.
    for (const id of state.claimed) {
      const issue = state.issues.get(id);
      if (issue && claimHeld(issue, now)) held.push(issue);
    }
    return held.sort((a, b) => (state.seq.get(a.id) ?? 0) - (state.seq.get(b.id) ?? 0));
  }

  async addDependency(edge: DependencyEdge, event?: EventDraft): Promise<boolean> {
    for (const id of [edge.issue_id, edge.depends_on_id]) {
      if (!this.head.issues.has(id)) throw new Error(`issue ${id} does not exist`);
    }
    if (this.head.hasEdge(edge)) return false;
    const copy = { issue_id: edge.issue_id, depends_on_id: edge.depends_on_id };
    await this.write({ op: "dep.add", edge: copy }, event);
    return true;
  }

  async addDependencies(edges: DependencyEdge[], events?: EventDraft[]): Promise<void> {
    for (const edge of edges) {
      for (const id of [edge.issue_id, edge.depends_on_id]) {
        if (!this.head.issues.has(id)) throw new Error(`issue ${id} does not exist`);
      }
    }
    if (edges.length === 0) return;
    const copies = edges.map((e) => ({ issue_id: e.issue_id, depends_on_id: e.depends_on_id }));
    const line: Extract<Mutation, { op: "dep.addMany" }> = { op: "dep.addMany", edges: copies };
    await this.writeStamped(line, (m, firstId) => {
      if (events) m.events = events.map((e, k) => lineEvent(e, firstId + k));
    });
  }

  async allDependencies(): Promise<DependencyEdge[]> {
    return this.state.edges();
  }

  async removeDependency(edge: DependencyEdge, event?: EventDraft): Promise<boolean> {
    if (!this.head.hasEdge(edge)) return false;
    const copy = { issue_id: edge.issue_id, depends_on_id: edge.depends_on_id };
    await this.write({ op: "dep.del", edge: copy }, event);
    return true;
  }

  async dependenciesOf(id: string): Promise<{ depends_on: string[]; blocks: string[] }> {
    return {
      depends_on: [...(this.state.dependsOn.get(id) ?? [])],
      blocks: [...(this.state.blocks.get(id) ?? [])],
    };
  }

  async dependenciesOfMany(ids: string[]): Promise<Map<string, { depends_on: string[]; blocks: string[] }>> {
    const out = new Map<string, { depends_on: string[]; blocks: string[] }>();
    const state = this.state;
    // Frozen arrays kept by the state until an edge of the issue changes (no copy per page).
    for (const id of ids) out.set(id, state.dependencyArrays(id));
    return out;
  }

  async findPath(from: string, to: string, maxDepth?: number): Promise<string[] | null> {
    return findPath(this.state, from, to, maxDepth);
  }

  async walk(id: string, direction: Direction, maxDepth: number): Promise<WalkResult> {
    return walk(this.state, id, direction, maxDepth);
  }

  // ---- events and notes (SPEC §2c): an event rides on its change's journal line ----

  async readEvents(afterId: number, limit: number): Promise<EventWindow> {
    return this.state.events.read(afterId, limit);
  }

  async issueActivity(issueId: string, offset: number, limit: number): Promise<Page<EventRecord>> {
    return this.state.events.activityOf(issueId, offset, limit);
  }

  onEvent(listener: (event: EventRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async addNote(note: NoteRecord, event: EventDraft): Promise<boolean> {
    if (!this.head.issues.has(note.issue_id)) return false;
    await this.write({ op: "note.add", note: Object.freeze({ ...note }) }, event);
    return true;
  }

  async listNotes(issueId: string, query: NoteQuery): Promise<Page<NoteRecord>> {
    let notes = this.state.notes.get(issueId) ?? [];
    const kinds = query.kinds;
    if (kinds?.length) notes = notes.filter((n) => kinds.includes(n.kind));
    if (query.newestFirst) notes = [...notes].reverse();
    return { items: notes.slice(query.offset, query.offset + query.limit), total: notes.length };
  }

  async allNotes(): Promise<NoteRecord[]> {
    return [...this.state.notes.values()].flat();
  }

  recordEvent(event: EventDraft): Promise<void> {
    return this.write({ op: "event", event: lineEvent(event, 0) }, event);
  }

  /** The event of a claim or release that changed the record, when the request names its actor. */
  private claimEventOf(
    before: IssueRecord,
    after: IssueRecord,
    request: ClaimRequest | ReleaseRequest,
  ): EventDraft | undefined {
    if (request.actor === undefined) return undefined;
    return claimEvent(before, after, { actor: request.actor, at: request.now }) ?? undefined;
  }

  /** Tells the listeners of a durable event; one that throws does not stop the others or the write. */
  private publish(events: readonly EventRecord[]): void {
    for (const event of events) {
      for (const listener of this.listeners) {
        try {
          listener(event);
        } catch {
          // A listener's own failure is its own (it must not throw); the write stands.
        }
      }
    }
  }

  // ---- code graph (SPEC §4); each write is one journal line, so atomic and durable as one ----

  putRepository(repository: RepositoryRecord): Promise<void> {
    return this.write({ op: "code.repo.put", repository: copied(repository) });
  }

  async deleteRepository(name: string): Promise<boolean> {
    const code = this.head.code;
    await code.settled();
    if (!code.repositories.has(name) && code.filesOf(name).length === 0) return false;
    const held = code.packsOf(name);
    await this.write({ op: "code.repo.del", name });
    await this.forgetPacks(held);
    return true;
  }

  async getRepository(name: string): Promise<RepositorySummary | null> {
    return (await this.codeState()).summary(name);
  }

  async listRepositories(): Promise<RepositorySummary[]> {
    const code = await this.codeState();
    return [...code.repositories.keys()].sort().map((name) => code.summary(name)!);
  }

  writeCodeFiles(change: CodeFilesChange): Promise<void> {
    // A copy: what is applied is exactly what the journal replays, whatever the caller does next.
    const { texts, ...graph } = change;
    if (texts?.size || graph.upsert.length > APPLIED_AT_ONCE) return this.checkedCopied(change);
    try {
      assertConsistentChange(change);
    } catch (err) {
      return Promise.reject(err);
    }
    // Small, no text to write first: applied at once, like every other write.
    const held = this.heldPacks(graph);
    const durable = this.write({ op: "code.files", change: copied(graph) });
    return held.length ? durable.then(() => this.forgetPacks(held)) : durable;
  }

  async getCodeTexts(repo: string, paths: string[]): Promise<Map<string, string>> {
    const code = await this.codeState();
    const found = paths.flatMap((path) => {
      const ref = code.textRef(repo, path);
      return ref ? [{ path, ref }] : [];
    });
    // A text removed since (its file replaced meanwhile) reads as absent.
    const texts = await this.texts.readMany(found.map((f) => f.ref));
    const out = new Map<string, string>();
    found.forEach(({ path }, i) => {
      const text = texts[i];
      if (text !== null && text !== undefined) out.set(path, text);
    });
    return out;
  }

  /** A large change: checked, then copied, both a file at a time between turns of the event loop. */
  private async checkedCopied(change: CodeFilesChange): Promise<void> {
    await assertConsistentChangeInSlices(change, new Yielder());
    const { texts, ...graph } = change;
    return this.writeCopied(graph, texts);
  }

  // Copied a file at a time between turns of the event loop (code-change-copy.ts), then the
  // texts (one new pack, durable before the line naming it), then the journal line; once that is
  // durable, the packs whose texts the change replaced or removed go if no file holds a text in
  // them any more (a refused write's pack goes at once: nothing names it).
  private async writeCopied(
    graph: Omit<CodeFilesChange, "texts">,
    texts: ReadonlyMap<string, string> | undefined,
  ): Promise<void> {
    await this.head.code.settled();
    const held = this.heldPacks(graph);
    const { change, json } = await copyCodeChange(graph);
    const m = { op: "code.files", change } as const;
    if (!texts?.size) {
      await this.writeCodeLine(m, json);
      await this.forgetPacks(held);
      return;
    }
    const paths = [...texts.keys()];
    const refs = await this.texts.write([...texts.values()]);
    try {
      await this.writeCodeLine({ ...m, texts: paths.map((p, k) => [p, refs[k]!]) }, json);
    } finally {
      await this.forgetPacks([...held, refs[0]!.pack]);
    }
  }

  /** The text packs holding what the change replaces or removes (forgotten once it is durable). */
  private heldPacks(graph: Omit<CodeFilesChange, "texts">): string[] {
    return this.head.code.packsOf(graph.repo, [...graph.remove, ...graph.upsert.map((s) => s.file.path)]);
  }

  /**
   * A code.files line whose change is JSON already, in pieces (copyCodeChange): not stringified
   * again, and applied to each state a file at a time (CodeGraphState.applyInSlices).
   */
  private writeCodeLine(m: Extract<Mutation, { op: "code.files" }>, changeJson: string[]): Promise<void> {
    const texts = m.texts ? `,"texts":${JSON.stringify(m.texts)}` : "";
    return this.writeStamped(
      m,
      () => {},
      () => ['{"op":"code.files","change":', ...changeJson, `${texts}}\n`],
      true,
    );
  }

  /** The code state readers see, once no large write is being applied to it (reads never wait long). */
  private async codeState(): Promise<CodeGraphState> {
    const code = this.state.code;
    await code.settled();
    return code;
  }

  /** Removes the packs among `packs` no file holds a text in (a failure leaves them to the next start's sweep). */
  private async forgetPacks(packs: string[]): Promise<void> {
    await Promise.all([this.head.code.settled(), this.committed.code.settled()]);
    const unused = [...new Set(packs)].filter(
      (pack) => !this.head.code.usesPack(pack) && !this.committed.code.usesPack(pack),
    );
    await this.texts.remove(unused).catch(() => {});
  }

  async getCodeFile(repo: string, path: string): Promise<CodeFileSubgraph | null> {
    return (await this.codeState()).file(repo, path);
  }

  async listCodeFiles(repo: string): Promise<CodeFile[]> {
    return (await this.codeState()).filesOf(repo);
  }

  async getSymbols(ids: string[]): Promise<CodeSymbol[]> {
    return (await this.codeState()).symbolsById(ids);
  }

  async codeNeighbours(ids: string[], types?: EdgeType[]): Promise<CodeEdge[]> {
    return (await this.codeState()).neighbours(ids, types);
  }

  async codeEdges(repo: string): Promise<CodeEdge[]> {
    return (await this.codeState()).edgesOf(repo);
  }

  async codeCounts(): Promise<CodeCounts> {
    return (await this.codeState()).counts();
  }

  private journalOptions(): { maxBatch?: number; fs?: JournalFs; onFailure: (err: Error) => void } {
    return {
      ...(this.maxBatch === undefined ? {} : { maxBatch: this.maxBatch }),
      ...(this.options.fs ? { fs: this.options.fs } : {}),
      onFailure: (err) => this.forgetPending(err),
    };
  }

  // A journal batch failed and every write waiting behind it is refused: head goes back to the
  // durable state. A journal being replaced by compaction may hold writes queued on top: refuse them.
  private forgetPending(err: Error): void {
    this.retiring?.refuseQueued(err);
    this.journal?.refuseQueued(err);
    this.head = GraphState.copyOf(this.committed);
  }

  // Applies to head at once (writers under the lock see it), journals it, and applies it to
  // committed (readers see it) once the line is on disk, just before the write resolves.
  // The event, if any, takes the next id of head (a refused write's id is given out again, as
  // head goes back to the durable state: no id a listener heard of is ever reused).
  private write(m: Mutation, event?: EventDraft): Promise<void> {
    return this.writeStamped(m, (line, firstId) => {
      if (event) (line as { event?: unknown }).event = lineEvent(event, firstId);
    });
  }

  /** write() for a mutation whose events `stamp` numbers from `firstId` (a bulk write has several). */
  private writeStamped<M extends Mutation>(
    m: M,
    stamp: (m: M, firstId: number) => void,
    /** The line (JSON and a newline) when the caller has it already: a large code write's, in pieces. */
    line: () => string | string[] = () => `${JSON.stringify(m)}\n`,
    /** A code.files write applied to each state in slices; resolves once committed holds it all. */
    sliced = false,
  ): Promise<void> {
    if (this.closed) return Promise.reject(new Error("embedded graph store is closed"));
    if (!this.journal) {
      stamp(m, this.committed.events.lastId + 1);
      this.publish(this.committed.apply(m));
      return Promise.resolve();
    }
    // The first write splits head off the durable state; until then both are one object.
    if (this.head === this.committed) this.head = GraphState.copyOf(this.committed);
    stamp(m, this.head.events.lastId + 1);
    const code = m as Mutation as Extract<Mutation, { op: "code.files" }>;
    // A step of head's that throws is the committed state's too: its writer hears of it there.
    if (sliced) this.head.code.applyInSlices(code).catch(() => {});
    else this.head.apply(m);
    const durable = this.journal.append(line(), () => {
      if (sliced) this.committed.code.applyInSlices(code).catch(() => {});
      else this.publish(this.committed.apply(m));
    });
    if (!this.compacting && this.journal.size > this.compactBytes) {
      // A failed compaction loses nothing (the journals stay); it is retried as the journal grows.
      this.compacting = this.compact()
        .catch((err: Error) => {
          this.lastCompactionError = err;
        })
        .finally(() => {
          this.compacting = null;
        });
    }
    return sliced ? durable.then(() => this.committed.code.settled()) : durable;
  }

  // Switch appends to a new journal at one instant; once the old one has drained (each of its
  // writes durable or refused) and before the new one writes anything, committed is exactly the
  // state of the old journals: snapshot it, and only then retire the old journal. A crash at any
  // step replays to the same state.
  private async compact(): Promise<void> {
    const dir = this.dir!;
    let release!: () => void;
    const oldDrained = new Promise<void>((res) => {
      release = res;
    });
    const generation = this.generation + 1;
    const next = await Journal.open(join(dir, journalFile(generation)), {
      ...this.journalOptions(),
      notBefore: oldDrained,
    });
    const old = this.journal!;
    this.retiring = old;
    this.journal = next;
    this.generation = generation;
    let data: SnapshotData;
    try {
      await old.close();
    } finally {
      // Nothing reaches committed before release(): the new journal's writes wait for it.
      data = await this.committed.settledSnapshot(generation);
      this.retiring = null;
      release();
    }
    // Records are frozen, so the snapshot can be serialised while the new journal runs; in
    // slices, as requests go on (a code graph's snapshot is hundreds of MB).
    const tmp = join(dir, `${SNAPSHOT_FILE}.tmp`);
    try {
      await writeJsonSliced(tmp, data);
      await fsyncPath(tmp);
      await rename(tmp, join(dir, SNAPSHOT_FILE));
    } catch (err) {
      // A full disk: free the half-written file; the journals still hold everything.
      await rm(tmp, { force: true }).catch(() => {});
      throw err;
    }
    await fsyncPath(dir);
    await rm(old.path, { force: true });
  }
}

/** A deep copy, frozen: stored code records are shared by reads and snapshots, never changed. */
function copied<T>(value: T): T {
  return deepFreeze(JSON.parse(JSON.stringify(value)) as T);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

function freezeIssue(issue: IssueRecord): IssueRecord {
  return Object.freeze({ ...issue, labels: Object.freeze([...issue.labels]) as string[] });
}
