// A fielded index for the issue-channel trials (issue 21): each issue's title, description, labels
// and component as separate fields, plus "all" (title + description + labels as one field, what
// plain BM25 ranks), with per-term posting arrays so a grid of BM25F settings scores fast.
// BM25F (Robertson, Zaragoza, Taylor 2004, the "simple" form): per term
//   tf~ = Σ_f w_f · tf_f / (1 − b_f + b_f · len_f / avglen_f),
//   score = Σ_t q_t · idf(t) · tf~ · (k1 + 1) / (tf~ + k1),
// idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5)) as lib/search/bm25.ts, df over the fields the
// setting weighs. With w_all 1 and every other field 0 it is plain BM25 exactly (the fit checks it).
import { tokenize } from "../../../lib/embedding/index.js";
import type { IssueRecord } from "../../../services/task-graph/src/ports/graph-store.js";

const FIELDS = ["title", "description", "labels", "component", "all"] as const;
const F = FIELDS.length;

export interface Bm25fSetting {
  /** Weight of each field, in FIELDS order. */
  w: readonly number[];
  /** b of each field, in FIELDS order. */
  b: readonly number[];
  k1: number;
}

export const PLAIN_BM25: Bm25fSetting = { w: [0, 0, 0, 0, 1], b: [0, 0, 0, 0, 0.75], k1: 1.2 };

interface Posting {
  docs: Int32Array;
  /** tf of field f of posting i at [i·F + f]. */
  tf: Float32Array;
}

export interface WeightedQueryTerm {
  term: string;
  weight: number;
}

export const stems = (text: string) => tokenize(text, { stem: true });

function fieldTexts(r: IssueRecord): string[] {
  const labels = r.labels.join(" ");
  return [r.title, r.description, labels, r.component_id ?? "", `${r.title}\n${r.description}\n${labels}`];
}

export class FieldedIndex {
  readonly ids: string[];
  readonly titles: string[];
  readonly n: number;
  /** Length of field f of document d at [d·F + f]. */
  readonly #lengths: Float32Array;
  readonly #avg: number[];
  readonly #postings = new Map<string, Posting>();
  /** Each document's "all" field as term → tf (the relevance model reads it). */
  readonly docTerms: Map<string, number>[];

  constructor(records: readonly IssueRecord[]) {
    this.ids = records.map((r) => r.id);
    this.titles = records.map((r) => r.title);
    this.n = records.length;
    this.#lengths = new Float32Array(this.n * F);
    const lists = new Map<string, { docs: number[]; tf: number[] }>();
    this.docTerms = [];
    records.forEach((r, d) => {
      const perTerm = new Map<string, number[]>();
      fieldTexts(r).forEach((text, f) => {
        const tokens = stems(text);
        this.#lengths[d * F + f] = tokens.length;
        for (const t of tokens) {
          const row = perTerm.get(t) ?? new Array<number>(F).fill(0);
          row[f]! += 1;
          perTerm.set(t, row);
        }
      });
      const all = new Map<string, number>();
      for (const [t, row] of perTerm) {
        const list = lists.get(t) ?? { docs: [], tf: [] };
        list.docs.push(d);
        list.tf.push(...row);
        lists.set(t, list);
        if (row[F - 1]! > 0) all.set(t, row[F - 1]!);
      }
      this.docTerms.push(all);
    });
    for (const [t, l] of lists)
      this.#postings.set(t, { docs: Int32Array.from(l.docs), tf: Float32Array.from(l.tf) });
    this.#avg = FIELDS.map((_, f) => {
      let s = 0;
      for (let d = 0; d < this.n; d++) s += this.#lengths[d * F + f]!;
      return s / this.n || 1;
    });
  }

  df(term: string): number {
    return this.#postings.get(term)?.docs.length ?? 0;
  }

  idf(term: string): number {
    const df = this.df(term);
    return Math.log(1 + (this.n - df + 0.5) / (df + 0.5));
  }

  /** Documents holding `term` in any field. */
  docsWith(term: string): Int32Array {
    return this.#postings.get(term)?.docs ?? new Int32Array(0);
  }

  /** BM25F scores of every document holding a query term (document index → score). */
  score(query: readonly WeightedQueryTerm[], s: Bm25fSetting): Map<number, number> {
    const out = new Map<number, number>();
    const norm = (d: number, f: number) =>
      1 - s.b[f]! + (s.b[f]! * this.#lengths[d * F + f]!) / this.#avg[f]!;
    for (const { term, weight } of query) {
      const p = this.#postings.get(term);
      if (!p || weight === 0) continue;
      const idf = this.#idfOver(p, s);
      for (let i = 0; i < p.docs.length; i++) {
        const d = p.docs[i]!;
        let tf = 0;
        for (let f = 0; f < F; f++) {
          const x = p.tf[i * F + f]!;
          if (x > 0 && s.w[f]! > 0) tf += (s.w[f]! * x) / norm(d, f);
        }
        if (tf === 0) continue;
        out.set(d, (out.get(d) ?? 0) + (weight * idf * tf * (s.k1 + 1)) / (tf + s.k1));
      }
    }
    return out;
  }

  /** idf over the documents holding the term in a field the setting weighs (plain BM25: the merged field). */
  #idfOver(p: Posting, s: Bm25fSetting): number {
    let df = 0;
    for (let i = 0; i < p.docs.length; i++) {
      for (let f = 0; f < F; f++) {
        if (s.w[f]! > 0 && p.tf[i * F + f]! > 0) {
          df++;
          break;
        }
      }
    }
    return Math.log(1 + (this.n - df + 0.5) / (df + 0.5));
  }

  /** The best `limit` documents of a score map, best first (ties: smaller id first). */
  top(scores: ReadonlyMap<number, number>, limit: number): { doc: number; score: number }[] {
    return [...scores]
      .map(([doc, score]) => ({ doc, score }))
      .sort((a, b) => b.score - a.score || (this.ids[a.doc]! < this.ids[b.doc]! ? -1 : 1))
      .slice(0, limit);
  }
}

/** The query's own distinct stems, weight 1 each. */
export function ownQuery(text: string): WeightedQueryTerm[] {
  return [...new Set(stems(text))].map((term) => ({ term, weight: 1 }));
}
