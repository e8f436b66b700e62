// Conversions between Neo4j values and the port's records. Neo4j integers arrive as the
// driver's Integer objects (64-bit); counts and depths are converted explicitly and refused if
// they do not fit a JS number, rather than silently losing precision.
import neo4j, { type Integer } from "neo4j-driver";
import {
  type CodeEdge,
  type CodeFile,
  type CodeSymbol,
  fileId,
  type RepositorySummary,
} from "../../ports/code-graph-store.js";
import type { NoteKind, NoteRecord } from "../../ports/event-store.js";
import type { ComponentRecord, IssueRecord, IssueStatus, Priority } from "../../ports/graph-store.js";

export function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
      throw new RangeError(`integer ${value} from Neo4j does not fit a JavaScript number`);
    }
    return Number(value);
  }
  if (neo4j.isInt(value)) {
    const int = value as Integer;
    if (!int.inSafeRange())
      throw new RangeError(`integer ${int.toString()} from Neo4j does not fit a JavaScript number`);
    return int.toNumber();
  }
  throw new TypeError(`expected an integer from Neo4j, got ${typeof value}`);
}

/** Parameters SKIP/LIMIT must be Cypher integers; a plain JS number would be sent as a float. */
export function toInt(value: number): Integer {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`expected a non-negative integer, got ${value}`);
  return neo4j.int(value);
}

type Row = Record<string, unknown>;

const text = (v: unknown): string => (typeof v === "string" ? v : "");
const textOrNull = (v: unknown): string | null => (typeof v === "string" ? v : null);

export function toIssue(row: Row): IssueRecord {
  return {
    id: text(row.id),
    title: text(row.title),
    description: text(row.description),
    status: text(row.status) as IssueStatus,
    priority: text(row.priority) as Priority,
    component_id: textOrNull(row.component_id),
    labels: Array.isArray(row.labels) ? row.labels.map(String) : [],
    created_at: text(row.created_at),
    updated_at: text(row.updated_at),
    closed_at: textOrNull(row.closed_at),
    // Claim fields only when set, as a record that was never claimed has none.
    ...(typeof row.assignee === "string" ? { assignee: row.assignee } : {}),
    ...(typeof row.claim_expires_at === "string" ? { claim_expires_at: row.claim_expires_at } : {}),
    ...(Array.isArray(row.code_refs) && row.code_refs.length ? { code_refs: row.code_refs.map(String) } : {}),
  };
}

export function toComponent(row: Row): ComponentRecord {
  return {
    id: text(row.id),
    name: text(row.name),
    description: text(row.description),
    project: text(row.project),
    created_at: text(row.created_at),
    updated_at: text(row.updated_at),
    ...(Array.isArray(row.paths) && row.paths.length ? { paths: row.paths.map(String) } : {}),
  };
}

export function toNote(row: Row): NoteRecord {
  return {
    id: text(row.id),
    issue_id: text(row.issue_id),
    author: text(row.author),
    kind: text(row.kind) as NoteKind,
    text: text(row.text),
    created_at: text(row.created_at),
  };
}

/** Node properties for a record; nulls stay null so that `SET n += $props` removes them. */
export function issueProps(issue: IssueRecord): Record<string, unknown> {
  return {
    ...issue,
    labels: [...issue.labels],
    assignee: issue.assignee ?? null,
    claim_expires_at: issue.claim_expires_at ?? null,
    code_refs: [...(issue.code_refs ?? [])],
  };
}

export function componentProps(component: ComponentRecord): Record<string, unknown> {
  return { ...component, paths: [...(component.paths ?? [])] };
}

// ---- code graph ----

const int = (v: unknown): number => (v === null || v === undefined ? 0 : toNumber(v));

export function toCodeFile(row: Row): CodeFile {
  return {
    repo: text(row.repo),
    path: text(row.path),
    language: text(row.language) as CodeFile["language"],
    lines: int(row.lines),
    hash: text(row.hash),
  };
}

export function toSymbol(row: Row): CodeSymbol {
  return {
    id: text(row.id),
    repo: text(row.repo),
    path: text(row.path),
    name: text(row.name),
    kind: text(row.kind) as CodeSymbol["kind"],
    line: int(row.line),
    end_line: int(row.end_line),
    signature: text(row.signature),
    exported: row.exported === true,
    ...(typeof row.parent === "string" ? { parent: row.parent } : {}),
  };
}

export function toCodeEdge(row: Row): CodeEdge {
  const type = text(row.edge_type) as CodeEdge["type"];
  const from = text(row.source);
  const to = text(row.target);
  if (type === "REFERENCES") return { type, from, to, confidence: Number(row.confidence ?? 0) };
  return { type, from, to };
}

export function toRepository(row: Row, files: unknown, symbols: unknown): RepositorySummary {
  return {
    name: text(row.name),
    path: textOrNull(row.path),
    status: text(row.status) as RepositorySummary["status"],
    indexed_at: textOrNull(row.indexed_at),
    error: textOrNull(row.error),
    files: int(files),
    symbols: int(symbols),
  };
}

/** Node properties of a file: its id and owner are the file id; `text` only when kept (an upload). */
export function codeFileProps(file: CodeFile, text?: string): Record<string, unknown> {
  const id = fileId(file.repo, file.path);
  return { ...file, lines: neo4j.int(file.lines), id, owner: id, ...(text === undefined ? {} : { text }) };
}

export function symbolProps(symbol: CodeSymbol): Record<string, unknown> {
  return {
    ...symbol,
    line: neo4j.int(symbol.line),
    end_line: neo4j.int(symbol.end_line),
    parent: symbol.parent ?? null,
    owner: fileId(symbol.repo, symbol.path),
  };
}
