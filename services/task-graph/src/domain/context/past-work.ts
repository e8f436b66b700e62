// Past work as evidence (SPEC §4 links, followed one step): the issues related to this one — its
// dependencies, and the issues RAG search finds most similar to it — carry `code_refs` to the
// files their work touched. A closed issue about the same kind of change is the strongest hint a
// tracker holds of where the new change goes, so their refs seed the ranking as weaker links,
// each weighted by how similar the issue is and split over how many files it names.
import type { IssueRecord } from "../../ports/graph-store.js";

/** An issue whose code_refs lend evidence, and how much (0..1). */
export interface RelatedWork {
  id: string;
  title: string;
  weight: number;
  /** Paths, `#Symbol` removed, distinct. */
  paths: string[];
}

/** Most similar issues whose refs count. */
export const SIMILAR_WORK = 20;
/**
 * Least search score of a similar issue that lends its refs: RAG search's own floor (0.15) lets
 * in issues sharing a word or two, and the ranking scales lent links by the best one, so a weak
 * match alone would lend as much as a close one. (The closest issues in bench:context score 0.4-0.65.)
 */
const MIN_SIMILARITY = 0.3;
/** The weight of a dependency's refs (depends_on / blocks): related by the user, not by text. */
const DEPENDENCY_WEIGHT = 0.8;

type Linked = IssueRecord & { code_refs?: string[] };

const pathsOf = (refs: string[] | undefined) => [
  ...new Set((refs ?? []).map((r) => (r.includes("#") ? r.slice(0, r.indexOf("#")) : r))),
];

/**
 * Related work from the dependencies' records and the similar issues' search hits (best first,
 * score in [0, 1]); issues without code_refs lend nothing and are left out.
 */
export function relatedWork(
  dependencies: Linked[],
  similar: { record: Linked; score: number }[],
): RelatedWork[] {
  const out: RelatedWork[] = [];
  const seen = new Set<string>();
  for (const r of dependencies) {
    const paths = pathsOf(r.code_refs);
    if (paths.length === 0 || seen.has(r.id)) continue;
    seen.add(r.id);
    out.push({ id: r.id, title: r.title, weight: DEPENDENCY_WEIGHT, paths });
  }
  let taken = 0;
  for (const { record, score } of similar) {
    const paths = pathsOf(record.code_refs);
    if (paths.length === 0 || seen.has(record.id) || score < MIN_SIMILARITY) continue;
    seen.add(record.id);
    out.push({ id: record.id, title: record.title, weight: score, paths });
    if (++taken >= SIMILAR_WORK) break;
  }
  return out;
}
