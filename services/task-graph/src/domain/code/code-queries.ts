// The code queries of SPEC §2c, answered from the code graph the workspace holds (the same graph
// the store keeps durable): symbol search (exact name, then prefix, then fuzzy), a symbol with its
// callers, callees, container and members, a file with its symbols, imports, importers, tests and
// tested-by, and a repository's counts. Each repository's graph is indexed once per snapshot
// (code-query-index.ts), so a query reads map entries, never the whole graph.
import {
  type CodeFile,
  type CodeGraph,
  type CodeSymbol,
  fileId,
  type SymbolKind,
} from "../../../../../lib/code-graph/index.js";
import { Yielder } from "../../../../../lib/turns/index.js";
import { DomainError } from "../errors.js";
import { CodeQueryIndex, type Neighbour, type RepositoryStats } from "./code-query-index.js";
import type { RepositoryView } from "./code-workspace.js";
import { fuzzyNames, type MatchTier, prefixNames } from "./name-match.js";

/** A symbol as lists show it. */
export type SymbolSummary = Pick<CodeSymbol, "id" | "repo" | "path" | "name" | "kind" | "line" | "signature">;

export type SymbolHit = SymbolSummary & { match: MatchTier };
export type SymbolReference = SymbolSummary & { confidence: number };

export interface SymbolDetail extends SymbolSummary {
  end_line: number;
  exported: boolean;
  container: { type: "file" | "symbol"; id: string; name: string; path: string };
  members: SymbolSummary[];
  callers: SymbolReference[];
  callees: SymbolReference[];
  callers_total: number;
  callees_total: number;
}

type FileList = "symbols" | "imports" | "imported_by" | "tests" | "tested_by";

export interface FileInfo {
  file: CodeFile;
  symbols: SymbolSummary[];
  imports: CodeFile[];
  imported_by: CodeFile[];
  tests: CodeFile[];
  tested_by: CodeFile[];
  /** Each list's length before `limit` cut it. */
  totals: Record<FileList, number>;
}

export interface SymbolSearch {
  q: string;
  repo?: string;
  kind?: SymbolKind;
  limit: number;
}

/** What the queries read: the repositories (CodeWorkspace.views; one by name, 404 if unknown). */
export interface CodeViews {
  views(name?: string): RepositoryView[];
}

const summary = (s: CodeSymbol): SymbolSummary => ({
  id: s.id,
  repo: s.repo,
  path: s.path,
  name: s.name,
  kind: s.kind,
  line: s.line,
  signature: s.signature,
});

const symbolNotFound = (id: string) =>
  new DomainError("SYMBOL_NOT_FOUND", `Symbol "${id}" is not in the code graph.`, { id });

/** The repository a symbol id names: ids are `repo:path#Name` and repository names hold no ':'. */
const repoOfId = (id: string) => id.slice(0, Math.max(0, id.indexOf(":")));

/** Work of an index build between two turns of the event loop. */
const LOOP_SLICE_MS = 8;

export class CodeQueries {
  readonly #indexes = new WeakMap<CodeGraph, Promise<CodeQueryIndex>>();

  constructor(private readonly code: CodeViews) {}

  /** Exact names first (same case first), then names starting with `q`, then near ones. */
  async searchSymbols({ q, repo, kind, limit }: SymbolSearch): Promise<SymbolHit[]> {
    const query = q.toLowerCase();
    const indexes = await this.#indexesOf(repo);
    const fits = (s: CodeSymbol) => kind === undefined || s.kind === kind;
    const hits: SymbolHit[] = [];
    const add = (symbols: readonly CodeSymbol[], match: MatchTier) => {
      for (const s of symbols) if (hits.length < limit && fits(s)) hits.push({ ...summary(s), match });
    };
    const exact = indexes.flatMap((index) => index.named(query));
    add(
      [...exact].sort((a, b) => Number(b.name === q) - Number(a.name === q) || byPlace(a, b)),
      "exact",
    );
    // Each tier asks for `limit` names per repository: a kind filter may leave some out.
    const prefixed = indexes.flatMap((index) =>
      prefixNames(index.names, query, limit).map((name) => ({ name, symbols: index.named(name) })),
    );
    prefixed.sort((a, b) => a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
    for (const { symbols } of prefixed) add(symbols, "prefix");
    if (hits.length < limit) {
      const near = indexes.flatMap((index) =>
        fuzzyNames(index.names, query, limit).map((n) => ({ ...n, symbols: index.named(n.name) })),
      );
      near.sort((a, b) => a.distance - b.distance || a.name.length - b.name.length);
      for (const { symbols } of near) add(symbols, "fuzzy");
    }
    return hits;
  }

  /** The symbol with its container, members, and REFERENCES both ways (`limit` each, surest first). */
  async symbol(id: string, limit: number): Promise<SymbolDetail> {
    const repo = repoOfId(id);
    if (!repo || !this.code.views().some((v) => v.name === repo)) throw symbolNotFound(id);
    const index = (await this.#indexesOf(repo))[0]!;
    const symbol = index.symbols.get(id);
    if (!symbol) throw symbolNotFound(id);
    const callers = references(index, index.incoming("REFERENCES", id));
    const callees = references(index, index.outgoing("REFERENCES", id));
    const parent = symbol.parent ? index.symbols.get(symbol.parent) : undefined;
    return {
      ...summary(symbol),
      end_line: symbol.end_line,
      exported: symbol.exported,
      container: parent
        ? { type: "symbol", id: parent.id, name: parent.name, path: parent.path }
        : { type: "file", id: fileId(repo, symbol.path), name: symbol.path, path: symbol.path },
      members: index.outgoing("CONTAINS", id).flatMap(({ id: m }) => {
        const member = index.symbols.get(m);
        return member ? [summary(member)] : [];
      }),
      callers: callers.slice(0, limit),
      callees: callees.slice(0, limit),
      callers_total: callers.length,
      callees_total: callees.length,
    };
  }

  /**
   * A file and its neighbours, at most `limit` of each (a generated file may hold thousands of
   * symbols); without `repo`, the one repository holding `path`.
   */
  async file(path: string, repo: string | undefined, limit: number): Promise<FileInfo> {
    const index = await this.#fileIndex(path, repo);
    const file = index.files.get(path)!;
    const id = fileId(index.repo, path);
    const files = (ends: readonly Neighbour[]) =>
      ends
        .flatMap((end) => {
          const other = index.files.get(end.id.slice(index.repo.length + 1));
          return other ? [other] : [];
        })
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const symbols = index.symbolsOf(path);
    const lists = {
      imports: files(index.outgoing("IMPORTS", id)),
      imported_by: files(index.incoming("IMPORTS", id)),
      tests: files(index.outgoing("TESTS", id)),
      tested_by: files(index.incoming("TESTS", id)),
    };
    return {
      file,
      symbols: symbols.slice(0, limit).map(summary),
      imports: lists.imports.slice(0, limit),
      imported_by: lists.imported_by.slice(0, limit),
      tests: lists.tests.slice(0, limit),
      tested_by: lists.tested_by.slice(0, limit),
      totals: {
        symbols: symbols.length,
        imports: lists.imports.length,
        imported_by: lists.imported_by.length,
        tests: lists.tests.length,
        tested_by: lists.tested_by.length,
      },
    };
  }

  async stats(repo: string): Promise<RepositoryStats> {
    return (await this.#indexesOf(repo))[0]!.stats();
  }

  async #fileIndex(path: string, repo: string | undefined): Promise<CodeQueryIndex> {
    const holding = (await this.#indexesOf(repo)).filter((index) => index.files.has(path));
    if (holding.length > 1) {
      throw new DomainError(
        "VALIDATION_ERROR",
        `Field "repo" is required: ${holding.length} repositories hold "${path}" (${holding.map((i) => i.repo).join(", ")}).`,
        { field: "repo", location: "querystring", rule: "required" },
      );
    }
    if (holding.length === 0) {
      const where = repo ? `repository "${repo}"` : "any code repository";
      throw new DomainError("CODE_FILE_NOT_FOUND", `File "${path}" is not in ${where}.`, {
        path,
        ...(repo ? { repo } : {}),
      });
    }
    return holding[0]!;
  }

  /** The indexes of every repository, or of the one named (REPOSITORY_NOT_FOUND if unknown). */
  #indexesOf(repo?: string): Promise<CodeQueryIndex[]> {
    const views = this.code.views(repo);
    return Promise.all(
      views.map((view) => {
        let index = this.#indexes.get(view.graph);
        if (!index) {
          // Queries that arrive during the build wait for the same one.
          index = CodeQueryIndex.build(view.name, view.graph, new Yielder(LOOP_SLICE_MS));
          this.#indexes.set(view.graph, index);
        }
        return index;
      }),
    );
  }
}

function byPlace(a: SymbolSummary, b: SymbolSummary): number {
  return a.repo < b.repo
    ? -1
    : a.repo > b.repo
      ? 1
      : a.path < b.path
        ? -1
        : a.path > b.path
          ? 1
          : a.line - b.line;
}

/** The symbols at the other end of REFERENCES edges, surest first, then by place. */
function references(index: CodeQueryIndex, ends: readonly Neighbour[]): SymbolReference[] {
  const out: SymbolReference[] = [];
  for (const end of ends) {
    const symbol = index.symbols.get(end.id);
    if (symbol) out.push({ ...summary(symbol), confidence: end.confidence });
  }
  return out.sort((a, b) => b.confidence - a.confidence || byPlace(a, b));
}
