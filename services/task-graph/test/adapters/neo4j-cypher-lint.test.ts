// Every Cypher statement the Neo4j adapter sends, checked by Neo4j's own Cypher parser and
// semantic analysis compiled to JavaScript (lintCypherQuery of @neo4j-cypher/language-support),
// because no Neo4j server can run on this machine (INFRA.md). The adapter runs against a
// recorder (helpers/recording-neo4j-driver.ts: it keeps what is sent, executes nothing) through
// every GraphStore operation, every list filter combination, every sort key and the traversal
// bounds. Each distinct statement must lint without errors and declare exactly the parameters
// sent with it. A method added to the adapter fails this file until it is exercised here.
import { createRequire } from "node:module";
import type * as CypherLanguageSupport from "@neo4j-cypher/language-support";
import type { DbSchema } from "@neo4j-cypher/language-support";
import neo4j from "neo4j-driver";
import { afterAll, describe, expect, it, vi } from "vitest";
import { Neo4jGraphStore } from "../../src/adapters/neo4j-graph/index.js";
import * as Q from "../../src/adapters/neo4j-graph/queries.js";
import type { CodeFileSubgraph, RepositoryRecord } from "../../src/ports/code-graph-store.js";
import type { NoteRecord } from "../../src/ports/event-store.js";
import type { ComponentRecord, EventDraft, IssueQuery, IssueRecord } from "../../src/ports/graph-store.js";
import { recordingNeo4jDriver, type SentStatement } from "../helpers/recording-neo4j-driver.js";

// The package's ES build imports files without their extensions, which Node cannot load, so
// vitest would transform all 100 MB of it (over two minutes on a CI machine); its CommonJS
// bundle is the same code and loads in seconds.
const { lintCypherQuery, testData } = createRequire(import.meta.url)(
  "@neo4j-cypher/language-support",
) as typeof CypherLanguageSupport;

// ---- what the adapter is asked to do ----

type Method = {
  [K in keyof Neo4jGraphStore]: Neo4jGraphStore[K] extends (...args: never[]) => unknown ? K : never;
}[keyof Neo4jGraphStore];
type Call = [label: string, run: (store: Neo4jGraphStore) => Promise<unknown>];

const issue: IssueRecord = {
  id: "i-1",
  title: "Login fails",
  description: "d",
  status: "OPEN",
  priority: "HIGH",
  component_id: "c-1",
  labels: ["auth"],
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  closed_at: null,
};
const component: ComponentRecord = {
  id: "c-1",
  name: "auth",
  description: "d",
  project: "gantry",
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};
const edge = { issue_id: "i-1", depends_on_id: "i-2" };
const repository: RepositoryRecord = {
  name: "app",
  path: "/src/app",
  status: "ready",
  indexed_at: "2026-01-01T00:00:00.000",
  error: null,
};
/** A file owning one edge of every type (each type is its own statement). */
const codeFile: CodeFileSubgraph = {
  file: { repo: "app", path: "src/a.ts", language: "typescript", lines: 10, hash: "h" },
  symbols: [
    {
      id: "app:src/a.ts#A",
      repo: "app",
      path: "src/a.ts",
      name: "A",
      kind: "class",
      line: 1,
      end_line: 9,
      signature: "class A",
      exported: true,
    },
    {
      id: "app:src/a.ts#A.m",
      repo: "app",
      path: "src/a.ts",
      name: "m",
      kind: "method",
      line: 2,
      end_line: 3,
      signature: "m()",
      exported: false,
      parent: "app:src/a.ts#A",
    },
  ],
  edges: [
    { type: "CONTAINS", from: "app:src/a.ts", to: "app:src/a.ts#A" },
    { type: "IMPORTS", from: "app:src/a.ts", to: "app:src/b.ts" },
    { type: "REFERENCES", from: "app:src/a.ts#A.m", to: "app:src/b.ts#b", confidence: 1 },
    { type: "TESTS", from: "app:src/a.ts", to: "app:src/b.ts" },
  ],
};
const NOW = "2026-01-01T00:00:00.000Z";
const LATER = "2026-01-01T00:05:00.000Z";
const note: NoteRecord = {
  id: "n-1",
  issue_id: "i-1",
  author: "agent-a",
  kind: "decision",
  text: "Use the cache.",
  created_at: NOW,
};
/** An event of each payload kind a write may carry (they travel as one JSON text). */
const event = (type: EventDraft["type"], extra: Partial<EventDraft> = {}): EventDraft => ({
  type,
  at: NOW,
  actor: "agent-a",
  issue_id: "i-1",
  ...extra,
});

/** One value for every list filter of IssueQuery (a filter added there fails the typecheck here). */
const FILTER_VALUES = {
  status: ["OPEN", "BLOCKED"],
  priority: ["HIGH"],
  component_id: "c-1",
  label: "auth",
  q: "Login",
  readiness: "workable",
  unclaimed_at: "2026-01-01T00:00:00.000Z",
  project: "gantry",
} satisfies Required<Omit<IssueQuery, "sort" | "offset" | "limit">>;
const FILTERS: Array<Partial<IssueQuery>> = Object.entries(FILTER_VALUES).map(([k, v]) => ({ [k]: v }));
const SORTS = ["created_at", "-created_at", "updated_at", "-updated_at", "priority", "-priority"];

/**
 * listIssues with every subset of the list filters. The sort key only picks the ORDER BY term,
 * independent of the WHERE clause, so the keys take turns across the subsets: each key is
 * checked with several filter combinations, and the lint stays at one statement per subset.
 */
function everyListQuery(): Call[] {
  const calls: Call[] = [];
  for (let subset = 0; subset < 1 << FILTERS.length; subset++) {
    const filters = Object.assign({}, ...FILTERS.filter((_, bit) => subset & (1 << bit)));
    const sort = SORTS[subset % SORTS.length]!;
    const query: IssueQuery = { ...filters, sort, offset: 20, limit: 10 };
    calls.push([`filters {${Object.keys(filters).join(",")}} sort ${sort}`, (s) => s.listIssues(query)]);
  }
  return calls;
}

const EXERCISES = {
  init: [["constraints and indexes", (s) => s.init()]],
  close: [["closes the driver", (s) => s.close()]],
  ping: [["", (s) => s.ping()]],
  createIssue: [
    ["", (s) => s.createIssue(issue)],
    ["with its event", (s) => s.createIssue(issue, event("issue.created", { issue }))],
  ],
  updateIssue: [
    ["", (s) => s.updateIssue({ ...issue, status: "CLOSED", closed_at: issue.updated_at })],
    [
      "with its event",
      (s) =>
        s.updateIssue(
          { ...issue, title: "t" },
          event("issue.updated", { changes: [{ field: "title", from: issue.title, to: "t" }] }),
        ),
    ],
  ],
  deleteIssue: [
    ["", (s) => s.deleteIssue("i-1")],
    ["with its event", (s) => s.deleteIssue("i-1", event("issue.deleted"))],
  ],
  getIssue: [["", (s) => s.getIssue("i-1")]],
  getIssues: [["", (s) => s.getIssues(["i-1", "i-2"])]],
  listIssues: everyListQuery(),
  allIssues: [["", (s) => s.allIssues()]],
  countIssuesByComponent: [["", (s) => s.countIssuesByComponent("c-1")]],
  claimIssue: [
    ["", (s) => s.claimIssue({ id: "i-1", agent: "a-1", expires_at: LATER, now: NOW })],
    [
      "naming its actor",
      (s) => s.claimIssue({ id: "i-1", agent: "a-1", expires_at: LATER, now: NOW, actor: "a-1" }),
    ],
  ],
  releaseClaim: [
    ["by its agent", (s) => s.releaseClaim({ id: "i-1", agent: "a-1", now: NOW })],
    ["by anyone", (s) => s.releaseClaim({ id: "i-1", now: NOW, actor: "a-2" })],
  ],
  createComponent: [
    ["", (s) => s.createComponent(component)],
    ["with its event", (s) => s.createComponent(component, event("component.created", { component }))],
  ],
  updateComponent: [
    ["", (s) => s.updateComponent({ ...component, description: "e" })],
    [
      "with its event",
      (s) => s.updateComponent({ ...component, description: "e" }, event("component.updated")),
    ],
  ],
  deleteComponent: [
    ["", (s) => s.deleteComponent("c-1")],
    ["with its event", (s) => s.deleteComponent("c-1", event("component.deleted"))],
  ],
  getComponent: [["", (s) => s.getComponent("c-1")]],
  findComponentByName: [["", (s) => s.findComponentByName("gantry", "auth")]],
  listComponents: [
    ["", (s) => s.listComponents(20, 10)],
    ["of a project", (s) => s.listComponents(20, 10, "gantry")],
  ],
  issueCounts: [["", (s) => s.issueCounts()]],
  claimedIssues: [["", (s) => s.claimedIssues(NOW)]],
  addDependency: [
    ["", (s) => s.addDependency(edge)],
    ["with its event", (s) => s.addDependency(edge, event("dependency.added", { depends_on_id: "i-2" }))],
  ],
  // The recorder answers no rows, so the adapter finds no issue and rolls back (it throws, as it
  // does when an issue is missing); the statements were sent all the same.
  addDependencies: [
    ["", (s) => s.addDependencies([edge, { issue_id: "i-1", depends_on_id: "i-3" }]).catch(() => null)],
    [
      "with their events",
      (s) =>
        s.addDependencies([edge], [event("dependency.added", { depends_on_id: "i-2" })]).catch(() => null),
    ],
  ],
  allDependencies: [["", (s) => s.allDependencies()]],
  removeDependency: [
    ["", (s) => s.removeDependency(edge)],
    [
      "with its event",
      (s) => s.removeDependency(edge, event("dependency.removed", { depends_on_id: "i-2" })),
    ],
  ],
  dependenciesOf: [["", (s) => s.dependenciesOf("i-1")]],
  findPath: [
    ["unbounded", (s) => s.findPath("i-1", "i-2")],
    ["bound Infinity", (s) => s.findPath("i-1", "i-2", Number.POSITIVE_INFINITY)],
    ["bound 1", (s) => s.findPath("i-1", "i-2", 1)],
    [`bound ${Q.MAX_DEPTH}`, (s) => s.findPath("i-1", "i-2", Q.MAX_DEPTH)],
    ["from itself", (s) => s.findPath("i-1", "i-1")],
  ],
  walk: (["dependents", "prerequisites"] as const).flatMap((direction): Call[] => [
    [`${direction} max depth 0`, (s) => s.walk("i-1", direction, 0)],
    [`${direction} max depth ${Q.MAX_DEPTH - 1}`, (s) => s.walk("i-1", direction, Q.MAX_DEPTH - 1)],
  ]),
  putRepository: [["", (s) => s.putRepository(repository)]],
  deleteRepository: [["", (s) => s.deleteRepository("app")]],
  getRepository: [["", (s) => s.getRepository("app")]],
  listRepositories: [["", (s) => s.listRepositories()]],
  writeCodeFiles: [
    [
      "a file written and one removed",
      (s) => s.writeCodeFiles({ repo: "app", upsert: [codeFile], remove: ["src/c.ts"] }),
    ],
    [
      "an uploaded file with its text",
      (s) =>
        s.writeCodeFiles({
          repo: "app",
          upsert: [codeFile],
          remove: [],
          texts: new Map([["src/a.ts", "export class A {}\n"]]),
        }),
    ],
  ],
  getCodeTexts: [["", (s) => s.getCodeTexts("app", ["src/a.ts", "src/b.ts"])]],
  getCodeFile: [["", (s) => s.getCodeFile("app", "src/a.ts")]],
  listCodeFiles: [["", (s) => s.listCodeFiles("app")]],
  getSymbols: [["", (s) => s.getSymbols(["app:src/a.ts#A"])]],
  codeNeighbours: [
    ["every type", (s) => s.codeNeighbours(["app:src/a.ts"])],
    ["some types", (s) => s.codeNeighbours(["app:src/a.ts"], ["IMPORTS", "TESTS"])],
  ],
  codeEdges: [["", (s) => s.codeEdges("app")]],
  codeCounts: [["", (s) => s.codeCounts()]],
  readEvents: [["", (s) => s.readEvents(40, 100)]],
  issueActivity: [["", (s) => s.issueActivity("i-1", 20, 10)]],
  onEvent: [["registers a listener", async (s) => s.onEvent(() => {})]],
  addNote: [["", (s) => s.addNote(note, event("note.added", { note }))]],
  listNotes: [
    ["oldest first", (s) => s.listNotes("i-1", { offset: 0, limit: 20 })],
    ["newest first", (s) => s.listNotes("i-1", { newestFirst: true, offset: 0, limit: 20 })],
    ["of some kinds", (s) => s.listNotes("i-1", { kinds: ["decision"], offset: 0, limit: 20 })],
    [
      "of some kinds, newest first",
      (s) => s.listNotes("i-1", { kinds: ["decision", "progress"], newestFirst: true, offset: 0, limit: 5 }),
    ],
  ],
  allNotes: [["", (s) => s.allNotes()]],
  recordEvent: [
    ["", (s) => s.recordEvent({ type: "code.indexed", at: NOW, actor: "anonymous", repo: "app" })],
  ],
} satisfies Record<Method, Call[]>;

/** Methods that may legitimately send nothing. */
const SILENT = new Set<string>(["close", "onEvent"]);

// ---- what it sent ----

interface Recorded extends SentStatement {
  by: string;
}

async function recordEveryOperation(): Promise<{ recorded: Recorded[]; silent: string[] }> {
  const { driver, sent } = recordingNeo4jDriver();
  const spy = vi.spyOn(neo4j, "driver").mockReturnValue(driver);
  const store = new Neo4jGraphStore({ uri: "bolt://recorder.invalid:7687", user: "neo4j", password: "x" });
  spy.mockRestore();
  const recorded: Recorded[] = [];
  const silent: string[] = [];
  for (const [method, calls] of Object.entries(EXERCISES)) {
    const before = sent.length;
    for (const [label, run] of calls as Call[]) {
      const from = sent.length;
      await run(store);
      const mine = sent.slice(from);
      mine.forEach((s, k) => {
        const which = mine.length > 1 ? ` statement ${k + 1} of ${mine.length}` : "";
        recorded.push({ ...s, by: `${method}${label ? ` (${label})` : ""}${which}` });
      });
    }
    if (sent.length === before) silent.push(method);
  }
  return { recorded, silent };
}

const { recorded, silent } = await recordEveryOperation();

/** One entry per distinct statement text, with every parameter map sent with it. */
const statements = [...new Set(recorded.map((r) => r.query))].map((query) => {
  const sends = recorded.filter((r) => r.query === query);
  return {
    query,
    by: sends[0]!.by,
    paramSets: [...new Set(sends.map((s) => Object.keys(s.params).sort().join(",")))],
  };
});

// ---- what Neo4j's front end says about it ----

const CYPHER_VERSION = "CYPHER 5"; // the adapter targets Neo4j 5
const builtIn = testData.mockSchema; // a Neo4j server's function and procedure listing, shipped with the package

/** The graph model the adapter writes (queries.ts): unknown labels, types and keys warn. */
const MODEL: DbSchema = {
  defaultLanguage: CYPHER_VERSION,
  labels: [
    ...["Issue", "Component", "GantrySequence", "CodeRepository", "CodeNode", "File", "Symbol"],
    ...["Event", "Note"],
  ],
  relationshipTypes: ["DEPENDS_ON", "CONTAINS", "IMPORTS", "REFERENCES", "TESTS", "ABOUT", "NOTE_OF"],
  propertyKeys: [
    ...["id", "title", "description", "status", "priority", "component_id", "labels"],
    ...["created_at", "updated_at", "closed_at", "assignee", "claim_expires_at", "readiness", "seq"],
    ...["name", "project", "value", "gantry_new", "gantry_lock"],
    ...["repo", "path", "language", "lines", "hash", "owner", "kind", "line", "end_line"],
    ...["signature", "exported", "parent", "confidence", "indexed_at", "error", "text"],
    ...["type", "at", "data", "issue_id", "author"],
    // Keys of the edge maps sent as $edges (read as e.from, e.to).
    ...["from", "to"],
  ],
  // Server built-ins only: APOC (in the listing) is not assumed on the server.
  functions: {
    [CYPHER_VERSION]: Object.fromEntries(
      Object.entries(builtIn.functions?.[CYPHER_VERSION] ?? {}).filter(([, f]) => f.isBuiltIn),
    ),
  },
  procedures: {
    [CYPHER_VERSION]: Object.fromEntries(
      Object.entries(builtIn.procedures?.[CYPHER_VERSION] ?? {}).filter(
        ([name]) => !name.startsWith("apoc."),
      ),
    ),
  },
};

/**
 * Warnings accepted, each with its reason. A cartesian product between two patterns that are
 * each a unique-id lookup (constraint gantry_issue_id) is one row times one row.
 */
const ACCEPTED_WARNINGS = [
  /^If a part of a query contains multiple disconnected patterns.*identifier is: \(b\)\)$/s,
];

const UNDECLARED = /^Parameter \$(.+) is not defined\.$/;

/**
 * Lints a statement with no parameters declared: the "Parameter $x is not defined" errors name
 * the parameters it uses (one parse instead of two); every other error, and every warning not
 * accepted above, is a finding.
 */
function lint(query: string): { parameters: string[]; findings: string[] } {
  // 2.0.0-next.20's signature (the last release that runs on Node 20): (query, schema, consoleCommands).
  const diagnostics = lintCypherQuery(query, MODEL, false);
  const parameters = new Set<string>();
  const found: string[] = [];
  for (const d of diagnostics) {
    const message = typeof d.message === "string" ? d.message : d.message.value;
    const parameter = UNDECLARED.exec(message)?.[1];
    if (parameter !== undefined) parameters.add(parameter.replace(/^`|`$/g, ""));
    else if (d.severity === 1 || !ACCEPTED_WARNINGS.some((w) => w.test(message)))
      found.push(`${d.severity === 1 ? "error" : "warning"} at ${d.offsets.start}: ${message}`);
  }
  return { parameters: [...parameters].sort(), findings: found };
}

afterAll(() => vi.restoreAllMocks());

describe("Cypher sent by the Neo4j adapter, checked by Neo4j's Cypher front end", () => {
  it("exercises every method of the adapter, and every method but close sends a statement", () => {
    const methods = Object.getOwnPropertyNames(Neo4jGraphStore.prototype).filter(
      (name) =>
        name !== "constructor" &&
        typeof Object.getOwnPropertyDescriptor(Neo4jGraphStore.prototype, name)?.value === "function",
    );
    expect(Object.keys(EXERCISES).sort()).toEqual(methods.sort());
    expect(silent.sort()).toEqual([...SILENT].sort());
  });

  it("sends every statement exported by queries.ts", () => {
    const exported = Object.entries(Q).flatMap(([name, value]): Array<[string, string]> => {
      if (typeof value === "string") return [[name, value]];
      return Array.isArray(value) ? value.map((text, k) => [`${name}[${k}]`, String(text)]) : [];
    });
    const sent = new Set(recorded.map((r) => r.query));
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.filter(([, text]) => !sent.has(text)).map(([name]) => name)).toEqual([]);
  });

  it("sends a count and a page statement for every filter combination, under every sort key", () => {
    const list = recorded.filter((r) => r.by.startsWith("listIssues"));
    const distinct = new Set(list.map((r) => r.query));
    expect(distinct.size).toBe(2 * (1 << FILTERS.length));
    const orders = new Set(list.flatMap((r) => /ORDER BY (.*) SKIP/.exec(r.query)?.[1] ?? []));
    expect(orders.size).toBe(SORTS.length);
  });

  it("flags a misspelt label, an undefined variable and an unknown function (the check can fail)", () => {
    expect(lint("MATCH (i:Isue {id: $id}) RETURN i").findings).toEqual([
      expect.stringMatching(/^warning .*Label Isue is not present/),
    ]);
    expect(lint("MATCH (i:Issue) RETURN j").findings).toEqual([
      expect.stringMatching(/^error .*Variable `j` not defined/),
    ]);
    expect(lint("MATCH (i:Issue) RETURN toLowr(i.title) AS t").findings).toEqual([
      expect.stringMatching(/^error .*Function toLowr is not present/),
    ]);
    expect(lint("MATCH (i:Issue {id: $id}) RETURN i LIMIT $limit").parameters).toEqual(["id", "limit"]);
  });

  it.each(statements)(
    "$by sends valid Cypher 5 declaring exactly the parameters it sends",
    ({ query, paramSets }) => {
      expect(paramSets).toHaveLength(1);
      const { parameters, findings } = lint(query);
      expect(findings, query).toEqual([]);
      expect(parameters).toEqual(paramSets[0] ? paramSets[0].split(",") : []);
    },
  );
});
