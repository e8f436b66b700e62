// A listwise logistic model (softmax over each query's candidates, the ListNet / "softmax
// cross-entropy" loss), fitted by gradient descent with L2: few parameters, fitted in a second on
// a few thousand candidates. A query's loss is -log of the probability mass on its gold items, so
// what is learned is what puts a right file first, not what scores files well one by one.

/** One query: each candidate's feature vector and whether it is right. */
export interface Query {
  x: number[][];
  gold: boolean[];
}

export interface Model {
  /** One weight per feature (the bias cancels in a softmax: none). */
  w: number[];
}

export interface FitOptions {
  l2?: number;
  steps?: number;
  rate?: number;
}

/** Fits weights; queries without a gold candidate are left out (they carry no gradient). */
export function fitListwise(queries: Query[], dims: number, options: FitOptions = {}): Model {
  const { l2 = 0.01, steps = 600, rate = 0.1 } = options;
  const usable = queries.filter((q) => q.gold.some(Boolean) && q.x.length > 1);
  const w = new Array<number>(dims).fill(0);
  // Adam: the features' scales differ (indicators vs scores), plain steps would crawl on some.
  const m = new Array<number>(dims).fill(0);
  const v = new Array<number>(dims).fill(0);
  for (let step = 1; step <= steps; step++) {
    const grad = gradient(usable, w, l2);
    for (let j = 0; j < dims; j++) {
      m[j] = 0.9 * m[j]! + 0.1 * grad[j]!;
      v[j] = 0.999 * v[j]! + 0.001 * grad[j]! ** 2;
      const mHat = m[j]! / (1 - 0.9 ** step);
      const vHat = v[j]! / (1 - 0.999 ** step);
      w[j]! -= (rate * mHat) / (Math.sqrt(vHat) + 1e-8);
    }
  }
  return { w };
}

/** Mean loss gradient over the queries, plus the L2 term. */
function gradient(queries: Query[], w: number[], l2: number): number[] {
  const grad = w.map((x) => 2 * l2 * x);
  for (const q of queries) {
    const z = q.x.map((row) => dot(row, w));
    const max = Math.max(...z);
    const e = z.map((s) => Math.exp(s - max));
    const all = e.reduce((a, b) => a + b, 0);
    const goldMass = e.reduce((a, s, i) => a + (q.gold[i] ? s : 0), 0);
    // d(-log goldMass/all)/dw = E_all[x] - E_gold[x]
    q.x.forEach((row, i) => {
      const coef = e[i]! / all - (q.gold[i] ? e[i]! / goldMass : 0);
      for (let j = 0; j < w.length; j++) grad[j]! += (coef * row[j]!) / queries.length;
    });
  }
  return grad;
}

function dot(a: number[], b: number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** The rank (0-based) of the first gold candidate when sorted by score, or -1. */
export function firstGoldRank(q: Query, w: number[]): number {
  const order = q.x.map((row, i) => ({ s: dot(row, w), i })).sort((a, b) => b.s - a.s || a.i - b.i);
  return order.findIndex((o) => q.gold[o.i]);
}
