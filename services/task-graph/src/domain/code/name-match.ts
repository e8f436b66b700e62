// How a symbol search matches names (SPEC §2c: exact name, then prefix, then fuzzy), over one
// repository's distinct lower-cased names kept sorted: exact is a map look-up, prefix a binary
// search then a walk, fuzzy one pass over the names with cheap tests first.

export type MatchTier = "exact" | "prefix" | "fuzzy";

/** A fuzzy name and how far it is from the query (lower is nearer). */
export interface FuzzyName {
  name: string;
  distance: number;
}

/** The first index of `sorted` whose name is >= `key`. */
function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Names that start with `prefix` (not equal to it), shortest first; at most `max`. */
export function prefixNames(sorted: readonly string[], prefix: string, max: number): string[] {
  const out: string[] = [];
  for (let i = lowerBound(sorted, prefix); i < sorted.length; i++) {
    const name = sorted[i]!;
    if (!name.startsWith(prefix)) break;
    if (name !== prefix) out.push(name);
  }
  // Sorted order walks "get", "getA...", "getB..."; a person expects the closest names first.
  return out.sort((a, b) => a.length - b.length || (a < b ? -1 : 1)).slice(0, max);
}

/** Typos allowed: none for very short queries (everything is 1 edit from "ab"), 1, then 2. */
function allowedEdits(query: string): number {
  return query.length <= 3 ? 0 : query.length <= 7 ? 1 : 2;
}

/** Two rows of the distance table, made once per pass: a fuzzy pass computes thousands of distances. */
type Rows = [Int32Array, Int32Array];

/** Levenshtein distance, or `max + 1` as soon as it must exceed `max`. */
function boundedDistance(a: string, b: string, max: number, rows: Rows): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rows[0].length <= b.length) {
    rows[0] = new Int32Array(b.length * 2);
    rows[1] = new Int32Array(b.length * 2);
  }
  let [previous, row] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    const ch = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ch === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      row[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    [previous, row] = [row, previous];
  }
  return previous[b.length]!;
}

/** The query's letters in order within `name` (`gtusr` in `getuser`), or -1; else the span's slack. */
function subsequenceSlack(query: string, name: string): number {
  let at = 0;
  let first = -1;
  for (let i = 0; i < name.length && at < query.length; i++) {
    if (name[i] === query[at]) {
      if (at === 0) first = i;
      at++;
    }
  }
  return at === query.length ? name.length - first - query.length : -1;
}

/**
 * Names near `query` that are neither it nor start with it: containing it (distance 1 + where),
 * within a few typos (distance 10 + edits), or holding its letters in order (distance 100 +
 * slack). Nearest first; at most `max`.
 */
export function fuzzyNames(sorted: readonly string[], query: string, max: number): FuzzyName[] {
  const edits = allowedEdits(query);
  const rows: Rows = [new Int32Array(64), new Int32Array(64)];
  const found: FuzzyName[] = [];
  for (const name of sorted) {
    if (name.startsWith(query)) continue;
    const at = name.indexOf(query);
    if (at > 0) {
      found.push({ name, distance: 1 + Math.min(at, 8) / 10 });
      continue;
    }
    const typos = edits > 0 ? boundedDistance(query, name, edits, rows) : 1;
    if (typos <= edits) {
      found.push({ name, distance: 10 + typos });
      continue;
    }
    if (query.length >= 3 && name.length <= query.length * 3) {
      const slack = subsequenceSlack(query, name);
      if (slack >= 0) found.push({ name, distance: 100 + slack });
    }
  }
  found.sort(
    (a, b) => a.distance - b.distance || a.name.length - b.name.length || (a.name < b.name ? -1 : 1),
  );
  return found.slice(0, max);
}
