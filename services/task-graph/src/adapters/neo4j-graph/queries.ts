// Every Cypher statement of the Neo4j graph store, in one place. Values always travel as
// parameters; the only text spliced in is (a) a whitelisted ORDER BY key and (b) the bound of a
// variable-length pattern, which Cypher cannot take as a parameter — it is built by depthBound()
// from a validated integer, never from caller text.
//
// Model: (:Issue {the stored fields of IssueSchema (ISSUE_RECORD_FIELDS), seq, readiness}),
// (:Component {id, name, description, project, created_at, updated_at, seq}), (:Issue)-[:DEPENDS_ON]->(:Issue). `seq` is a per-label counter kept on a
// (:GantrySequence) node so ties in ordering follow creation order, as in the embedded store.
// `readiness` ('blocked' | 'workable', absent when CLOSED) is an indexed property every write
// that can change it recomputes, so the blocked/workable lists are one indexed query.
// Code graph (SPEC §4): (:CodeRepository {name, path, status, indexed_at, error}),
// (:CodeNode:File {id, repo, path, language, lines, hash, owner, text?}), (:CodeNode:Symbol {id, repo,
// path, name, kind, line, end_line, signature, exported, parent, owner}) and the edges CONTAINS,
// IMPORTS, REFERENCES {confidence}, TESTS. `owner` is the file id a node belongs to; an edge
// belongs to the owner of its start node. An edge may end at a node not written (yet): that end
// is a bare (:CodeNode {id}) stub, which reads skip and which goes once nothing points at it.
// `text` is an uploaded file's content (the only copy): no read but GET_CODE_TEXTS returns it,
// and it goes with the node's other properties when the file is replaced or removed.
// Events and notes (SPEC §2c): (:Event {id, type, at, data})-[:ABOUT]->(:Issue), `id` from the
// (:GantrySequence {name: 'Event'}) counter, taken in the same transaction as the change it
// records (the counter's write lock orders the transactions), `data` the event's JSON without
// its id; (:Note {id, issue_id, author, kind, text, created_at, seq})-[:NOTE_OF]->(:Issue),
// deleted with its issue. An issue's activity is the events ABOUT it; the events of a deleted
// issue stay in the window (its issue.deleted among them) and lose the link.
import type { IssueQuery } from "../../ports/graph-store.js";
import { ISSUE_RECORD_FIELDS } from "../../schemas/issue.js";

/** Largest traversal bound accepted; the API caps max_depth at 50, this leaves room. */
export const MAX_DEPTH = 1000;

export const SCHEMA = [
  "CREATE CONSTRAINT gantry_issue_id IF NOT EXISTS FOR (i:Issue) REQUIRE i.id IS UNIQUE",
  "CREATE CONSTRAINT gantry_component_id IF NOT EXISTS FOR (c:Component) REQUIRE c.id IS UNIQUE",
  "CREATE CONSTRAINT gantry_sequence_name IF NOT EXISTS FOR (s:GantrySequence) REQUIRE s.name IS UNIQUE",
  "CREATE INDEX gantry_issue_component IF NOT EXISTS FOR (i:Issue) ON (i.component_id)",
  "CREATE INDEX gantry_issue_status IF NOT EXISTS FOR (i:Issue) ON (i.status)",
  "CREATE INDEX gantry_issue_seq IF NOT EXISTS FOR (i:Issue) ON (i.seq)",
  "CREATE INDEX gantry_issue_readiness IF NOT EXISTS FOR (i:Issue) ON (i.readiness)",
  "CREATE INDEX gantry_component_name IF NOT EXISTS FOR (c:Component) ON (c.project, c.name)",
  "CREATE INDEX gantry_component_seq IF NOT EXISTS FOR (c:Component) ON (c.seq)",
  "CREATE CONSTRAINT gantry_code_node_id IF NOT EXISTS FOR (n:CodeNode) REQUIRE n.id IS UNIQUE",
  "CREATE CONSTRAINT gantry_repository_name IF NOT EXISTS FOR (r:CodeRepository) REQUIRE r.name IS UNIQUE",
  "CREATE INDEX gantry_code_node_owner IF NOT EXISTS FOR (n:CodeNode) ON (n.owner)",
  "CREATE INDEX gantry_code_node_repo IF NOT EXISTS FOR (n:CodeNode) ON (n.repo)",
  "CREATE CONSTRAINT gantry_event_id IF NOT EXISTS FOR (e:Event) REQUIRE e.id IS UNIQUE",
  "CREATE CONSTRAINT gantry_note_id IF NOT EXISTS FOR (n:Note) REQUIRE n.id IS UNIQUE",
  "CREATE INDEX gantry_note_issue IF NOT EXISTS FOR (n:Note) ON (n.issue_id)",
];

export const PING = "RETURN 1 AS ok";

// The map projection of an issue: exactly the schema's stored fields (a missing property reads null).
const ISSUE_FIELDS = ISSUE_RECORD_FIELDS.map((f) => `.${f}`).join(", ");
const COMPONENT_FIELDS = ".id, .name, .description, .project, .created_at, .updated_at, .paths";
export const issueMap = (v: string) => `${v} { ${ISSUE_FIELDS} }`;
export const componentMap = (v: string) => `${v} { ${COMPONENT_FIELDS} }`;

const nextSeq = (label: string) =>
  `MERGE (s:GantrySequence {name: '${label}'}) SET s.value = coalesce(s.value, 0) + 1 WITH s.value AS seq`;

/** The readiness of issue `v` from its status and its prerequisites' statuses. */
const readinessOf = (v: string) =>
  `CASE WHEN ${v}.status = 'CLOSED' THEN null WHEN ${v}.status = 'BLOCKED' OR EXISTS { (${v})-[:DEPENDS_ON]->(p:Issue) WHERE p.status <> 'CLOSED' } THEN 'blocked' ELSE 'workable' END`;

export const CREATE_ISSUE = `${nextSeq("Issue")} CREATE (i:Issue) SET i = $props, i.seq = seq SET i.readiness = ${readinessOf("i")}`;
// `+=` with a null value removes the property (closed_at, component_id): reads map it back to null.
// A status change can change the readiness of the issue and of every issue depending on it.
export const UPDATE_ISSUE = `MATCH (i:Issue {id: $props.id})
SET i += $props
WITH i
OPTIONAL MATCH (d:Issue)-[:DEPENDS_ON]->(i)
WITH i, collect(d) AS dependents
FOREACH (x IN [i] + dependents | SET x.readiness = ${readinessOf("x")})
RETURN count(i) AS n`;
export const DELETE_ISSUE = `MATCH (i:Issue {id: $id})
OPTIONAL MATCH (d:Issue)-[:DEPENDS_ON]->(i)
WITH i, collect(d) AS dependents
OPTIONAL MATCH (n:Note)-[:NOTE_OF]->(i)
WITH i, dependents, collect(n) AS notes
FOREACH (x IN notes | DETACH DELETE x)
DETACH DELETE i
FOREACH (x IN dependents | SET x.readiness = ${readinessOf("x")})
RETURN count(*) AS n`;
/** Gives readiness to issues written before it was maintained (run at start). */
export const BACKFILL_READINESS = `MATCH (i:Issue) WHERE i.readiness IS NULL AND i.status <> 'CLOSED' SET i.readiness = ${readinessOf("i")}`;

// Claims take the node's write lock first (the SET of a marker) so that the check below reads
// the latest committed claim: of concurrent claims exactly one sees the issue free.
// They return the claim as it was too (before_*), for the event of a change.
export const CLAIM_ISSUE = `MATCH (i:Issue {id: $id})
SET i.gantry_lock = true
WITH i, i.assignee AS before_assignee, i.claim_expires_at AS before_expires, CASE
  WHEN i.status = 'CLOSED' THEN 'closed'
  WHEN i.assignee IS NOT NULL AND i.assignee <> $agent AND i.claim_expires_at > $now THEN 'held'
  ELSE 'claimed' END AS outcome
SET i.assignee = CASE outcome WHEN 'claimed' THEN $agent ELSE i.assignee END,
  i.claim_expires_at = CASE outcome WHEN 'claimed' THEN $expires_at ELSE i.claim_expires_at END
REMOVE i.gantry_lock
RETURN outcome, ${issueMap("i")} AS issue, before_assignee, before_expires`;
export const RELEASE_CLAIM = `MATCH (i:Issue {id: $id})
SET i.gantry_lock = true
WITH i, i.assignee AS before_assignee, i.claim_expires_at AS before_expires, CASE
  WHEN $agent IS NOT NULL AND i.assignee IS NOT NULL AND i.assignee <> $agent AND i.claim_expires_at > $now THEN 'held'
  ELSE 'released' END AS outcome
SET i.assignee = CASE outcome WHEN 'released' THEN null ELSE i.assignee END,
  i.claim_expires_at = CASE outcome WHEN 'released' THEN null ELSE i.claim_expires_at END
REMOVE i.gantry_lock
RETURN outcome, ${issueMap("i")} AS issue, before_assignee, before_expires`;
export const GET_ISSUE = `MATCH (i:Issue {id: $id}) RETURN ${issueMap("i")} AS issue`;
export const GET_ISSUES = `UNWIND range(0, size($ids) - 1) AS k MATCH (i:Issue {id: $ids[k]}) RETURN ${issueMap("i")} AS issue ORDER BY k`;
export const ALL_ISSUES = `MATCH (i:Issue) RETURN ${issueMap("i")} AS issue ORDER BY i.seq`;
export const COUNT_BY_COMPONENT = "MATCH (i:Issue {component_id: $id}) RETURN count(i) AS n";

export const CREATE_COMPONENT = `${nextSeq("Component")} CREATE (c:Component) SET c = $props, c.seq = seq`;
export const UPDATE_COMPONENT = "MATCH (c:Component {id: $props.id}) SET c += $props RETURN count(c) AS n";
export const DELETE_COMPONENT = "MATCH (c:Component {id: $id}) WITH c DETACH DELETE c RETURN count(*) AS n";
export const GET_COMPONENT = `MATCH (c:Component {id: $id}) RETURN ${componentMap("c")} AS component`;
export const FIND_COMPONENT = `MATCH (c:Component {project: $project, name: $name}) RETURN ${componentMap("c")} AS component LIMIT 1`;
export const COUNT_COMPONENTS = "MATCH (c:Component) RETURN count(c) AS n";
export const LIST_COMPONENTS = `MATCH (c:Component) RETURN ${componentMap("c")} AS component ORDER BY c.created_at, c.seq SKIP $offset LIMIT $limit`;
export const COUNT_PROJECT_COMPONENTS = "MATCH (c:Component {project: $project}) RETURN count(c) AS n";
export const LIST_PROJECT_COMPONENTS = `MATCH (c:Component {project: $project}) RETURN ${componentMap("c")} AS component ORDER BY c.created_at, c.seq SKIP $offset LIMIT $limit`;
/** Issues by component and status (the projects view). */
export const ISSUE_COUNTS =
  "MATCH (i:Issue) RETURN i.component_id AS component_id, i.status AS status, count(*) AS n";
/** Issues holding a live claim at $now. */
export const CLAIMED_ISSUES = `MATCH (i:Issue) WHERE i.assignee IS NOT NULL AND i.claim_expires_at > $now
RETURN ${issueMap("i")} AS issue ORDER BY i.seq`;

// MERGE marks a new edge so the caller learns whether it existed; the mark is removed at once.
export const ADD_DEPENDENCY = `MATCH (a:Issue {id: $issue_id}), (b:Issue {id: $depends_on_id})
MERGE (a)-[r:DEPENDS_ON]->(b)
ON CREATE SET r.gantry_new = true
WITH a, r, coalesce(r.gantry_new, false) AS created
REMOVE r.gantry_new
SET a.readiness = ${readinessOf("a")}
RETURN created`;
/**
 * Bulk dependencies in one statement (run in the transaction of their events): every pair must
 * match both issues, else the statement reports how many it found and the adapter rolls back.
 */
export const ADD_DEPENDENCIES = `UNWIND $edges AS e
MATCH (a:Issue {id: e.from}), (b:Issue {id: e.to})
MERGE (a)-[:DEPENDS_ON]->(b)
WITH a, count(*) AS pairs
SET a.readiness = ${readinessOf("a")}
RETURN sum(pairs) AS n`;
export const ALL_DEPENDENCIES =
  "MATCH (a:Issue)-[:DEPENDS_ON]->(b:Issue) RETURN a.id AS issue_id, b.id AS depends_on_id ORDER BY a.seq, b.seq";
export const REMOVE_DEPENDENCY = `MATCH (a:Issue {id: $issue_id})-[r:DEPENDS_ON]->(:Issue {id: $depends_on_id})
DELETE r
WITH a
SET a.readiness = ${readinessOf("a")}
RETURN count(*) AS n`;
export const DEPENDENCIES_OF = `MATCH (i:Issue {id: $id})
RETURN [(i)-[:DEPENDS_ON]->(d:Issue) | d.id] AS depends_on, [(b:Issue)-[:DEPENDS_ON]->(i) | b.id] AS blocks`;

// ---- events and notes ----

/** Records an event in the transaction of its change: the next id, linked to the issues it is about. */
export const CREATE_EVENT = `MERGE (s:GantrySequence {name: 'Event'})
SET s.value = coalesce(s.value, 0) + 1
WITH s.value AS id
CREATE (e:Event {id: id, type: $type, at: $at, data: $data})
WITH e, id
OPTIONAL MATCH (i:Issue) WHERE i.id IN $about
WITH e, id, collect(i) AS issues
FOREACH (x IN issues | CREATE (e)-[:ABOUT]->(x))
RETURN id`;
export const LAST_EVENT_ID =
  "OPTIONAL MATCH (s:GantrySequence {name: 'Event'}) RETURN coalesce(s.value, 0) AS last";
export const EVENTS_AFTER = `MATCH (e:Event) WHERE e.id > $after AND e.id >= $oldest
RETURN e.id AS id, e.data AS data ORDER BY e.id LIMIT $limit`;
export const COUNT_ACTIVITY = "MATCH (:Issue {id: $id})<-[:ABOUT]-(e:Event) RETURN count(e) AS n";
export const ISSUE_ACTIVITY = `MATCH (:Issue {id: $id})<-[:ABOUT]-(e:Event)
RETURN e.id AS id, e.data AS data ORDER BY e.id DESC SKIP $offset LIMIT $limit`;
/** At start: events out of the window that belong to no issue's activity any more. */
export const PRUNE_EVENTS = `MATCH (s:GantrySequence {name: 'Event'})
MATCH (e:Event) WHERE e.id <= s.value - $retained AND NOT EXISTS { (e)-[:ABOUT]->(:Issue) }
DETACH DELETE e`;

const NOTE_FIELDS = ".id, .issue_id, .author, .kind, .text, .created_at";
export const ADD_NOTE = `MATCH (i:Issue {id: $props.issue_id})
${nextSeq("Note")}, i
CREATE (n:Note)-[:NOTE_OF]->(i)
SET n = $props, n.seq = seq
RETURN count(n) AS n`;
export const ALL_NOTES = `MATCH (n:Note) RETURN n { ${NOTE_FIELDS} } AS note ORDER BY n.seq`;

/** An issue's notes as a count and a page query, with or without a kind filter, in either order. */
export function listNotesQuery(byKind: boolean, newestFirst: boolean): { count: string; page: string } {
  const match = `MATCH (n:Note {issue_id: $id})${byKind ? " WHERE n.kind IN $kinds" : ""}`;
  return {
    count: `${match} RETURN count(n) AS n`,
    page: `${match} RETURN n { ${NOTE_FIELDS} } AS note ORDER BY n.seq${newestFirst ? " DESC" : ""} SKIP $offset LIMIT $limit`,
  };
}

/** The `*1..N` of a variable-length pattern, from a validated integer (never caller text). */
export function depthBound(maxDepth: number): string {
  if (!Number.isSafeInteger(maxDepth) || maxDepth < 1 || maxDepth > MAX_DEPTH) {
    throw new RangeError(`traversal depth must be an integer 1..${MAX_DEPTH}, got ${maxDepth}`);
  }
  return `*1..${maxDepth}`;
}

/** Shortest DEPENDS_ON path from $from to $to; unbounded when maxDepth is not finite. */
export function findPathQuery(maxDepth?: number): string {
  const bound =
    maxDepth === undefined || maxDepth === Number.POSITIVE_INFINITY ? "*1.." : depthBound(maxDepth);
  return `MATCH (a:Issue {id: $from}), (b:Issue {id: $to})
MATCH p = shortestPath((a)-[:DEPENDS_ON${bound}]->(b))
RETURN [n IN nodes(p) | n.id] AS path`;
}

/**
 * Breadth-first walk as two steps: the distinct nodes within `reach` hops (Neo4j plans DISTINCT
 * over a bounded var-length expand as a pruning BFS, not a path enumeration), then one shortest
 * path to each. The caller asks for maxDepth + 1 hops so that nodes at that depth reveal
 * whether the walk was cut.
 */
export function walkQuery(direction: "dependents" | "prerequisites", reach: number): string {
  const bound = depthBound(reach);
  const hop = direction === "dependents" ? `<-[:DEPENDS_ON${bound}]-` : `-[:DEPENDS_ON${bound}]->`;
  return `MATCH (s:Issue {id: $id})
MATCH (s)${hop}(n:Issue)
WHERE n <> s
WITH DISTINCT s, n
MATCH p = shortestPath((s)${hop}(n))
RETURN n.id AS id, length(p) AS depth, [x IN nodes(p) | x.id] AS path
ORDER BY depth, n.seq`;
}

const SORT_KEYS: Record<string, string> = {
  created_at: "i.created_at",
  updated_at: "i.updated_at",
  priority:
    "CASE i.priority WHEN 'LOW' THEN 0 WHEN 'MEDIUM' THEN 1 WHEN 'HIGH' THEN 2 WHEN 'CRITICAL' THEN 3 END",
};

export interface BuiltQuery {
  /** Counts the matches (same WHERE as `page`). */
  count: string;
  page: string;
  params: Record<string, unknown>;
}

/** listIssues as a count and a page query sharing one WHERE clause and parameter map. */
export function listIssuesQuery(query: IssueQuery): BuiltQuery {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  if (query.status?.length) {
    where.push("i.status IN $status");
    params.status = query.status;
  }
  if (query.priority?.length) {
    where.push("i.priority IN $priority");
    params.priority = query.priority;
  }
  if (query.component_id) {
    where.push("i.component_id = $component_id");
    params.component_id = query.component_id;
  }
  if (query.project !== undefined) {
    where.push("EXISTS { MATCH (c:Component {project: $project}) WHERE c.id = i.component_id }");
    params.project = query.project;
  }
  if (query.label) {
    where.push("ANY(l IN i.labels WHERE toLower(l) = $label)");
    params.label = query.label.toLowerCase();
  }
  if (query.readiness) {
    where.push("i.readiness = $readiness");
    params.readiness = query.readiness;
  }
  if (query.unclaimed_at) {
    where.push("(i.assignee IS NULL OR coalesce(i.claim_expires_at, '') <= $unclaimed_at)");
    params.unclaimed_at = query.unclaimed_at;
  }
  if (query.q) {
    where.push("(toLower(i.title) CONTAINS $q OR toLower(i.description) CONTAINS $q)");
    params.q = query.q.toLowerCase();
  }
  const sort = query.sort ?? "created_at";
  const descending = sort.startsWith("-");
  const key = SORT_KEYS[descending ? sort.slice(1) : sort];
  if (!key)
    throw new RangeError(
      `sort must be one of created_at, updated_at, priority (optionally with "-"), got "${sort}"`,
    );
  const match = `MATCH (i:Issue)${where.length ? ` WHERE ${where.join(" AND ")}` : ""}`;
  // Ties fall back to creation order, ascending, whatever the direction (as in the embedded store).
  const order = `ORDER BY ${key}${descending ? " DESC" : ""}, i.created_at, i.seq`;
  return {
    count: `${match} RETURN count(i) AS n`,
    page: `${match} RETURN ${issueMap("i")} AS issue ${order} SKIP $offset LIMIT $limit`,
    params,
  };
}

// ---- code graph ----

const FILE_FIELDS = ".repo, .path, .language, .lines, .hash";
const SYMBOL_FIELDS = ".id, .repo, .path, .name, .kind, .line, .end_line, .signature, .exported, .parent";
const REPOSITORY_FIELDS = ".name, .path, .status, .indexed_at, .error";
/** An edge as a map: {edge_type, source, target, confidence} (confidence: REFERENCES only). */
const edgeMap = (r: string, from: string, to: string) =>
  `{edge_type: type(${r}), source: ${from}.id, target: ${to}.id, confidence: ${r}.confidence}`;
/** A node that is written (not a stub left as the end of an edge). */
const written = (v: string) => `(${v}:File OR ${v}:Symbol)`;

export const PUT_REPOSITORY = "MERGE (r:CodeRepository {name: $props.name}) SET r = $props";
const REPOSITORY_COUNTS = `r { ${REPOSITORY_FIELDS} } AS repository, COUNT { (f:File {repo: r.name}) } AS files, COUNT { (s:Symbol {repo: r.name}) } AS symbols`;
export const GET_REPOSITORY = `MATCH (r:CodeRepository {name: $name}) RETURN ${REPOSITORY_COUNTS}`;
export const LIST_REPOSITORIES = `MATCH (r:CodeRepository) RETURN ${REPOSITORY_COUNTS} ORDER BY r.name`;
export const REPOSITORY_FILE_IDS = "MATCH (f:File {repo: $name}) RETURN collect(f.id) AS ids";
export const DELETE_REPOSITORY_NODE = "MATCH (r:CodeRepository {name: $name}) DELETE r RETURN count(*) AS n";

/** Step 1 of replacing or removing files: drop the edges they own, returning where they ended. */
export const DROP_OWNED_EDGES = `UNWIND $file_ids AS owner
MATCH (n:CodeNode {owner: owner})-[r]->(t:CodeNode)
WITH r, t.id AS target
DELETE r
RETURN collect(DISTINCT target) AS targets`;
/** Step 2: their nodes become stubs (edges of other files pointing at them stay). */
export const DEMOTE_OWNED_NODES = `UNWIND $file_ids AS owner
MATCH (n:CodeNode {owner: owner})
REMOVE n:File:Symbol
SET n = {id: n.id}
RETURN collect(n.id) AS ids`;
/** Step 3: the new nodes (a stub with the same id becomes the node). */
export const PUT_CODE_FILES = "UNWIND $files AS f MERGE (n:CodeNode {id: f.id}) SET n = f, n:File";
export const PUT_CODE_SYMBOLS = "UNWIND $symbols AS s MERGE (n:CodeNode {id: s.id}) SET n = s, n:Symbol";
/** Step 4, one statement per edge type (a relationship type cannot be a parameter). */
export const PUT_CONTAINS_EDGES = putEdges("CONTAINS");
export const PUT_IMPORTS_EDGES = putEdges("IMPORTS");
export const PUT_REFERENCES_EDGES = putEdges("REFERENCES", "SET r.confidence = e.confidence");
export const PUT_TESTS_EDGES = putEdges("TESTS");
/** Step 5: stubs nothing points at any more. */
export const DROP_STUBS = `UNWIND $ids AS id
MATCH (n:CodeNode {id: id})
WHERE NOT ${written("n")} AND NOT EXISTS { (n)--() }
DELETE n`;

function putEdges(type: "CONTAINS" | "IMPORTS" | "REFERENCES" | "TESTS", set = ""): string {
  return `UNWIND $edges AS e
MATCH (a:CodeNode {id: e.from})
MERGE (b:CodeNode {id: e.to})
MERGE (a)-[r:${type}]->(b)${set ? `\n${set}` : ""}`;
}

export const GET_CODE_FILE = `MATCH (f:File {id: $id})
RETURN f { ${FILE_FIELDS} } AS file,
  COLLECT { MATCH (s:Symbol {owner: $id}) RETURN s { ${SYMBOL_FIELDS} } } AS symbols,
  COLLECT { MATCH (n:CodeNode {owner: $id})-[r]->(t:CodeNode) WHERE ${written("t")} RETURN ${edgeMap("r", "n", "t")} } AS edges`;
export const GET_CODE_TEXTS = `UNWIND $ids AS id
MATCH (f:CodeNode {id: id})
WHERE f:File AND f.text IS NOT NULL
RETURN f.path AS path, f.text AS text`;
export const LIST_CODE_FILES = `MATCH (f:File {repo: $repo}) RETURN f { ${FILE_FIELDS} } AS file ORDER BY f.path`;
export const GET_SYMBOLS = `UNWIND range(0, size($ids) - 1) AS k MATCH (s:Symbol {id: $ids[k]}) RETURN s { ${SYMBOL_FIELDS} } AS symbol ORDER BY k`;
export const CODE_NEIGHBOURS = `UNWIND $ids AS id
MATCH (n:CodeNode {id: id})-[r]-(m:CodeNode)
WHERE ${written("n")} AND ${written("m")} AND type(r) IN $types
WITH DISTINCT r
RETURN ${edgeMap("r", "startNode(r)", "endNode(r)")} AS edge`;
export const CODE_EDGES = `MATCH (n:CodeNode {repo: $repo})-[r]->(t:CodeNode)
WHERE ${written("n")} AND ${written("t")}
RETURN ${edgeMap("r", "n", "t")} AS edge`;
export const CODE_COUNTS =
  "RETURN COUNT { (r:CodeRepository) } AS repositories, COUNT { (f:File) } AS files, COUNT { (s:Symbol) } AS symbols";
