// `npm run fit:issue-channels`: issue search's candidate channels of issue 21 measured by nested
// 5-fold CV on our eval set + the outside tune half (issue-channels/): BM25F over the issue's
// fields, RM3 pseudo-relevance feedback, PMI co-occurrence expansion. Plain BM25 from the same
// run beside each. The outside holdout half is ranked only with `-- --holdout`, once, with the
// settings chosen on all training queries.
import { bm25fChannel, pmiChannel, rm3Channel } from "./issue-channels/channels.js";
import { PLAIN_BM25 } from "./issue-channels/fielded-index.js";
import { type Channel, mrr, ofPart, rr, Scored } from "./issue-channels/nested-cv.js";
import { trialQueries } from "./issue-channels/trial-data.js";

const started = performance.now();
const all = trialQueries();
const training = all.filter((q) => q.part !== "holdout");
const holdout = ofPart(all, "holdout");
const withHoldout = process.argv.includes("--holdout");
const f3 = (x: number) => x.toFixed(3);
const sign = (x: number) => `${x >= 0 ? "+" : ""}${f3(x)}`;
console.log(`${training.length} training queries loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const rows: string[] = [];
function report<S>(channel: Channel<S>): void {
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
    const c = holdout.reduce((s, q) => s + rr(q, channel.rank(q, channel.settings[final]!)), 0) / holdout.length;
    held = ` | ${f3(b)} | ${f3(c)} (${sign(c - b)})`;
  }
  rows.push(`| ${channel.name} | ${cell("own")} | ${cell("tune")}${held} | ${channel.show(channel.settings[final]!)} |`);
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
}

report(bm25fChannel);
report(rm3Channel(PLAIN_BM25, "plain BM25"));
report(pmiChannel(PLAIN_BM25, "plain BM25"));

console.log(
  `\n| channel (nested 5-fold CV) | own BM25 | own channel | tune BM25 | tune channel${withHoldout ? " | HOLDOUT BM25 | holdout channel" : ""} | final setting |`,
);
console.log(rows.join("\n"));
