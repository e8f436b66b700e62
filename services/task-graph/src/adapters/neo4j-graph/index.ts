// GraphStore on Neo4j 5 through neo4j-driver. Reads run in executeRead, writes in executeWrite
// (managed transactions, retried by the driver on transient errors within a bounded time);
// every transaction has a timeout. Statements live in queries.ts, value conversion in
// mapping.ts. Connectivity failures become BackendUnavailableError (503).
import neo4j, { type Driver, type ManagedTransaction } from "neo4j-driver";
import {
  ACTIVITY_KEPT,
  EVENTS_RETAINED,
  issuesOfEvent,
  type NoteQuery,
  type NoteRecord,
} from "../../ports/event-store.js";
import {
  type ClaimOutcome,
  type ClaimRequest,
  type ComponentRecord,
  claimEvent,
  type DependencyEdge,
  type Direction,
  type EventDraft,
  type EventRecord,
  type EventWindow,
  type GraphStore,
  type IssueCount,
  type IssueQuery,
  type IssueStatus,
  type IssueRecord,
  type Page,
  type ReleaseRequest,
  type WalkResult,
} from "../../ports/graph-store.js";
import {
  assertConsistentChange,
  type CodeCounts,
  type CodeEdge,
  type CodeFile,
  type CodeFilesChange,
  type CodeFileSubgraph,
  type CodeSymbol,
  type EdgeType,
  fileId,
  type RepositoryRecord,
  type RepositorySummary,
} from "../../ports/code-graph-store.js";
import { classifyNeo4jError } from "./errors.js";
import {
  codeFileProps,
  componentProps,
  issueProps,
  symbolProps,
  toCodeEdge,
  toCodeFile,
  toComponent,
  toInt,
  toIssue,
  toNote,
  toNumber,
  toRepository,
  toSymbol,
} from "./mapping.js";
import * as Q from "./queries.js";

export interface Neo4jGraphStoreOptions {
  /** bolt:// or neo4j:// URI. */
  uri: string;
  user: string;
  password: string;
  /** Database name; the server default when absent. */
  database?: string | undefined;
  /** Per-transaction timeout in ms. @default 5000 */
  queryTimeoutMs?: number;
  /** Connect and pool-acquire deadline in ms. @default 3000 */
  connectTimeoutMs?: number;
  /** How many of the newest events Last-Event-ID can resume from (EVENTS_RETAINED). @default 10000 */
  eventsRetained?: number;
}

type Row = Record<string, unknown>;

export class Neo4jGraphStore implements GraphStore {
  readonly backend = "neo4j";
  /** A transaction's write is seen by others once it commits, which is when its promise resolves. */
  readonly writeVisibility = "on-resolve";
  readonly #driver: Driver;
  readonly #database: string | undefined;
  readonly #timeoutMs: number;
  readonly #where: string;
  readonly #eventsRetained: number;
  readonly #listeners = new Set<(event: EventRecord) => void>();

  constructor(options: Neo4jGraphStoreOptions) {
    this.#eventsRetained = options.eventsRetained ?? EVENTS_RETAINED;
    const connectTimeoutMs = options.connectTimeoutMs ?? 3000;
    this.#database = options.database;
    this.#timeoutMs = options.queryTimeoutMs ?? 5000;
    this.#where = options.uri.replace(/\/\/[^@/]*@/, "//");
    this.#driver = neo4j.driver(options.uri, neo4j.auth.basic(options.user, options.password), {
      connectionTimeout: connectTimeoutMs,
      connectionAcquisitionTimeout: connectTimeoutMs,
      maxTransactionRetryTime: Math.max(this.#timeoutMs, 1000),
      disableLosslessIntegers: false, // integers are converted explicitly (mapping.ts)
      logging: { level: "error", logger: () => {} },
    });
  }

  async init(): Promise<void> {
    try {
      await this.#driver.verifyConnectivity(this.#database ? { database: this.#database } : {});
    } catch (error) {
      throw classifyNeo4jError(error, this.#where);
    }
    // Schema statements cannot share a transaction with each other or with data writes.
    for (const statement of Q.SCHEMA) await this.#write(statement);
    await this.#write(Q.BACKFILL_READINESS);
    await this.#write(Q.PRUNE_EVENTS, { retained: toInt(this.#eventsRetained) });
  }

  async close(): Promise<void> {
    await this.#driver.close();
  }

  async ping(): Promise<void> {
    await this.#read(Q.PING);
  }

  async createIssue(issue: IssueRecord, event?: EventDraft): Promise<void> {
    await this.#writeRecorded(Q.CREATE_ISSUE, { props: issueProps(issue) }, event, () => true);
  }

  async updateIssue(issue: IssueRecord, event?: EventDraft): Promise<boolean> {
    const rows = await this.#writeRecorded(
      Q.UPDATE_ISSUE,
      { props: issueProps(issue) },
      event,
      this.#changed,
    );
    return this.#count(rows) > 0;
  }

  async deleteIssue(id: string, event?: EventDraft): Promise<boolean> {
    return this.#count(await this.#writeRecorded(Q.DELETE_ISSUE, { id }, event, this.#changed)) > 0;
  }

  async getIssue(id: string): Promise<IssueRecord | null> {
    const [row] = await this.#read(Q.GET_ISSUE, { id });
    return row ? toIssue(row.issue as Row) : null;
  }

  async getIssues(ids: string[]): Promise<IssueRecord[]> {
    if (ids.length === 0) return [];
    return (await this.#read(Q.GET_ISSUES, { ids })).map((row) => toIssue(row.issue as Row));
  }

  async listIssues(query: IssueQuery): Promise<Page<IssueRecord>> {
    const built = Q.listIssuesQuery(query);
    const params = { ...built.params, offset: toInt(query.offset), limit: toInt(query.limit) };
    return this.#session("READ", async (tx) => {
      const total = toNumber((await tx.run(built.count, built.params)).records[0]?.get("n") ?? 0);
      const page = await tx.run(built.page, params);
      return { items: page.records.map((r) => toIssue(r.get("issue") as Row)), total };
    });
  }

  async allIssues(): Promise<IssueRecord[]> {
    return (await this.#read(Q.ALL_ISSUES)).map((row) => toIssue(row.issue as Row));
  }

  async countIssuesByComponent(componentId: string): Promise<number> {
    return this.#count(await this.#read(Q.COUNT_BY_COMPONENT, { id: componentId }));
  }

  async claimIssue(request: ClaimRequest): Promise<ClaimOutcome> {
    const { id, agent, expires_at, now } = request;
    return this.#decideClaim(Q.CLAIM_ISSUE, { id, agent, expires_at, now }, request);
  }

  async releaseClaim(request: ReleaseRequest): Promise<ClaimOutcome> {
    const { id, now } = request;
    return this.#decideClaim(Q.RELEASE_CLAIM, { id, agent: request.agent ?? null, now }, request);
  }

  // The claim, and its event when it changed the record, in one transaction.
  async #decideClaim(
    cypher: string,
    params: Record<string, unknown>,
    request: ClaimRequest | ReleaseRequest,
  ): Promise<ClaimOutcome> {
    const { outcome, recorded } = await this.#session("WRITE", async (tx) => {
      const rows = (await tx.run(cypher, params)).records.map((r) => r.toObject());
      const outcome = claimOutcome(rows);
      const row = rows[0];
      if (!row || request.actor === undefined || outcome.outcome === "missing")
        return { outcome, recorded: null };
      const before: IssueRecord = {
        ...outcome.issue,
        assignee: typeof row.before_assignee === "string" ? row.before_assignee : null,
        claim_expires_at: typeof row.before_expires === "string" ? row.before_expires : null,
      };
      const event = claimEvent(before, outcome.issue, { actor: request.actor, at: request.now });
      return { outcome, recorded: event ? await this.#recordIn(tx, event) : null };
    });
    this.#publish(recorded);
    return outcome;
  }

  async createComponent(component: ComponentRecord, event?: EventDraft): Promise<void> {
    await this.#writeRecorded(Q.CREATE_COMPONENT, { props: componentProps(component) }, event, () => true);
  }

  async updateComponent(component: ComponentRecord, event?: EventDraft): Promise<boolean> {
    const props = componentProps(component);
    return this.#count(await this.#writeRecorded(Q.UPDATE_COMPONENT, { props }, event, this.#changed)) > 0;
  }

  async deleteComponent(id: string, event?: EventDraft): Promise<boolean> {
    return this.#count(await this.#writeRecorded(Q.DELETE_COMPONENT, { id }, event, this.#changed)) > 0;
  }

  async getComponent(id: string): Promise<ComponentRecord | null> {
    const [row] = await this.#read(Q.GET_COMPONENT, { id });
    return row ? toComponent(row.component as Row) : null;
  }

  async findComponentByName(project: string, name: string): Promise<ComponentRecord | null> {
    const [row] = await this.#read(Q.FIND_COMPONENT, { project, name });
    return row ? toComponent(row.component as Row) : null;
  }

  async listComponents(offset: number, limit: number, project?: string): Promise<Page<ComponentRecord>> {
    const [count, list, filter] =
      project === undefined
        ? [Q.COUNT_COMPONENTS, Q.LIST_COMPONENTS, {}]
        : [Q.COUNT_PROJECT_COMPONENTS, Q.LIST_PROJECT_COMPONENTS, { project }];
    return this.#session("READ", async (tx) => {
      const total = toNumber((await tx.run(count, filter)).records[0]?.get("n") ?? 0);
      const page = await tx.run(list, { ...filter, offset: toInt(offset), limit: toInt(limit) });
      return { items: page.records.map((r) => toComponent(r.get("component") as Row)), total };
    });
  }

  async issueCounts(): Promise<IssueCount[]> {
    return (await this.#read(Q.ISSUE_COUNTS)).map((row) => ({
      component_id: typeof row.component_id === "string" ? row.component_id : null,
      status: row.status as IssueStatus,
      count: toNumber(row.n),
    }));
  }

  async claimedIssues(now: string): Promise<IssueRecord[]> {
    return (await this.#read(Q.CLAIMED_ISSUES, { now })).map((row) => toIssue(row.issue as Row));
  }

  async addDependency(edge: DependencyEdge, event?: EventDraft): Promise<boolean> {
    const created = (rows: Row[]) => rows[0]?.created === true;
    return created(await this.#writeRecorded(Q.ADD_DEPENDENCY, { ...edge }, event, created));
  }

  // The edges and their events in one transaction: a missing issue rolls all of it back.
  async addDependencies(edges: DependencyEdge[], events?: EventDraft[]): Promise<void> {
    if (edges.length === 0) return;
    const pairs = edges.map((e) => ({ from: e.issue_id, to: e.depends_on_id }));
    const recorded = await this.#session("WRITE", async (tx) => {
      const out: EventRecord[] = [];
      for (const event of events ?? []) {
        const record = await this.#recordIn(tx, event);
        if (record) out.push(record);
      }
      const found = toNumber((await tx.run(Q.ADD_DEPENDENCIES, { edges: pairs })).records[0]?.get("n") ?? 0);
      // Throwing rolls the transaction back: no edge and no event stays.
      if (found !== edges.length) throw new Error("bulk dependencies: an issue of an edge does not exist");
      return out;
    });
    for (const event of recorded) this.#publish(event);
  }

  async allDependencies(): Promise<DependencyEdge[]> {
    return (await this.#read(Q.ALL_DEPENDENCIES)).map((row) => ({
      issue_id: row.issue_id as string,
      depends_on_id: row.depends_on_id as string,
    }));
  }

  async removeDependency(edge: DependencyEdge, event?: EventDraft): Promise<boolean> {
    return this.#count(await this.#writeRecorded(Q.REMOVE_DEPENDENCY, { ...edge }, event, this.#changed)) > 0;
  }

  async dependenciesOf(id: string): Promise<{ depends_on: string[]; blocks: string[] }> {
    const [row] = await this.#read(Q.DEPENDENCIES_OF, { id });
    if (!row) return { depends_on: [], blocks: [] };
    return { depends_on: (row.depends_on as string[]) ?? [], blocks: (row.blocks as string[]) ?? [] };
  }

  async findPath(from: string, to: string, maxDepth?: number): Promise<string[] | null> {
    if (from === to) return (await this.getIssue(from)) ? [from] : null;
    if (maxDepth !== undefined && maxDepth < 1) return null;
    const [row] = await this.#read(Q.findPathQuery(maxDepth), { from, to });
    return row ? (row.path as string[]) : null;
  }

  async walk(id: string, direction: Direction, maxDepth: number): Promise<WalkResult> {
    if (!Number.isSafeInteger(maxDepth) || maxDepth < 0) {
      throw new RangeError(`maxDepth must be a non-negative integer, got ${maxDepth}`);
    }
    // One hop further than asked: a node found there means max_depth cut the walk.
    const rows = await this.#read(Q.walkQuery(direction, maxDepth + 1), { id });
    const steps = rows.map((row) => ({
      id: row.id as string,
      depth: toNumber(row.depth),
      path: row.path as string[],
    }));
    return {
      steps: steps.filter((s) => s.depth <= maxDepth),
      truncated: steps.some((s) => s.depth > maxDepth),
    };
  }

  // ---- events and notes (SPEC §2c) ----

  async readEvents(afterId: number, limit: number): Promise<EventWindow> {
    return this.#session("READ", async (tx) => {
      const last = toNumber((await tx.run(Q.LAST_EVENT_ID)).records[0]?.get("last") ?? 0);
      // Ids have no gaps (a transaction that fails takes its id back), so the window is arithmetic.
      const oldest = Math.max(1, last - this.#eventsRetained + 1);
      if (limit <= 0) return { events: [], oldest, last };
      const rows = await tx.run(Q.EVENTS_AFTER, {
        after: toInt(Math.max(0, afterId)),
        oldest: toInt(oldest),
        limit: toInt(limit),
      });
      return { events: rows.records.map((r) => toEvent(r.toObject())), oldest, last };
    });
  }

  async issueActivity(issueId: string, offset: number, limit: number): Promise<Page<EventRecord>> {
    return this.#session("READ", async (tx) => {
      const n = toNumber((await tx.run(Q.COUNT_ACTIVITY, { id: issueId })).records[0]?.get("n") ?? 0);
      // The newest ACTIVITY_KEPT only, as the embedded store keeps.
      const total = Math.min(n, ACTIVITY_KEPT);
      const take = Math.min(limit, ACTIVITY_KEPT - offset);
      if (take <= 0) return { items: [], total };
      const page = await tx.run(Q.ISSUE_ACTIVITY, { id: issueId, offset: toInt(offset), limit: toInt(take) });
      return { items: page.records.map((r) => toEvent(r.toObject())), total };
    });
  }

  onEvent(listener: (event: EventRecord) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async addNote(note: NoteRecord, event: EventDraft): Promise<boolean> {
    const rows = await this.#writeRecorded(Q.ADD_NOTE, { props: { ...note } }, event, this.#changed);
    return this.#count(rows) > 0;
  }

  async listNotes(issueId: string, query: NoteQuery): Promise<Page<NoteRecord>> {
    const byKind = (query.kinds?.length ?? 0) > 0;
    const built = Q.listNotesQuery(byKind, query.newestFirst === true);
    const params = { id: issueId, ...(byKind ? { kinds: query.kinds } : {}) };
    return this.#session("READ", async (tx) => {
      const total = toNumber((await tx.run(built.count, params)).records[0]?.get("n") ?? 0);
      const page = await tx.run(built.page, {
        ...params,
        offset: toInt(query.offset),
        limit: toInt(query.limit),
      });
      return { items: page.records.map((r) => toNote(r.get("note") as Row)), total };
    });
  }

  async allNotes(): Promise<NoteRecord[]> {
    return (await this.#read(Q.ALL_NOTES)).map((row) => toNote(row.note as Row));
  }

  async recordEvent(event: EventDraft): Promise<void> {
    const recorded = await this.#session("WRITE", (tx) => this.#recordIn(tx, event));
    this.#publish(recorded);
  }

  /** A write and, when `applied` says it changed something, its event, in one transaction. */
  async #writeRecorded(
    cypher: string,
    params: Record<string, unknown>,
    event: EventDraft | undefined,
    applied: (rows: Row[]) => boolean,
  ): Promise<Row[]> {
    if (!event) return this.#write(cypher, params);
    const { rows, recorded } = await this.#session("WRITE", async (tx) => {
      const rows = (await tx.run(cypher, params)).records.map((r) => r.toObject());
      return { rows, recorded: applied(rows) ? await this.#recordIn(tx, event) : null };
    });
    // Told only now that the transaction committed (the driver may have run the work again).
    this.#publish(recorded);
    return rows;
  }

  readonly #changed = (rows: Row[]) => this.#count(rows) > 0;

  /** Creates the event node in `tx`; null when the server answered no row (nothing to tell). */
  async #recordIn(tx: ManagedTransaction, event: EventDraft): Promise<EventRecord | null> {
    const result = await tx.run(Q.CREATE_EVENT, {
      type: event.type,
      at: event.at,
      data: JSON.stringify(event),
      about: issuesOfEvent(event),
    });
    const id = result.records[0]?.get("id");
    return id === undefined ? null : { ...event, id: toNumber(id) };
  }

  // Writes are serialised by the domain's write lock (writeVisibility "on-resolve"), so commits,
  // and with them these calls, come in id order.
  #publish(event: EventRecord | null): void {
    if (!event) return;
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A listener must not throw; the write stands either way.
      }
    }
  }

  // ---- code graph: each write is one transaction (all of it or none) ----

  async putRepository(repository: RepositoryRecord): Promise<void> {
    await this.#write(Q.PUT_REPOSITORY, { props: { ...repository } });
  }

  async deleteRepository(name: string): Promise<boolean> {
    return this.#session("WRITE", async (tx) => {
      const ids = (await tx.run(Q.REPOSITORY_FILE_IDS, { name })).records[0]?.get("ids") as
        | string[]
        | undefined;
      await dropSubgraphs(tx, ids ?? []);
      const removed = (await tx.run(Q.DELETE_REPOSITORY_NODE, { name })).records[0]?.get("n");
      return (ids?.length ?? 0) > 0 || (removed !== undefined && toNumber(removed) > 0);
    });
  }

  async getRepository(name: string): Promise<RepositorySummary | null> {
    const [row] = await this.#read(Q.GET_REPOSITORY, { name });
    return row ? toRepository(row.repository as Row, row.files, row.symbols) : null;
  }

  async listRepositories(): Promise<RepositorySummary[]> {
    return (await this.#read(Q.LIST_REPOSITORIES)).map((row) =>
      toRepository(row.repository as Row, row.files, row.symbols),
    );
  }

  async writeCodeFiles(change: CodeFilesChange): Promise<void> {
    assertConsistentChange(change);
    const paths = [...change.remove, ...change.upsert.map((s) => s.file.path)];
    const byType = (type: EdgeType) =>
      change.upsert.flatMap((s) => s.edges.filter((e) => e.type === type).map((e) => ({ ...e })));
    await this.#session("WRITE", async (tx) => {
      const stale = await dropSubgraphs(
        tx,
        paths.map((path) => fileId(change.repo, path)),
        false,
      );
      await tx.run(Q.PUT_CODE_FILES, {
        files: change.upsert.map((s) => codeFileProps(s.file, change.texts?.get(s.file.path))),
      });
      await tx.run(Q.PUT_CODE_SYMBOLS, { symbols: change.upsert.flatMap((s) => s.symbols.map(symbolProps)) });
      await tx.run(Q.PUT_CONTAINS_EDGES, { edges: byType("CONTAINS") });
      await tx.run(Q.PUT_IMPORTS_EDGES, { edges: byType("IMPORTS") });
      await tx.run(Q.PUT_REFERENCES_EDGES, { edges: byType("REFERENCES") });
      await tx.run(Q.PUT_TESTS_EDGES, { edges: byType("TESTS") });
      await tx.run(Q.DROP_STUBS, { ids: stale });
    });
  }

  async getCodeFile(repo: string, path: string): Promise<CodeFileSubgraph | null> {
    const [row] = await this.#read(Q.GET_CODE_FILE, { id: fileId(repo, path) });
    if (!row) return null;
    return {
      file: toCodeFile(row.file as Row),
      symbols: (row.symbols as Row[]).map(toSymbol).sort((a, b) => a.line - b.line),
      edges: (row.edges as Row[]).map(toCodeEdge),
    };
  }

  async getCodeTexts(repo: string, paths: string[]): Promise<Map<string, string>> {
    if (paths.length === 0) return new Map();
    const rows = await this.#read(Q.GET_CODE_TEXTS, { ids: paths.map((p) => fileId(repo, p)) });
    return new Map(rows.map((row) => [row.path as string, row.text as string]));
  }

  async listCodeFiles(repo: string): Promise<CodeFile[]> {
    return (await this.#read(Q.LIST_CODE_FILES, { repo })).map((row) => toCodeFile(row.file as Row));
  }

  async getSymbols(ids: string[]): Promise<CodeSymbol[]> {
    if (ids.length === 0) return [];
    return (await this.#read(Q.GET_SYMBOLS, { ids })).map((row) => toSymbol(row.symbol as Row));
  }

  async codeNeighbours(ids: string[], types?: EdgeType[]): Promise<CodeEdge[]> {
    if (ids.length === 0) return [];
    const all: EdgeType[] = ["CONTAINS", "IMPORTS", "REFERENCES", "TESTS"];
    return (await this.#read(Q.CODE_NEIGHBOURS, { ids, types: types ?? all })).map((row) =>
      toCodeEdge(row.edge as Row),
    );
  }

  async codeEdges(repo: string): Promise<CodeEdge[]> {
    return (await this.#read(Q.CODE_EDGES, { repo })).map((row) => toCodeEdge(row.edge as Row));
  }

  async codeCounts(): Promise<CodeCounts> {
    const [row] = await this.#read(Q.CODE_COUNTS);
    return {
      repositories: row ? toNumber(row.repositories) : 0,
      files: row ? toNumber(row.files) : 0,
      symbols: row ? toNumber(row.symbols) : 0,
    };
  }

  #count(rows: Row[]): number {
    return rows[0] ? toNumber(rows[0].n) : 0;
  }

  #read(cypher: string, params: Record<string, unknown> = {}): Promise<Row[]> {
    return this.#session("READ", async (tx) =>
      (await tx.run(cypher, params)).records.map((r) => r.toObject()),
    );
  }

  #write(cypher: string, params: Record<string, unknown> = {}): Promise<Row[]> {
    return this.#session("WRITE", async (tx) =>
      (await tx.run(cypher, params)).records.map((r) => r.toObject()),
    );
  }

  async #session<T>(mode: "READ" | "WRITE", work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    const session = this.#driver.session({
      defaultAccessMode: mode === "READ" ? neo4j.session.READ : neo4j.session.WRITE,
      ...(this.#database ? { database: this.#database } : {}),
    });
    try {
      const config = { timeout: this.#timeoutMs };
      return mode === "READ"
        ? await session.executeRead(work, config)
        : await session.executeWrite(work, config);
    } catch (error) {
      throw classifyNeo4jError(error, this.#where);
    } finally {
      await session.close();
    }
  }
}

/**
 * Drops what the files own (edges, then their nodes become stubs). Returns the ids that may now
 * be stubs nothing points at; drops those too unless the caller writes nodes first (`sweep`).
 */
async function dropSubgraphs(tx: ManagedTransaction, fileIds: string[], sweep = true): Promise<string[]> {
  const targets = (await tx.run(Q.DROP_OWNED_EDGES, { file_ids: fileIds })).records[0]?.get("targets");
  const demoted = (await tx.run(Q.DEMOTE_OWNED_NODES, { file_ids: fileIds })).records[0]?.get("ids");
  const stale = [...new Set([...((targets as string[]) ?? []), ...((demoted as string[]) ?? [])])];
  if (sweep) await tx.run(Q.DROP_STUBS, { ids: stale });
  return stale;
}

function toEvent(row: Row): EventRecord {
  return { ...(JSON.parse(String(row.data)) as EventDraft), id: toNumber(row.id) };
}

function claimOutcome(rows: Row[]): ClaimOutcome {
  const [row] = rows;
  if (!row) return { outcome: "missing" };
  const outcome = row.outcome as "claimed" | "released" | "held" | "closed";
  return { outcome, issue: toIssue(row.issue as Row) };
}
