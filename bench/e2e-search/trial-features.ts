// The feature rows the trials score (feature-trials.ts, choose-settings.ts): every candidate's
// whole catalogue of features (rank-features.ts) for the fixtures' judged queries and the OPEN
// real apps' (the frozen held-out apps are not even computed), kept between runs in
// E2E_TRIALS_CACHE when set; and a SET argument's columns taken out of them.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { featureNames } from "../../controller/src/search/index.js";
import { type JudgedQuery, judgedQueries } from "./cross-validate.js";
import { isHeldOut, type RealJudgedQuery, realAppQueries } from "./real-apps.js";

const cacheFile = process.env.E2E_TRIALS_CACHE;

/** The fixtures' judged queries and the open real apps', with the catalogue's features. */
export async function trialQueries(): Promise<{ judged: JudgedQuery[]; open: RealJudgedQuery[] }> {
  if (cacheFile && existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, "utf8"));
  const { queries: judged } = await judgedQueries("judged", new Set(), process.env, "catalogue");
  const real = await realAppQueries({ set: "catalogue", shipped: false, skipHeldOut: true });
  if ("notRun" in real) throw new Error(`real apps: NOT RUN (${real.notRun})`);
  const open = real.queries.filter((q) => !isHeldOut(q.app));
  if (cacheFile) writeFileSync(cacheFile, JSON.stringify({ judged, open }));
  return { judged, open };
}

/** The frozen held-out apps' queries with the catalogue's features: once, after a choice. */
export async function heldOutQueries(): Promise<RealJudgedQuery[]> {
  const real = await realAppQueries({ set: "catalogue", shipped: false });
  if ("notRun" in real) throw new Error(`real apps: NOT RUN (${real.notRun})`);
  return real.queries.filter((q) => isHeldOut(q.app));
}

/** The feature names a SET argument stands for ("" is the shipped model's). */
export function namesOf(set: string): string[] {
  if (set.startsWith("=")) return set.slice(1).split(",");
  const names = [...featureNames(false)] as string[];
  for (const change of set.split(",").filter(Boolean)) {
    const name = change.slice(1);
    if (change.startsWith("+")) names.push(name);
    else if (change.startsWith("-") && names.includes(name)) names.splice(names.indexOf(name), 1);
    else throw new Error(`"${change}": a change is +FEATURE, or -FEATURE of the shipped ones`);
  }
  return names;
}

/** One column of a candidate: a feature, a product "a*b", or "gap" (1 − the query's best lex_all). */
function column(q: JudgedQuery, name: string): (row: number[]) => number {
  const names = q.names as string[];
  if (name.includes("*")) {
    const parts = name.split("*").map((n) => column(q, n));
    return (row) => parts.reduce((p, of) => p * of(row), 1);
  }
  // A cache from before the prior was a feature has no column: filled per fold all the same.
  if (name.startsWith("lm_") && !names.includes(name)) return () => 0;
  // The translation table's columns (translation-folds.ts) are filled per fold too.
  if (name === "tt" || name === "tt_x") return () => 0;
  if (name === "gap") {
    const i = names.indexOf("lex_all");
    const best = Math.max(0, ...q.features.map((r) => r[i]!));
    return () => 1 - best;
  }
  const i = names.indexOf(name);
  if (i < 0) throw new Error(`unknown feature "${name}"`);
  return (row) => row[i]!;
}

/** The queries with only `names`'s columns, in that order. */
export function only<Q extends JudgedQuery>(queries: readonly Q[], names: string[]): Q[] {
  return queries.map((q) => {
    const columns = names.map((n) => column(q, n));
    return {
      ...q,
      names: names as JudgedQuery["names"],
      features: q.features.map((row) => columns.map((of) => of(row))),
    };
  });
}
