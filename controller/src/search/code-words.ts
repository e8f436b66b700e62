// The words of an endpoint's code, for search: the names and comments in its handler and in the
// functions it calls, one call deep. A route's names often say less than its code: the RealWorld
// feed is `GET /articles/feed`, and only the service method it calls keeps the articles whose
// author the reader is `following`. Which code is the handler's, and what it calls, comes from
// tree-sitter (lib/code-graph's facts: each symbol with its lines, each name a symbol calls); the
// words are the tree's identifier and comment nodes on those lines. Read from the service's
// sources when the index is built; what each file's tree gave is kept by its content hash
// (code-memo.ts), so an unchanged file is not parsed again.
import { readFileSync } from "node:fs";
import { join, posix } from "node:path";
import {
  contentHash,
  extractFacts,
  type FileFacts,
  type LanguageId,
  languageOf,
  type Node,
  withTree,
} from "../../../lib/code-graph/index.js";
import { type Endpoint, listSourceFiles, type ServiceManifest } from "../manifest/index.js";
import { type CodeLeaf, CodeMemo, type CodeSymbol, type FileCode } from "./code-memo.js";

/** A word in the code of more than this share of a service's endpoints is plumbing, not meaning. */
const PLUMBING_SHARE = 0.15;
/** A callee name defined more often than this in one service is too common to say which one runs. */
const MAX_DEFINITIONS = 2;

interface SourceFile {
  text: string;
  language: LanguageId;
  /** Its content hash: its entry in the memo. */
  hash: string;
  code: FileCode;
}

interface Span {
  file: string;
  symbol: CodeSymbol;
}

export interface CodeWords {
  /** By endpoint id, as one text; an endpoint whose handler is not found has none. */
  words: Map<string, string>;
  /** By endpoint id: the first line of the handler's own docstring, which says what it does. */
  summaries: Map<string, string>;
  /**
   * The files the words came from (handlers' and callees'), relative to the project root (POSIX):
   * the index is stale when one changes. Only these, since a cached search checks each of them.
   */
  files: string[];
}

export async function codeWordsOf(
  service: ServiceManifest,
  projectRoot: string,
  memo: CodeMemo = CodeMemo.none(),
  /** Leave docstrings out (measurement only: bench/e2e-search, documents.ts DocumentRule). */
  withDocstrings = true,
): Promise<CodeWords> {
  // Inline handlers have no symbol of their own (bench/results/e2e-search.md: their code measured
  // worse): a service with only those needs no source read.
  if (service.endpoints.every((e) => e.handler === "<inline>"))
    return { words: new Map(), summaries: new Map(), files: [] };
  const files = await readSources(join(projectRoot, service.root), memo);
  const callables = callablesByName(files);
  const spansOf = new Map<string, Span[]>();
  for (const e of service.endpoints) {
    const handler = handlerSpan(e, files, callables);
    if (handler) spansOf.set(e.id, [handler, ...callees(handler, files, callables)]);
  }
  const spans = new Map([...spansOf.values()].flat().map((s) => [spanKey(s), s]));
  const words = await wordsOfSpans(files, [...spans.values()], memo, withDocstrings);
  const wordsOf = new Map<string, Set<string>>();
  const handlersUsing = new Map<string, number>();
  for (const [id, spans] of spansOf) {
    const set = new Set(spans.flatMap((s) => words.get(spanKey(s)) ?? []));
    wordsOf.set(id, set);
    for (const w of set) handlersUsing.set(w, (handlersUsing.get(w) ?? 0) + 1);
  }
  // What most handlers of the service share is its plumbing (req, res, ctx, current_user,
  // Depends), not what one route is about.
  const common = Math.max(2, PLUMBING_SHARE * service.endpoints.length);
  const out = new Map<string, string>();
  for (const [id, set] of wordsOf) {
    out.set(id, [...set].filter((w) => (handlersUsing.get(w) ?? 0) <= common).join(" "));
  }
  const summaries = new Map<string, string>();
  for (const [id, [handler]] of spansOf) {
    const line = docstringSummary(words.get(spanKey(handler!)) ?? []);
    if (line) summaries.set(id, line);
  }
  const read = new Set([...spans.values()].map((s) => s.file));
  return { words: out, summaries, files: [...read].map((f) => posix.join(service.root, f)) };
}

async function readSources(root: string, memo: CodeMemo): Promise<Map<string, SourceFile>> {
  const out = new Map<string, SourceFile>();
  for (const file of await listSourceFiles(root)) {
    const language = languageOf(file);
    if (!language) continue;
    let text: string;
    try {
      text = readFileSync(join(root, file), "utf8");
    } catch {
      continue; // gone since it was listed: nothing to read
    }
    const hash = contentHash(`${language}\n${text}`);
    let code = memo.get(hash);
    if (!code) {
      code = fileCode(await extractFacts(text, language));
      memo.set(hash, code);
    }
    out.set(file, { text, language, hash, code });
  }
  return out;
}

/** What this module reads of a file's facts: its symbols, and the names it calls. */
function fileCode(facts: FileFacts): FileCode {
  return {
    symbols: facts.symbols.map(({ qualified, name, kind, line, endLine }) => ({
      qualified,
      name,
      kind,
      line,
      endLine,
    })),
    calls: facts.references
      .filter((r) => !r.value)
      .map((r) => (r.from === undefined ? { name: r.name } : { from: r.from, name: r.name })),
  };
}

function callablesByName(files: Map<string, SourceFile>): Map<string, Span[]> {
  const out = new Map<string, Span[]>();
  for (const [file, { code }] of files) {
    for (const symbol of code.symbols) {
      if (symbol.kind !== "function" && symbol.kind !== "method") continue;
      const list = out.get(symbol.name) ?? [];
      list.push({ file, symbol });
      out.set(symbol.name, list);
    }
  }
  return out;
}

/**
 * The manifest's handler (`Class.method`, `function`, or `module.function` for a namespace
 * import): in the route's file, else the one function of that name in the service. An inline
 * handler has no symbol of its own, so no code words.
 */
function handlerSpan(
  e: Endpoint,
  files: Map<string, SourceFile>,
  callables: Map<string, Span[]>,
): Span | undefined {
  if (e.handler === "<inline>") return undefined;
  const here = files.get(e.file)?.code.symbols.find((s) => s.qualified === e.handler);
  if (here) return { file: e.file, symbol: here };
  const name = e.handler.slice(e.handler.lastIndexOf(".") + 1);
  const named = callables.get(name) ?? [];
  const exact = named.filter((d) => d.symbol.qualified === e.handler);
  if (exact.length === 1) return exact[0];
  return named.length === 1 ? named[0] : undefined;
}

/** The functions the handler calls, where the name says which (at most MAX_DEFINITIONS in the service). */
function callees(handler: Span, files: Map<string, SourceFile>, callables: Map<string, Span[]>) {
  const { file, symbol } = handler;
  const prefix = `${symbol.qualified}.`;
  const out: Span[] = [];
  const seen = new Set([spanKey(handler)]);
  for (const ref of files.get(file)!.code.calls) {
    if (!(ref.from === symbol.qualified || ref.from?.startsWith(prefix))) continue;
    const defined = callables.get(ref.name) ?? [];
    if (defined.length > MAX_DEFINITIONS) continue;
    for (const span of defined) {
      if (seen.has(spanKey(span))) continue;
      seen.add(spanKey(span));
      out.push(span);
    }
  }
  return out;
}

const spanKey = (s: Span) => `${s.file}#${s.symbol.qualified}@${s.symbol.line}`;

/**
 * The identifier, comment and docstring words on each span's lines (and the comment just above
 * it): one parse per file.
 */
async function wordsOfSpans(
  files: Map<string, SourceFile>,
  spans: Span[],
  memo: CodeMemo,
  withDocstrings: boolean,
): Promise<Map<string, string[]>> {
  const byFile = new Map<string, Span[]>();
  for (const span of spans) {
    const list = byFile.get(span.file);
    if (list) list.push(span);
    else byFile.set(span.file, [span]);
  }
  const out = new Map<string, string[]>();
  for (const [file, list] of byFile) {
    const source = files.get(file)!;
    source.code.leaves ??= await withTree(source.text, source.language, (tree) => wordLeaves(tree.rootNode));
    memo.set(source.hash, source.code);
    const leaves = withDocstrings
      ? source.code.leaves
      : source.code.leaves.filter(([, , , kind]) => kind !== 2);
    for (const span of list) {
      const first = span.symbol.line - 1 - commentLinesAbove(leaves, span.symbol.line - 1);
      const last = span.symbol.endLine - 1;
      out.set(
        spanKey(span),
        leaves.filter(([row]) => row >= first && row <= last).map(([, , text]) => text),
      );
    }
  }
  return out;
}

/** A docstring's first line (PEP 257: the summary line), from a span's leaves; identifiers and comments never start with a quote. */
function docstringSummary(leaves: readonly string[]): string | undefined {
  const doc = leaves.find((text) => /^[rRuUbB]*["']/.test(text));
  const body = doc?.replace(/^[rRuUbB]*("""|'''|"|')/, "");
  return body
    ?.split("\n")
    .map((l) => l.trim())
    .find(Boolean);
}

/**
 * A string that is a statement of its own: a Python docstring, which says in prose what a view
 * does ("Stars an entity") where its names do not (`handle_star_request`).
 */
function isDocstring(node: Node): boolean {
  if (node.type !== "expression_statement" || node.namedChildCount !== 1) return false;
  return node.namedChildren[0]?.type === "string";
}

/** Every identifier-like node (identifier, property_identifier, type_identifier, simple_identifier…), comment and docstring. */
function wordLeaves(root: Node): CodeLeaf[] {
  const out: CodeLeaf[] = [];
  const cursor = root.walk();
  let descend = true;
  for (;;) {
    if (descend) {
      const type = cursor.nodeType;
      const comment = type === "comment" || type.endsWith("_comment");
      if (comment || (type.endsWith("identifier") && cursor.nodeIsNamed)) {
        // The last row matters for a block comment, which spans several.
        out.push([cursor.startPosition.row, cursor.endPosition.row, cursor.nodeText, comment ? 1 : 0]);
        descend = false; // a comment's or an identifier's parts are not words of their own
      } else if (type === "expression_statement" && isDocstring(cursor.currentNode)) {
        out.push([cursor.startPosition.row, cursor.endPosition.row, cursor.nodeText, 2]);
        descend = false;
      }
    }
    if (descend && cursor.gotoFirstChild()) continue;
    if (cursor.gotoNextSibling()) {
      descend = true;
      continue;
    }
    if (!cursor.gotoParent()) break;
    descend = false;
  }
  cursor.delete();
  return out;
}

/** How many lines of comment end right above `row` (0-based), contiguous: a symbol's doc comment. */
function commentLinesAbove(leaves: CodeLeaf[], row: number): number {
  let top = row;
  for (;;) {
    const above = leaves.find(([, endRow, , comment]) => comment === 1 && endRow === top - 1);
    if (!above) return row - top;
    top = above[0];
  }
}
