// Hit@k and MRR of a ranking against a set of gold items.

export interface Scores {
  hit1: number;
  hit5: number;
  mrr: number;
}

export function scoreRanking(ranked: string[], gold: string[], depth = 20): Scores {
  const goldSet = new Set(gold);
  const first = ranked.slice(0, depth).findIndex((p) => goldSet.has(p));
  return {
    hit1: first === 0 ? 1 : 0,
    hit5: first >= 0 && first < 5 ? 1 : 0,
    mrr: first >= 0 ? 1 / (first + 1) : 0,
  };
}

export function mean(scores: Scores[]): Scores {
  const n = scores.length || 1;
  const sum = (k: keyof Scores) => scores.reduce((s, x) => s + x[k], 0) / n;
  return { hit1: sum("hit1"), hit5: sum("hit5"), mrr: sum("mrr") };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
