// `npm run bench:e2e-search-ablate [RULE...]`: each hand list or rule of `e2e search` left out in
// turn, measured by the fitted re-ranker under leave-one-app-out cross-validation (the model
// refitted without the rule, on the other apps' queries: cross-validate.ts) over the training data
// fit.ts uses: the fixtures and the open real apps (never the held-out ones), reported apart,
// beside the hand-set ranking with the rule left out (fixtures). A rule stays only when the
// held-out folds do worse without it. With no argument, every rule; "none" is the run with every
// rule; "a+b" leaves out both; "exists": the three existence patterns of method-intent.ts;
// "phrase-rules": each phrase rule of api-vocabulary.ts in turn (`phrase:<word>`);
// "groups": each API-vocabulary group in turn, on the fixtures only (below);
// "groups=group:me,group:login" only those.
import {
  ApiVocabulary,
  PHRASE_RULES,
  type RuleName,
  VOCABULARY_GROUPS,
} from "../../controller/src/search/index.js";
import { tokenize } from "../../lib/embedding/index.js";
import { leadingCollocations, WordNetExpander } from "../../lib/search/index.js";
import {
  appOf,
  type JudgedQuery,
  judgedQueries,
  judgeQuery,
  leaveOneAppOut,
  summary,
  trainingPool,
} from "./cross-validate.js";
import { openEvaluation } from "./evaluate.js";
import { FIXTURE_WEIGHT, L2, REAL_WEIGHT } from "./fit-options.js";
import { isHeldOut, realAppQueries } from "./real-apps.js";

/**
 * `groups`: each API-vocabulary group left out in turn, on one index (its `off` set is read at
 * each search). Only the queries a group can touch are searched again (a word of the query, or a
 * WordNet word of one, is in the group); the others keep the features of the run with every group.
 */
async function groups(only?: string[]): Promise<void> {
  const off = new Set<RuleName>();
  const { index, queries, close } = await openEvaluation("judged", { off });
  const wordnet = new WordNetExpander();
  const vocabulary = new ApiVocabulary();
  // The query's words, those its phrases and leading collocations stand for, and their WordNet words.
  const words = (query: string) => {
    const own = [
      ...tokenize(query, { stem: true }),
      ...vocabulary.phraseTerms(query).map((t) => t.term),
      ...leadingCollocations(query, wordnet.table).flatMap((k) => (k ? [k] : [])),
    ];
    const entries = own.map((w) => wordnet.table.get(w));
    return new Set([
      ...own,
      ...entries.flatMap((e) => (e ? [...e.synonyms, ...e.related, ...e.broader] : [])),
    ]);
  };
  try {
    const judge = (q: (typeof queries)[number]) => judgeQuery(index, { ...q, app: appOf(q.expected) });
    const base: JudgedQuery[] = [];
    for (const q of queries) base.push(await judge(q));
    const baseCv = summary(cvRanks(base));
    console.log(`| every group | ${pct(baseCv.top3)} / ${baseCv.mrr.toFixed(3)} | queries touched |`);
    for (const group of VOCABULARY_GROUPS.filter((g) => !only || only.includes(g.name))) {
      off.clear();
      off.add(group.name as RuleName);
      const touched = new Set(
        queries.filter((q) => group.stems.some((s) => words(q.query).has(s))).map((q) => q.id),
      );
      const again: JudgedQuery[] = [];
      for (const [i, q] of queries.entries()) again.push(touched.has(q.id) ? await judge(q) : base[i]!);
      const cv = summary(cvRanks(again));
      console.log(`| ${group.name} | ${pct(cv.top3)} / ${cv.mrr.toFixed(3)} | ${touched.size} |`);
    }
  } finally {
    close();
  }
}

function cvRanks(queries: JudgedQuery[]): number[] {
  const cv = leaveOneAppOut(queries, { l2: L2 });
  return queries.map((q) => cv.get(q.id)!);
}

const ALL: RuleName[] = [
  "vocabulary-groups",
  "phrases",
  "collocations",
  "intent",
  "exists",
  "method-words",
  "paging",
];
// "phrase-rules": each phrase rule left out in turn, `phrase:<word>`.
const asked = process.argv.slice(2).flatMap((a) => (a === "phrase-rules" ? PHRASE_RULES : [a]));
const configs = asked.length ? asked : ["none", ...ALL];
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

const cell = (s: { top3: number; mrr: number }) => `${pct(s.top3)} / ${s.mrr.toFixed(3)}`;
console.log(
  `real-query weight ${REAL_WEIGHT}, l2 ${L2}; leave one app out over the fixtures and the open real apps`,
);
console.log(
  "| left out | fixtures, LOAO: top-3 / MRR | open real apps, LOAO: top-3 / MRR | hand-set ranking (fixtures) |",
);
console.log("|---|---|---|---|");
for (const name of configs) {
  if (name.startsWith("groups")) {
    await groups(name.includes("=") ? name.split("=")[1]!.split(",") : undefined);
    continue;
  }
  const off = new Set(name === "none" ? [] : (name.split("+") as RuleName[]));
  const { queries } = await judgedQueries("judged", off);
  const real = await realAppQueries({ off, shipped: false, skipHeldOut: true });
  if ("notRun" in real) throw new Error(`real apps: NOT RUN (${real.notRun})`);
  const open = real.queries.filter((q) => !isHeldOut(q.app));
  const cv = leaveOneAppOut(trainingPool(queries, open, REAL_WEIGHT, FIXTURE_WEIGHT), { l2: L2 });
  const [fixtures, openReal] = [queries, open].map((qs) => summary(qs.map((q) => cv.get(q.id)!)));
  const rules = summary(queries.map((q) => q.rules));
  console.log(`| ${name} | ${cell(fixtures!)} | ${cell(openReal!)} | ${cell(rules)} |`);
}
