// The graph store with every call bound to a deadline (deadlines.ts). Each method is delegated
// by name, so a method added to the port fails to compile here until it is bound too. Calls
// start synchronously, so the inner store's write visibility is unchanged.
import type {
  ClaimOutcome,
  ClaimRequest,
  ComponentRecord,
  DependencyEdge,
  Direction,
  EventDraft,
  EventRecord,
  EventWindow,
  GraphStore,
  IssueCount,
  IssueQuery,
  IssueRecord,
  Page,
  ReleaseRequest,
  WalkResult,
  WriteVisibility,
} from "../../ports/graph-store.js";
import type {
  CodeCounts,
  CodeEdge,
  CodeFile,
  CodeFilesChange,
  CodeFileSubgraph,
  CodeSymbol,
  EdgeType,
  RepositoryRecord,
  RepositorySummary,
} from "../../ports/code-graph-store.js";
import type { NoteQuery, NoteRecord } from "../../ports/event-store.js";
import { BoundBackend } from "./bound-backend.js";
import type { Deadlines } from "./deadlines.js";

type Deps = { depends_on: string[]; blocks: string[] };

export class DeadlineGraphStore extends BoundBackend<GraphStore> implements GraphStore {
  readonly backend: string;
  readonly writeVisibility: WriteVisibility;
  readonly dependenciesOfMany?: (ids: string[]) => Promise<Map<string, Deps>>;

  constructor(inner: GraphStore, deadlines: Deadlines) {
    super(inner, deadlines, "graph store");
    this.backend = inner.backend;
    this.writeVisibility = inner.writeVisibility;
    // Offered only when the inner store offers it (the domain falls back to dependenciesOf).
    const many = inner.dependenciesOfMany?.bind(inner);
    if (many) this.dependenciesOfMany = (ids) => this.bound(() => many(ids));
  }

  createIssue(issue: IssueRecord, event?: EventDraft): Promise<void> {
    return this.bound(() => this.inner.createIssue(issue, event));
  }
  updateIssue(issue: IssueRecord, event?: EventDraft): Promise<boolean> {
    return this.bound(() => this.inner.updateIssue(issue, event));
  }
  deleteIssue(id: string, event?: EventDraft): Promise<boolean> {
    return this.bound(() => this.inner.deleteIssue(id, event));
  }
  getIssue(id: string): Promise<IssueRecord | null> {
    return this.bound(() => this.inner.getIssue(id));
  }
  getIssues(ids: string[]): Promise<IssueRecord[]> {
    return this.bound(() => this.inner.getIssues(ids));
  }
  listIssues(query: IssueQuery): Promise<Page<IssueRecord>> {
    return this.bound(() => this.inner.listIssues(query));
  }
  allIssues(): Promise<IssueRecord[]> {
    return this.bound(() => this.inner.allIssues());
  }
  countIssuesByComponent(componentId: string): Promise<number> {
    return this.bound(() => this.inner.countIssuesByComponent(componentId));
  }
  claimIssue(request: ClaimRequest): Promise<ClaimOutcome> {
    return this.bound(() => this.inner.claimIssue(request));
  }
  releaseClaim(request: ReleaseRequest): Promise<ClaimOutcome> {
    return this.bound(() => this.inner.releaseClaim(request));
  }

  createComponent(component: ComponentRecord, event?: EventDraft): Promise<void> {
    return this.bound(() => this.inner.createComponent(component, event));
  }
  updateComponent(component: ComponentRecord, event?: EventDraft): Promise<boolean> {
    return this.bound(() => this.inner.updateComponent(component, event));
  }
  deleteComponent(id: string, event?: EventDraft): Promise<boolean> {
    return this.bound(() => this.inner.deleteComponent(id, event));
  }
  getComponent(id: string): Promise<ComponentRecord | null> {
    return this.bound(() => this.inner.getComponent(id));
  }
  findComponentByName(project: string, name: string): Promise<ComponentRecord | null> {
    return this.bound(() => this.inner.findComponentByName(project, name));
  }
  listComponents(offset: number, limit: number, project?: string): Promise<Page<ComponentRecord>> {
    return this.bound(() => this.inner.listComponents(offset, limit, project));
  }
  issueCounts(): Promise<IssueCount[]> {
    return this.bound(() => this.inner.issueCounts());
  }
  claimedIssues(now: string): Promise<IssueRecord[]> {
    return this.bound(() => this.inner.claimedIssues(now));
  }

  addDependency(edge: DependencyEdge, event?: EventDraft): Promise<boolean> {
    return this.bound(() => this.inner.addDependency(edge, event));
  }
  addDependencies(edges: DependencyEdge[], events?: EventDraft[]): Promise<void> {
    return this.bound(() => this.inner.addDependencies(edges, events));
  }
  allDependencies(): Promise<DependencyEdge[]> {
    return this.bound(() => this.inner.allDependencies());
  }
  removeDependency(edge: DependencyEdge, event?: EventDraft): Promise<boolean> {
    return this.bound(() => this.inner.removeDependency(edge, event));
  }
  dependenciesOf(id: string): Promise<Deps> {
    return this.bound(() => this.inner.dependenciesOf(id));
  }
  findPath(from: string, to: string, maxDepth?: number): Promise<string[] | null> {
    return this.bound(() => this.inner.findPath(from, to, maxDepth));
  }
  walk(id: string, direction: Direction, maxDepth: number): Promise<WalkResult> {
    return this.bound(() => this.inner.walk(id, direction, maxDepth));
  }

  putRepository(repository: RepositoryRecord): Promise<void> {
    return this.bound(() => this.inner.putRepository(repository));
  }
  deleteRepository(name: string): Promise<boolean> {
    return this.bound(() => this.inner.deleteRepository(name));
  }
  getRepository(name: string): Promise<RepositorySummary | null> {
    return this.bound(() => this.inner.getRepository(name));
  }
  listRepositories(): Promise<RepositorySummary[]> {
    return this.bound(() => this.inner.listRepositories());
  }
  writeCodeFiles(change: CodeFilesChange): Promise<void> {
    return this.bound(() => this.inner.writeCodeFiles(change));
  }
  getCodeFile(repo: string, path: string): Promise<CodeFileSubgraph | null> {
    return this.bound(() => this.inner.getCodeFile(repo, path));
  }
  getCodeTexts(repo: string, paths: string[]): Promise<Map<string, string>> {
    return this.bound(() => this.inner.getCodeTexts(repo, paths));
  }
  listCodeFiles(repo: string): Promise<CodeFile[]> {
    return this.bound(() => this.inner.listCodeFiles(repo));
  }
  getSymbols(ids: string[]): Promise<CodeSymbol[]> {
    return this.bound(() => this.inner.getSymbols(ids));
  }
  codeNeighbours(ids: string[], types?: EdgeType[]): Promise<CodeEdge[]> {
    return this.bound(() => this.inner.codeNeighbours(ids, types));
  }
  codeEdges(repo: string): Promise<CodeEdge[]> {
    return this.bound(() => this.inner.codeEdges(repo));
  }
  codeCounts(): Promise<CodeCounts> {
    return this.bound(() => this.inner.codeCounts());
  }

  readEvents(afterId: number, limit: number): Promise<EventWindow> {
    return this.bound(() => this.inner.readEvents(afterId, limit));
  }
  issueActivity(issueId: string, offset: number, limit: number): Promise<Page<EventRecord>> {
    return this.bound(() => this.inner.issueActivity(issueId, offset, limit));
  }
  /** Registration only (synchronous, no backend call): nothing to bound. */
  onEvent(listener: (event: EventRecord) => void): () => void {
    return this.inner.onEvent(listener);
  }
  addNote(note: NoteRecord, event: EventDraft): Promise<boolean> {
    return this.bound(() => this.inner.addNote(note, event));
  }
  listNotes(issueId: string, query: NoteQuery): Promise<Page<NoteRecord>> {
    return this.bound(() => this.inner.listNotes(issueId, query));
  }
  allNotes(): Promise<NoteRecord[]> {
    return this.bound(() => this.inner.allNotes());
  }
  recordEvent(event: EventDraft): Promise<void> {
    return this.bound(() => this.inner.recordEvent(event));
  }
}
