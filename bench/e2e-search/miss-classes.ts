// `node --import tsx bench/e2e-search/miss-classes.ts [SET]` (E2E_TRIALS_CACHE recommended): the
// OPEN real apps' queries that the re-ranker misses under leave one app out (answer not in the top
// 3), each with where its answer ranks, what ranks first, and a cause read from the labels and
// features alone (missClass), so that the counts say which evidence the ranking lacks. Never
// computes the frozen held-out apps (trial-features.ts skips them).

import { linearScore } from "../../lib/search/index.js";
import { fitAll, type JudgedQuery, trainingPool } from "./cross-validate.js";
import { FIXTURE_WEIGHT, L2, REAL_WEIGHT } from "./fit-options.js";
import { type MissCase, missClass } from "./miss-class.js";
import { namesOf, only, trialQueries } from "./trial-features.js";

const set = process.argv[2] ?? "";
const { judged: allJudged, open: allOpen } = await trialQueries();
const catalogue = allOpen[0]!.names as string[];
const [judged, open] = [allJudged, allOpen].map((qs) => only(qs, namesOf(set)));
const column = (q: JudgedQuery, name: string) => {
  const original = allOpen.find((o) => o.id === q.id)!;
  const i = catalogue.indexOf(name);
  return (label: string) => original.features[original.labels.indexOf(label)]?.[i] ?? 0;
};

/** Each open query's candidates in the order of the model fitted without its app. */
function orders(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const pool = trainingPool(judged!, open!, REAL_WEIGHT, FIXTURE_WEIGHT);
  for (const app of [...new Set(open!.map((q) => q.app))].sort()) {
    const { model, fill } = fitAll(
      pool.filter((q) => q.app !== app),
      { l2: L2 },
    );
    for (const q of open!.filter((o) => o.app === app)) {
      const f = fill(q);
      const order = f.labels
        .map((l, i) => ({ l, s: linearScore(model, f.features[i]!) }))
        .sort((a, b) => b.s - a.s || (a.l < b.l ? -1 : 1))
        .map((o) => o.l);
      out.set(q.id, order);
    }
  }
  return out;
}

const byId = orders();
const counts = new Map<string, number>();
const rows: string[] = [];
for (const q of open!) {
  const order = byId.get(q.id)!;
  const rank = order.findIndex((l) => q.expected.includes(l)) + 1;
  if (rank > 0 && rank <= 3) continue;
  const own = column(q, "lex_own");
  const wordnet = column(q, "lex_wordnet");
  const answer = q.expected.find((e) => order.includes(e)) ?? q.expected[0]!;
  const c: MissCase = {
    expected: q.expected,
    answer,
    first: order[0] ?? "",
    inPool: rank > 0,
    answerOwn: own(answer),
    answerWordnet: wordnet(answer),
    firstOwn: own(order[0] ?? ""),
  };
  const cls = missClass(c);
  counts.set(cls, (counts.get(cls) ?? 0) + 1);
  rows.push(
    `| ${q.id} | ${q.query} | ${answer.split(":").slice(1).join(":")} | ${rank || "–"} | ${(order[0] ?? "").split(":").slice(1).join(":")} | ${cls} |`,
  );
}
const misses = rows.length;
console.log(
  `open real apps: ${open!.length} queries, ${misses} not in the top 3 (set "${set || "shipped"}")`,
);
console.log("| class | misses |\n|---|---|");
for (const [cls, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`| ${cls} | ${n} |`);
console.log("\n| id | query | answer | its rank | first | class |\n|---|---|---|---|---|---|");
for (const row of rows) console.log(row);
