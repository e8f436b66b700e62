// A learned re-ranker: a linear model over a few features of each candidate (lexical channels,
// soft matching, cosine, kind, method agreement…), its weights FITTED on judged queries rather
// than set by hand. Fitting is pairwise logistic regression (RankNet with a linear scorer):
// every (relevant, non-relevant) pair of one query's candidates should be ordered by w·x, each
// query weighing the same however many pairs it has; solved by Newton's method with a small L2
// penalty, so it is deterministic and needs no library (a dozen weights, a 14×14 system).
// Then one slope and one bias map w·x to a probability (pointwise logistic on the same data),
// so the score a hit shows reads as "how likely this is what was asked". See README.md.
import { readFileSync, writeFileSync } from "node:fs";
import { dataFile } from "../embedding/index.js";

export interface LinearModel {
  /** The features' names, in the order of `weights` (what the scorer must supply). */
  features: string[];
  weights: number[];
  /** The shown score is sigmoid(scale · w·x + bias). */
  scale: number;
  bias: number;
}

/** One judged query: its candidates' feature vectors and which are relevant. */
export interface JudgedCandidates {
  features: number[][];
  relevant: boolean[];
  /** How much the query counts in the fit (a few queries of one kind beside many of another). @default 1 */
  weight?: number;
}

export interface FitOptions {
  /** L2 penalty on the weights. @default 0.01 */
  l2?: number;
  /** Newton steps at most (it stops once a step moves no weight by 1e-9). @default 30 */
  iterations?: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const dot = (w: readonly number[], x: readonly number[]) => w.reduce((s, wi, i) => s + wi * x[i]!, 0);

/** The raw ranking score w·x (order only). */
export function linearScore(model: LinearModel, x: readonly number[]): number {
  return dot(model.weights, x);
}

/** The shown score, a probability in (0, 1). */
export function modelProbability(model: LinearModel, x: readonly number[]): number {
  return sigmoid(model.scale * dot(model.weights, x) + model.bias);
}

/** Solves A·x = b (A symmetric positive definite, small) by Gaussian elimination with pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    const pivot = m[c]![c]! || 1e-12;
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / pivot;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * x[k]!;
    x[r] = s / (m[r]![r]! || 1e-12);
  }
  return x;
}

/**
 * Newton's method for a logistic loss over rows `d` with targets 1 (weights `c` per row):
 * minimises Σ c·log(1 + e^(−w·d)) + l2/2·|w|² (l2 spares index `free`, a bias).
 */
function newton(rows: number[][], c: number[], dim: number, l2: number, iterations: number, free = -1) {
  let w = new Array<number>(dim).fill(0);
  for (let it = 0; it < iterations; it++) {
    const g = w.map((wi, i) => (i === free ? 0 : l2 * wi));
    const h = Array.from({ length: dim }, (_, i) =>
      Array.from({ length: dim }, (_, j) => (i === j && i !== free ? l2 : 0)),
    );
    rows.forEach((d, r) => {
      const p = sigmoid(dot(w, d));
      const q = c[r]! * p * (1 - p);
      for (let i = 0; i < dim; i++) {
        g[i]! -= c[r]! * (1 - p) * d[i]!;
        // The Hessian is symmetric: its upper half here, mirrored below (the same sums, half the work).
        const hi = h[i]!;
        const qi = q * d[i]!;
        for (let j = i; j < dim; j++) hi[j]! += qi * d[j]!;
      }
    });
    for (let i = 0; i < dim; i++) for (let j = 0; j < i; j++) h[i]![j] = h[j]![i]!;
    const step = solve(h, g);
    w = w.map((wi, i) => wi - step[i]!);
    // Converged: further steps change no weight the model file keeps (five decimals).
    if (step.every((s) => Math.abs(s) < 1e-9)) break;
  }
  return w;
}

/** Pairwise differences (relevant − other) of each query, each query weighing its `weight` (1) in all. */
function pairs(queries: readonly JudgedCandidates[]): { rows: number[][]; weights: number[] } {
  const rows: number[][] = [];
  const weights: number[] = [];
  for (const q of queries) {
    const pos = q.features.filter((_, i) => q.relevant[i]);
    const neg = q.features.filter((_, i) => !q.relevant[i]);
    if (pos.length === 0 || neg.length === 0) continue;
    const share = (q.weight ?? 1) / (pos.length * neg.length);
    for (const p of pos)
      for (const n of neg) {
        rows.push(p.map((v, i) => v - n[i]!));
        weights.push(share);
      }
  }
  return { rows, weights };
}

/** Fits a model on judged queries (see the header). Queries without both kinds of candidate teach nothing and are skipped. */
export function fitLinearModel(
  names: readonly string[],
  queries: readonly JudgedCandidates[],
  options: FitOptions = {},
): LinearModel {
  const l2 = options.l2 ?? 0.01;
  const iterations = options.iterations ?? 30;
  const { rows, weights: c } = pairs(queries);
  const weights = newton(rows, c, names.length, l2, iterations);
  // Calibration: sigmoid(scale·s + bias) against relevance, every candidate a row of (s, 1).
  const cal: number[][] = [];
  const cw: number[] = [];
  for (const q of queries)
    q.features.forEach((x, i) => {
      const s = dot(weights, x);
      // Target 0 rows enter negated (the loss is written for target 1).
      cal.push(q.relevant[i] ? [s, 1] : [-s, -1]);
      cw.push((q.weight ?? 1) / q.features.length);
    });
  const [scale, bias] = newton(cal, cw, 2, 1e-6, iterations, 1);
  return { features: [...names], weights, scale: scale!, bias: bias! };
}

/** Reads a model saved as JSON (fit script), checking it names the features the caller computes. */
export function readLinearModel(path: string, features: readonly string[]): LinearModel {
  const model = JSON.parse(readFileSync(path, "utf8")) as LinearModel;
  const ok =
    Array.isArray(model.weights) &&
    model.features?.length === features.length &&
    model.features.every((f, i) => f === features[i]) &&
    model.weights.length === features.length &&
    typeof model.scale === "number" &&
    typeof model.bias === "number";
  if (!ok)
    throw new Error(
      `${path} is not a re-ranker for the features ${features.join(", ")}; fit it again (npm run fit:e2e-search)`,
    );
  return model;
}

/** Saves a fitted model as readLinearModel reads it, numbers to five decimals, with where it came from. */
export function writeLinearModel(
  path: string,
  model: LinearModel,
  description: string,
  fittedOn: string,
): void {
  const round = (x: number) => Math.round(x * 1e5) / 1e5;
  const json = {
    description,
    fitted_on: fittedOn,
    features: model.features,
    weights: model.weights.map(round),
    scale: round(model.scale),
    bias: round(model.bias),
  };
  writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
}

/**
 * Where `e2e search`'s fitted model is (committed; copied into dist/ with the other data files):
 * one over the word vectors' evidence, one with an embeddings endpoint's cosine as one more
 * feature ("http", its weights fitted with that channel).
 */
export const e2eRerankerPath = (channel: "words" | "http" = "words") =>
  dataFile(
    import.meta.url,
    "search",
    channel === "http" ? "e2e-search-reranker-http.json" : "e2e-search-reranker.json",
  );
