// A method prior learned from judged queries, the data-learned counterpart of seed verb lists:
// for each word of the training queries, how the HTTP methods of their answers differ from the
// methods' overall shares, log P(method | word) − log P(method), smoothed toward P(method) by
// pseudo-counts (PriorSmoothing, fitted on the same queries: method-prior-smoothing.ts), so a word
// seen once says little. Two tables: the query's first word only (stopwords kept: "how", "what",
// "delete") and every distinct content word. A candidate endpoint's feature is its method's mean
// over the query's words the table knows (0 when it knows none, and for anything but an
// endpoint). `e2e search` reads the table fitted by `npm run fit:e2e-search`
// (data/e2e-search-method-prior.json) beside its re-ranker.
import { readFileSync, writeFileSync } from "node:fs";
import { dataFile, stem, tokenize } from "../embedding/index.js";

export const PRIOR_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** word stem → method → log P(method | word) − log P(method), rounded to 5 decimals. */
type MethodTable = Record<string, Record<string, number>>;

export interface MethodPrior {
  first: MethodTable;
  all: MethodTable;
  /** The pseudo-counts the tables were learned with (kept in the file to say how it was made). */
  smoothing?: PriorSmoothing;
}

/** One judged query: its text and the methods of its answers (endpoints only). */
export interface MethodExample {
  query: string;
  methods: readonly string[];
}

/**
 * The prior's pseudo-counts: `first` / `all`, how many queries' worth of P(method) a word's
 * counts are pulled toward in each table; `base`, the count each method starts with in P(method).
 * Fitted, not set: fitPriorSmoothing (method-prior-smoothing.ts).
 */
export interface PriorSmoothing {
  first: number;
  all: number;
  base: number;
}

/** The stems a table is keyed by: the first word (stopwords kept) or every distinct content word. */
export function queryStems(query: string, first: boolean): string[] {
  const words = tokenize(query, { dropStopwords: !first }).map(stem);
  return first ? words.slice(0, 1) : [...new Set(words)];
}

/** A query's answer methods the prior knows, each counting 1 / their number (a query counts once in all). */
export function methodShares(methods: readonly string[]): Map<string, number> {
  const known = new Set(methods.filter((m) => (PRIOR_METHODS as readonly string[]).includes(m)));
  return new Map([...known].map((m) => [m, 1 / known.size]));
}

/** What a table is learned from: the methods' counts overall and per word stem. */
export interface MethodCounts {
  methods: Map<string, number>;
  total: number;
  words: Map<string, Map<string, number>>;
}

/** Adds one query (its stems and answer shares) to `counts`, or takes it away with sign −1. */
export function addCounts(
  counts: MethodCounts,
  stems: readonly string[],
  shares: ReadonlyMap<string, number>,
  sign = 1,
): void {
  for (const [m, share] of shares) {
    counts.methods.set(m, (counts.methods.get(m) ?? 0) + sign * share);
    counts.total += sign * share;
    for (const s of stems) {
      const row = counts.words.get(s) ?? new Map<string, number>();
      row.set(m, (row.get(m) ?? 0) + sign * share);
      counts.words.set(s, row);
    }
  }
}

export const emptyCounts = (): MethodCounts => ({ methods: new Map(), total: 0, words: new Map() });

/** P(method) with `base` counts each: what a word's counts are smoothed toward. */
export const methodShare = (counts: MethodCounts, base: number) => (m: string) =>
  ((counts.methods.get(m) ?? 0) + base) / (counts.total + PRIOR_METHODS.length * base);

/** P(method | word), its counts pulled toward P(method) by `strength` pseudo-counts. */
export function wordShare(
  row: ReadonlyMap<string, number>,
  p: (m: string) => number,
  strength: number,
): (m: string) => number {
  const c = [...row.values()].reduce((a, b) => a + b, 0);
  return (m) => ((row.get(m) ?? 0) + strength * p(m)) / (c + strength);
}

const round = (x: number) => Math.round(x * 1e5) / 1e5;

/** One table (first word or all words) learned from `examples`. */
function learnTable(examples: readonly MethodExample[], first: boolean, strength: number, base: number) {
  const counts = emptyCounts();
  for (const { query, methods } of examples)
    addCounts(counts, queryStems(query, first), methodShares(methods));
  const p = methodShare(counts, base);
  const table: MethodTable = {};
  for (const s of [...counts.words.keys()].sort()) {
    const share = wordShare(counts.words.get(s)!, p, strength);
    table[s] = Object.fromEntries(PRIOR_METHODS.map((m) => [m, round(Math.log(share(m) / p(m)))]));
  }
  return table;
}

/** Both tables, learned from `examples`. Deterministic: the same examples give the same tables. */
export function learnMethodPrior(examples: readonly MethodExample[], smoothing: PriorSmoothing): MethodPrior {
  return {
    first: learnTable(examples, true, smoothing.first, smoothing.base),
    all: learnTable(examples, false, smoothing.all, smoothing.base),
    smoothing,
  };
}

/** The mean of a method's values over the query's stems the table knows (0 when none). */
function tableValue(table: MethodTable, stems: readonly string[], method: string): number {
  let sum = 0;
  let n = 0;
  for (const s of stems) {
    const value = Object.hasOwn(table, s) ? table[s]![method] : undefined;
    if (value === undefined) continue;
    sum += value;
    n++;
  }
  return n ? sum / n : 0;
}

/**
 * The prior's two features for each method, for one query (its words read once): what a
 * candidate endpoint with that method is given. Methods the tables do not know give 0.
 */
export function methodPriorOf(
  prior: MethodPrior,
  query: string,
): (method: string | undefined) => { first: number; all: number } {
  const first = queryStems(query, true);
  const all = queryStems(query, false);
  const byMethod = new Map(
    PRIOR_METHODS.map((m) => [
      m as string,
      { first: tableValue(prior.first, first, m), all: tableValue(prior.all, all, m) },
    ]),
  );
  return (method) => (method && byMethod.get(method)) || { first: 0, all: 0 };
}

/** Reads a prior saved by writeMethodPrior, refusing a file that is not one. */
export function readMethodPrior(path: string): MethodPrior {
  const json = JSON.parse(readFileSync(path, "utf8")) as Partial<MethodPrior>;
  // Plain loops: the shipped table's ~1,300 rows are checked on every e2e search that reads it.
  const isTable = (t: unknown): t is MethodTable => {
    if (typeof t !== "object" || t === null) return false;
    for (const word in t) {
      const row = (t as Record<string, unknown>)[word];
      if (typeof row !== "object" || row === null) return false;
      for (const method in row)
        if (typeof (row as Record<string, unknown>)[method] !== "number") return false;
    }
    return true;
  };
  if (!isTable(json.first) || !isTable(json.all))
    throw new Error(
      `${path} is not a method prior (a "first" and an "all" table of word → method → number); fit it again (npm run fit:e2e-search)`,
    );
  const smoothing = json.smoothing;
  if (
    smoothing !== undefined &&
    !["first", "all", "base"].every((k) => typeof (smoothing as never)[k] === "number")
  )
    throw new Error(
      `${path}: "smoothing" must hold the numbers first, all and base; fit it again (npm run fit:e2e-search)`,
    );
  return smoothing ? { first: json.first, all: json.all, smoothing } : { first: json.first, all: json.all };
}

/** Saves a prior as readMethodPrior reads it, with where it came from: a word's row to a line. */
export function writeMethodPrior(
  path: string,
  prior: MethodPrior,
  description: string,
  fittedOn: string,
): void {
  const rows = (table: MethodTable) =>
    Object.entries(table)
      .map(([word, row]) => `  ${JSON.stringify(word)}: ${JSON.stringify(row)}`)
      .join(",\n");
  const head = [
    ` "description": ${JSON.stringify(description)}`,
    ` "fitted_on": ${JSON.stringify(fittedOn)}`,
    ` "methods": ${JSON.stringify(PRIOR_METHODS)}`,
    ...(prior.smoothing ? [` "smoothing": ${JSON.stringify(prior.smoothing)}`] : []),
  ];
  const tables = [` "first": {\n${rows(prior.first)}\n }`, ` "all": {\n${rows(prior.all)}\n }`];
  writeFileSync(path, `{\n${[...head, ...tables].join(",\n")}\n}\n`);
}

/** Where `e2e search`'s learned method prior is (committed; copied into dist/ with the other data). */
export const e2eMethodPriorPath = () => dataFile(import.meta.url, "search", "e2e-search-method-prior.json");
