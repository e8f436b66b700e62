// `npm run fit:e2e-search-weights [--held-out]`: fits `e2e search`'s nine first-stage weights
// (lib/search e2e-search-weights.ts: the BM25F field boosts, the API vocabulary's three term
// weights, the hybrid's two shares and min_score) on the fixtures' judged queries and the OPEN real
// apps' (never the frozen held-out ones), by coordinate search from the values once set by hand:
// (1) each weight moved alone over a grid fixed before any run (GRID), the rest at the hand values;
// (2) per fold, each weight at its best value of (1) at once. Every setting's re-ranker is fitted
// per leave-one-app-out fold, and each fold picks its setting by its own training queries
// (weight-folds.ts): the LOAO figures printed for "fitted" never let an app choose its weights.
// BM25 and the hand values are printed from the same run. Writes the setting chosen the same way on
// all the open data to lib/search/data/e2e-search-weights.json (then `npm run fit:e2e-search`:
// the re-ranker's features change with the weights). `--held-out`: once, after the choice, the
// frozen held-out apps under the hand values and the written table, each ranked by the model
// fitted on all the open data. E2E_WEIGHTS_CACHE=dir keeps each setting's computed features.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type E2eSearchWeights, readE2eSearchWeights } from "../../lib/search/index.js";
import { type JudgedQuery, rankedBy, summary } from "./cross-validate.js";
import { L2 } from "./fit-options.js";
import { judgedUnder, weightCorpora } from "./weight-corpora.js";
import { appsOf, chosenOnAll, chosenPerFold, type SettingFolds, settingFolds } from "./weight-folds.js";

/** The values set by hand before the fit (2026-11-27): the search's starting point and the comparison. */
const HAND: E2eSearchWeights = {
  boosts: { name: 2, words: 1, hint: 0.5 },
  vocabulary: { group: 0.5, standsIn: 0.99, phrase: 1 },
  hybrid: { vectorWeight: 0.2, softWeight: 0.6, minScore: 0.15 },
};

type Coordinate = [group: keyof E2eSearchWeights, key: string];
/** Each weight's values tried (fixed before any run: halving and doubling, or an even grid of a share). */
const GRID: [Coordinate, number[]][] = [
  [
    ["boosts", "name"],
    [1, 2, 4],
  ],
  [
    ["boosts", "words"],
    [0.5, 1, 2],
  ],
  [
    ["boosts", "hint"],
    [0.25, 0.5, 1],
  ],
  [
    ["vocabulary", "group"],
    [0.25, 0.5, 0.75],
  ],
  [
    ["vocabulary", "standsIn"],
    [0.5, 0.75, 0.99],
  ],
  [
    ["vocabulary", "phrase"],
    [0.5, 0.75, 1],
  ],
  [
    ["hybrid", "vectorWeight"],
    [0, 0.1, 0.2, 0.3],
  ],
  [
    ["hybrid", "softWeight"],
    [0.3, 0.6, 0.9],
  ],
  [
    ["hybrid", "minScore"],
    [0.05, 0.1, 0.15, 0.2],
  ],
];

const here = dirname(fileURLToPath(import.meta.url));
const TABLE = resolve(here, "../../lib/search/data/e2e-search-weights.json");
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const cell = (s: { top3: number; mrr: number }) => `${pct(s.top3)} / ${s.mrr.toFixed(3)}`;

const coordinateValue = (w: E2eSearchWeights, [g, k]: Coordinate) => (w[g] as Record<string, number>)[k]!;
function withValue(w: E2eSearchWeights, [g, k]: Coordinate, value: number): E2eSearchWeights {
  return { ...w, [g]: { ...w[g], [k]: value } };
}
const keyOf = (w: E2eSearchWeights) => GRID.map(([c]) => coordinateValue(w, c)).join(" ");
/** How a setting differs from the hand values. */
const describe = (w: E2eSearchWeights) =>
  GRID.filter(([c]) => coordinateValue(w, c) !== coordinateValue(HAND, c))
    .map(([c]) => `${c[1]} ${coordinateValue(w, c)}`)
    .join(", ") || "hand values";

const cacheDir = process.env.E2E_WEIGHTS_CACHE;

async function judged(corpora: Awaited<ReturnType<typeof weightCorpora>>, w: E2eSearchWeights) {
  const file = cacheDir ? join(cacheDir, `${keyOf(w).replaceAll(" ", "_")}.json`) : undefined;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as JudgedQuery[];
  const queries = await judgedUnder(corpora, w);
  if (file) {
    mkdirSync(cacheDir!, { recursive: true });
    writeFileSync(file, JSON.stringify(queries));
  }
  return queries;
}

const corpora = await weightCorpora("open");
const openIds = new Set(corpora.slice(1).flatMap((c) => c.queries.map((q) => q.id)));
const settings = new Map<string, SettingFolds>();
const weightsOf = new Map<string, E2eSearchWeights>();
let bm25: JudgedQuery[] = [];
/** Both sets' figures of a rank map: the fixtures, the open real apps. */
const figures = (queries: readonly JudgedQuery[], rank: (q: JudgedQuery) => number) =>
  [false, true].map((open) => summary(queries.filter((q) => openIds.has(q.id) === open).map(rank)));

let queriesOfHand: JudgedQuery[] = [];
async function measure(w: E2eSearchWeights): Promise<void> {
  const key = keyOf(w);
  if (settings.has(key)) return;
  const queries = await judged(corpora, w);
  if (key === keyOf(HAND)) [bm25, queriesOfHand] = [queries, queries];
  const folds = settingFolds(queries);
  settings.set(key, folds);
  weightsOf.set(key, w);
  const [f, o] = figures(queries, (q) => folds.ranks.get(q.id)!);
  console.log(`| ${describe(w)} | ${cell(f!)} | ${cell(o!)} | ${folds.objectiveAll.toFixed(4)} |`);
}

/** Per coordinate, the value whose one-coordinate setting scores best by `objective`. */
function bestCombination(objective: (s: SettingFolds) => number): E2eSearchWeights {
  let w = HAND;
  for (const [c, values] of GRID) {
    const scored = values.map((v) => ({ v, s: objective(settings.get(keyOf(withValue(HAND, c, v)))!) }));
    const best = scored.reduce((a, b) => (b.s > a.s + 1e-12 ? b : a));
    w = withValue(w, c, best.v);
  }
  return w;
}

async function fitWeights(): Promise<void> {
  console.log(
    `l2 ${L2}; leave one app out over the fixtures and the open real apps (${corpora.length} corpora)`,
  );
  console.log("| setting | fixtures LOAO: top-3 / MRR@10 | open real LOAO | training MRR, all |");
  console.log("|---|---|---|---|");
  await measure(HAND);
  for (const [c, values] of GRID) for (const v of values) await measure(withValue(HAND, c, v));
  const apps = appsOf(queriesOfHand);
  for (const app of apps) await measure(bestCombination((s) => s.objective.get(app)!));
  await measure(bestCombination((s) => s.objectiveAll));
  const perFold = chosenPerFold(settings, apps);
  const rank = (q: JudgedQuery) => settings.get(perFold.get(q.app)!)!.ranks.get(q.id)!;
  const hand = settings.get(keyOf(HAND))!;
  const rows: [string, (q: JudgedQuery) => number][] = [
    ["plain BM25 (hand boosts)", (q) => q.bm25],
    ["hand-set weights, re-ranker LOAO", (q) => hand.ranks.get(q.id)!],
    ["weights fitted per fold, re-ranker LOAO", rank],
  ];
  console.log("\n| ranking | fixtures (LOAO) | open real apps (LOAO) |\n|---|---|---|");
  for (const [name, of] of rows) {
    const [f, o] = figures(bm25, of);
    console.log(`| ${name} | ${cell(f!)} | ${cell(o!)} |`);
  }
  const counts = new Map<string, number>();
  for (const key of perFold.values()) counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const [key, n] of counts) console.log(`folds choosing "${describe(weightsOf.get(key)!)}": ${n}`);
  const shipped = weightsOf.get(chosenOnAll(settings))!;
  console.log(`chosen on all the open data: ${describe(shipped)} → ${TABLE}`);
  writeTable(shipped);
}

function writeTable(w: E2eSearchWeights): void {
  const json = {
    description:
      "e2e search's first-stage weights (lib/search e2e-search-weights.ts): GENERATED, do not edit. Chosen by bench/e2e-search/fit-weights.ts (coordinate search from the values once set by hand) on the fixtures' judged queries and the open real apps' (never the held-out ones), by the re-ranker's MRR@10 on them; its leave-one-app-out figures: bench/results/e2e-search.md.",
    command: "npm run fit:e2e-search-weights (then npm run fit:e2e-search)",
    fitted_on: `${settings.size} settings, ${bm25.length} queries (fixtures and open real apps)`,
    weights: w,
  };
  writeFileSync(TABLE, `${JSON.stringify(json, null, 2)}\n`);
}

/** Once, after the choice: the frozen held-out apps under the hand values and the written table. */
async function heldOut(): Promise<void> {
  const held = await weightCorpora("held-out");
  const table = readE2eSearchWeights(TABLE);
  console.log("| held out (frozen, once) | top-3 / MRR@10 |\n|---|---|");
  for (const [name, w] of [
    ["hand-set weights", HAND],
    ["fitted table", table],
  ] as const) {
    const train = await judgedUnder(corpora, w);
    const test = await judgedUnder(held, w);
    if (name === "hand-set weights")
      console.log(`| plain BM25 | ${cell(summary(test.map((q) => q.bm25)))} |`);
    const ranks = rankedBy(train, test, { l2: L2 });
    console.log(`| ${name} (${describe(w)}) | ${cell(summary(test.map((q) => ranks.get(q.id)!)))} |`);
  }
}

if (process.argv.includes("--held-out")) await heldOut();
else await fitWeights();
