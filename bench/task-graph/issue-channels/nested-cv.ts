// Nested 5-fold cross-validation for the issue-channel trials (issue 21), the folds of the fusion
// fit (FNV-1a of the query id mod 5) so figures compare. A channel is a grid of settings and a
// ranking per (query, setting); its setting is chosen on the training folds for the smallest
// mean gain in reciprocal rank over plain BM25 among the sets there (the target is a gain on each
// set), the first setting of the grid (the channel off) winning ties.
import { fnv1a } from "../issue-fit-cv.js";
import { scoreRanking } from "../search-quality-support.js";
import type { Part, TrialQuery } from "./trial-data.js";

export const FOLDS = 5;
export const foldOf = (q: TrialQuery) => fnv1a(q.id) % FOLDS;

export interface Channel<S> {
  name: string;
  /** The grid; the first setting is the channel off (or its plainest form). */
  settings: readonly S[];
  /** The query's top 10 ids under a setting. */
  rank(q: TrialQuery, s: S): string[];
  show(s: S): string;
}

export const rr = (q: TrialQuery, ranked: readonly string[]) => scoreRanking([...ranked], q.relevant).rr10;

export function mrr(qs: readonly TrialQuery[], ranked: (q: TrialQuery) => readonly string[]): number {
  return qs.reduce((s, q) => s + rr(q, ranked(q)), 0) / Math.max(1, qs.length);
}

/** Memoised reciprocal ranks of a channel, per setting index and query. */
export class Scored<S> {
  readonly #memo = new Map<number, Map<TrialQuery, number>>();
  constructor(readonly channel: Channel<S>) {}

  rrOf(q: TrialQuery, i: number): number {
    const m = this.#memo.get(i) ?? new Map<TrialQuery, number>();
    this.#memo.set(i, m);
    let v = m.get(q);
    if (v === undefined) {
      v = rr(q, this.channel.rank(q, this.channel.settings[i]!));
      m.set(q, v);
    }
    return v;
  }

  /** The smallest mean gain over BM25 among the parts of `qs` under setting i. */
  worstGain(qs: readonly TrialQuery[], i: number): number {
    const parts = [...new Set(qs.map((q) => q.part))];
    return Math.min(
      ...parts.map((p) => {
        const set = qs.filter((q) => q.part === p);
        return set.reduce((s, q) => s + this.rrOf(q, i) - rr(q, q.bm25), 0) / set.length;
      }),
    );
  }

  best(qs: readonly TrialQuery[]): number {
    let best = 0;
    let bestGain = this.worstGain(qs, 0);
    for (let i = 1; i < this.channel.settings.length; i++) {
      const g = this.worstGain(qs, i);
      if (g > bestGain + 1e-12) [best, bestGain] = [i, g];
    }
    return best;
  }

  /** Each query's reciprocal rank under the setting chosen on the other folds, and the choices. */
  nested(qs: readonly TrialQuery[]): { rr: Map<TrialQuery, number>; chosen: number[] } {
    const out = new Map<TrialQuery, number>();
    const chosen: number[] = [];
    for (let fold = 0; fold < FOLDS; fold++) {
      const i = this.best(qs.filter((q) => foldOf(q) !== fold));
      chosen.push(i);
      for (const q of qs.filter((x) => foldOf(x) === fold)) out.set(q, this.rrOf(q, i));
    }
    return { rr: out, chosen };
  }
}

export const ofPart = (qs: readonly TrialQuery[], part: Part) => qs.filter((q) => q.part === part);
