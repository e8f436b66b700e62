// GraphStore on Neo4j 5 through neo4j-driver. Reads run in executeRead, writes in executeWrite
// (managed transactions, retried by the driver on transient errors within a bounded time);
// every transaction has a timeout. Statements live in queries.ts, value conversion in
// mapping.ts. Connectivity failures become BackendUnavailableError (503).
import neo4j, { type Driver, type ManagedTransaction } from "neo4j-driver";
import type {
  ClaimOutcome,
  ClaimRequest,
  ComponentRecord,
  DependencyEdge,
  Direction,
  GraphStore,
  IssueQuery,
  IssueRecord,
  Page,
  ReleaseRequest,
  WalkResult,
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

  constructor(options: Neo4jGraphStoreOptions) {
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
  }

  async close(): Promise<void> {
    await this.#driver.close();
  }

  async ping(): Promise<void> {
    await this.#read(Q.PING);
  }

  async createIssue(issue: IssueRecord): Promise<void> {
    await this.#write(Q.CREATE_ISSUE, { props: issueProps(issue) });
  }

  async updateIssue(issue: IssueRecord): Promise<boolean> {
    return this.#count(await this.#write(Q.UPDATE_ISSUE, { props: issueProps(issue) })) > 0;
  }

  async deleteIssue(id: string): Promise<boolean> {
    return this.#count(await this.#write(Q.DELETE_ISSUE, { id })) > 0;
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
    return claimOutcome(await this.#write(Q.CLAIM_ISSUE, { id, agent, expires_at, now }));
  }

  async releaseClaim(request: ReleaseRequest): Promise<ClaimOutcome> {
    const { id, now } = request;
    return claimOutcome(await this.#write(Q.RELEASE_CLAIM, { id, agent: request.agent ?? null, now }));
  }

  async createComponent(component: ComponentRecord): Promise<void> {
    await this.#write(Q.CREATE_COMPONENT, { props: componentProps(component) });
  }

  async updateComponent(component: ComponentRecord): Promise<boolean> {
    return this.#count(await this.#write(Q.UPDATE_COMPONENT, { props: componentProps(component) })) > 0;
  }

  async deleteComponent(id: string): Promise<boolean> {
    return this.#count(await this.#write(Q.DELETE_COMPONENT, { id })) > 0;
  }

  async getComponent(id: string): Promise<ComponentRecord | null> {
    const [row] = await this.#read(Q.GET_COMPONENT, { id });
    return row ? toComponent(row.component as Row) : null;
  }

  async findComponentByName(project: string, name: string): Promise<ComponentRecord | null> {
    const [row] = await this.#read(Q.FIND_COMPONENT, { project, name });
    return row ? toComponent(row.component as Row) : null;
  }

  async listComponents(offset: number, limit: number): Promise<Page<ComponentRecord>> {
    return this.#session("READ", async (tx) => {
      const total = toNumber((await tx.run(Q.COUNT_COMPONENTS)).records[0]?.get("n") ?? 0);
      const page = await tx.run(Q.LIST_COMPONENTS, { offset: toInt(offset), limit: toInt(limit) });
      return { items: page.records.map((r) => toComponent(r.get("component") as Row)), total };
    });
  }

  async addDependency(edge: DependencyEdge): Promise<boolean> {
    const [row] = await this.#write(Q.ADD_DEPENDENCY, { ...edge });
    return row?.created === true;
  }

  async removeDependency(edge: DependencyEdge): Promise<boolean> {
    return this.#count(await this.#write(Q.REMOVE_DEPENDENCY, { ...edge })) > 0;
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

function claimOutcome(rows: Row[]): ClaimOutcome {
  const [row] = rows;
  if (!row) return { outcome: "missing" };
  const outcome = row.outcome as "claimed" | "released" | "held" | "closed";
  return { outcome, issue: toIssue(row.issue as Row) };
}
