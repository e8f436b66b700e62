// Issue search's fields as separate features (issue 21 point 3): title, description and labels
// each in their own lexical index, so a fitted re-ranker (lib/search rerank.ts) weighs them from
// judged queries instead of the hand-set "title ×2" of the merged field (documents.ts). A field's
// score is lib/search's normalised BM25 of the query's (expanded) terms over that field alone,
// computed only for the candidates already ranked. The component's name is looked up at query
// time (a renamed component, or one indexed after its issues, counts as it is now): its score is
// the weight of the query terms it holds over the count of the user's own terms, capped at 1.
// The model file and how it is fitted: issue-reranker.ts, bench/task-graph/issue-fields-fit.ts.
import { LexicalIndex, ownTerms, queryTerms, type WeightedTerm } from "../../../../../lib/search/index.js";

/** The per-field features, in the order fieldScores() returns them. */
export const ISSUE_FIELDS = ["title", "description", "labels", "component"] as const;

/** An issue's text by field. */
export interface IssueFieldText {
  title: string;
  description: string;
  labels: string[];
}

/** The component-name field's score: matched query weight over the user's own term count, ≤ 1. */
export function componentScore(terms: readonly WeightedTerm[], name: string): number {
  const own = ownTerms(terms).length;
  if (own === 0 || name === "") return 0;
  const words = new Set(queryTerms(name).map((t) => t.term));
  const matched = terms.reduce((s, t) => s + (words.has(t.term) ? t.weight : 0), 0);
  return Math.min(1, matched / own);
}

export class IssueFieldIndex {
  readonly #indexes = [new LexicalIndex(), new LexicalIndex(), new LexicalIndex()];

  set(key: string, issue: IssueFieldText): void {
    const texts = [issue.title, issue.description, issue.labels.join(" ")];
    this.#indexes.forEach((index, i) => {
      index.set(key, "issue", [[texts[i]!, 1]]);
    });
  }

  delete(key: string): void {
    for (const index of this.#indexes) index.delete(key);
  }

  /**
   * Each key's scores per field (ISSUE_FIELDS order), 0 where the field has no query term;
   * `componentOf` gives an issue's component name now ("" for none).
   */
  fieldScores(
    terms: WeightedTerm[],
    keys: readonly string[],
    componentOf: (key: string) => string,
  ): Map<string, number[]> {
    const out = new Map(keys.map((k) => [k, [0, 0, 0, componentScore(terms, componentOf(k))]]));
    const accept = (key: string) => out.has(key);
    this.#indexes.forEach((index, i) => {
      for (const hit of index.search(terms, keys.length, { accept })) out.get(hit.key)![i] = hit.score;
    });
    return out;
  }
}
