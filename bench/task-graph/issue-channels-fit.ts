// `npm run fit:issue-channels`: issue search's candidate channels of issue 21 measured by nested
// 5-fold CV on our eval set + the outside tune half (issue-channels/): BM25F over the issue's
// fields, RM3 pseudo-relevance feedback, PMI co-occurrence expansion, and a learned re-ranker over
// them and the service's order. Plain BM25 from the same run beside each. The outside holdout
// half is ranked only with `-- --holdout`, once, with the settings chosen on all training queries.
// Writes bench/results/issue-channels.json. A channel would ship only if it beat plain BM25 on
// held-out folds of both sets; none does (bench/results/search-quality.md), so nothing here is
// wired into the service.
import { bm25fChannel, pmiChannel, rm3Channel } from "./issue-channels/channels.js";
import { PLAIN_BM25 } from "./issue-channels/fielded-index.js";
import { type Channel, FOLDS, foldOf, mrr, ofPart, rr, Scored } from "./issue-channels/nested-cv.js";
import {
  type ChannelSettings,
  candidates,
  chooseL2,
  fitWeights,
  RERANK_FEATURES,
  rankByModel,
} from "./issue-channels/reranker.js";
import { type TrialQuery, trialQueries } from "./issue-channels/trial-data.js";
import { fitQueries } from "./issue-fit-data.js";
import { writeResult } from "./search-support.js";

const started = performance.now();
const all = trialQueries();
const training = all.filter((q) => q.part !== "holdout");
const holdout = ofPart(all, "holdout");
const withHoldout = process.argv.includes("--holdout");
const f3 = (x: number) => x.toFixed(3);
const sign = (x: number) => `${x >= 0 ? "+" : ""}${f3(x)}`;
console.log(
  `${training.length} training queries loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

// The trials' plain setting must be the baseline itself: same top 10 as lib/search's LexicalIndex.
const differs = training.filter((q) => bm25fChannel.rank(q, PLAIN_BM25).join() !== q.bm25.join());
if (differs.length > 0)
  throw new Error(
    `the fielded index's plain BM25 differs from LexicalIndex on ${differs.map((q) => q.id).join(", ")}`,
  );

const rows: string[] = [];
function report<S>(channel: Channel<S>): { perFold: S[]; final: S } {
  const t0 = performance.now();
  const scored = new Scored(channel);
  const cv = scored.nested(training);
  const cell = (part: "own" | "tune") => {
    const qs = ofPart(training, part);
    const b = mrr(qs, (q) => q.bm25);
    const c = qs.reduce((s, q) => s + cv.rr.get(q)!, 0) / qs.length;
    return `${f3(b)} | ${f3(c)} (${sign(c - b)})`;
  };
  const final = scored.best(training);
  let held = "";
  if (withHoldout) {
    const b = mrr(holdout, (q) => q.bm25);
    const c =
      holdout.reduce((s, q) => s + rr(q, channel.rank(q, channel.settings[final]!)), 0) / holdout.length;
    held = ` | ${f3(b)} | ${f3(c)} (${sign(c - b)})`;
  }
  rows.push(
    `| ${channel.name} | ${cell("own")} | ${cell("tune")}${held} | ${channel.show(channel.settings[final]!)} |`,
  );
  const inSample = (part: "own" | "tune") => {
    const qs = ofPart(training, part);
    let best = 0;
    for (let i = 0; i < channel.settings.length; i++)
      best = Math.max(best, qs.reduce((s, q) => s + scored.rrOf(q, i), 0) / qs.length);
    return f3(best);
  };
  console.log(
    `${channel.name}: off = BM25 gain ${f3(scored.worstGain(training, 0))}; best of the grid in-sample, each set alone: own ${inSample("own")}, tune ${inSample("tune")}`,
  );
  console.log(
    `${channel.name}: per fold ${cv.chosen.map((i) => channel.show(channel.settings[i]!)).join("; ")} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  return { perFold: cv.chosen.map((i) => channel.settings[i]!), final: channel.settings[final]! };
}

const bm25f = report(bm25fChannel);
const rm3 = report(rm3Channel(PLAIN_BM25, "plain BM25"));
const pmi = report(pmiChannel(PLAIN_BM25, "plain BM25"));

// The re-ranker over all of them and the service's own order, nested: each outer fold's channel
// settings are those chosen above on its training folds; L2 by an inner CV there.
const service = new Map(
  (await fitQueries()).map((q) => [
    `${q.part}\u0000${q.id}`,
    { ranked: q.current, meaning: new Map(q.rows.map((r) => [r.id, [0, 1, 3].map((i) => r.features[i]!)])) },
  ]),
);
const serviceOf = (q: TrialQuery) => service.get(`${q.part}\u0000${q.id}`)!;
const settingsOf = (fold: number | "final"): ChannelSettings =>
  fold === "final"
    ? { bm25f: bm25f.final, rm3: rm3.final, pmi: pmi.final }
    : { bm25f: bm25f.perFold[fold]!, rm3: rm3.perFold[fold]!, pmi: pmi.perFold[fold]! };
{
  const t0 = performance.now();
  const ranked = new Map<TrialQuery, string[]>();
  const l2s: number[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const cand = (q: TrialQuery) => candidates(q, settingsOf(fold), serviceOf(q));
    const train = training.filter((q) => foldOf(q) !== fold);
    const l2 = chooseL2(train, cand);
    l2s.push(l2);
    const w = fitWeights(train.map(cand), l2);
    for (const q of training.filter((x) => foldOf(x) === fold)) ranked.set(q, rankByModel(cand(q), w));
  }
  const finalCand = (q: TrialQuery) => candidates(q, settingsOf("final"), serviceOf(q));
  const finalL2 = chooseL2(training, finalCand);
  const finalW = fitWeights(training.map(finalCand), finalL2);
  const cell = (part: "own" | "tune") => {
    const qs = ofPart(training, part);
    const [b, c] = [mrr(qs, (q) => q.bm25), mrr(qs, (q) => ranked.get(q)!)];
    return `${f3(b)} | ${f3(c)} (${sign(c - b)})`;
  };
  let held = "";
  if (withHoldout) {
    const [b, c] = [mrr(holdout, (q) => q.bm25), mrr(holdout, (q) => rankByModel(finalCand(q), finalW))];
    held = ` | ${f3(b)} | ${f3(c)} (${sign(c - b)})`;
  }
  const weights = RERANK_FEATURES.map((f, i) => `${f} ${finalW[i]!.toFixed(2)}`).join(", ");
  rows.push(
    `| re-ranker (${RERANK_FEATURES.length} features) | ${cell("own")} | ${cell("tune")}${held} | L2 ${finalL2}; ${weights} |`,
  );
  const svc = (part: "own" | "tune") => f3(mrr(ofPart(training, part), (q) => serviceOf(q).ranked));
  rows.push(
    `| the service today (fitted fusion; in-sample) | — | ${svc("own")} | — | ${svc("tune")}${withHoldout ? " | — | — (bench:search-quality-outside)" : ""} | |`,
  );
  console.log(`re-ranker: L2 per fold ${l2s.join(", ")} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

// What re-ranking BM25's top 10 could reach at best: every query with a relevant issue there
// answered first (Hit@10).
for (const part of ["own", "tune"] as const) {
  const qs = ofPart(training, part);
  const hit10 = mrr(qs, (q) => (q.bm25.some((id) => q.relevant.has(id)) ? [...q.relevant] : []));
  console.log(
    `${part}: BM25 MRR@10 ${f3(mrr(qs, (q) => q.bm25))}, ceiling of re-ranking its top 10 ${f3(hit10)}`,
  );
}
writeResult("issue-channels", { rows, holdout: withHoldout });
console.log(
  `\n| channel (nested 5-fold CV) | own BM25 | own channel | tune BM25 | tune channel${withHoldout ? " | HOLDOUT BM25 | holdout channel" : ""} | final setting |`,
);
console.log(rows.join("\n"));
