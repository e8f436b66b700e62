// npm run bench:context-fit — fits the agent-context ranking (fitted-ranker.ts) on the cases
// bench:context dumped (bench/results/context-signals.json: every case's top 100 files with their
// signals, per repository and tracker setting) and writes ranker-weights.ts.
// Only the TUNE half (commit hash 0-7) is ever fitted or chosen on; the holdout half (8-f) is
// frozen and only reported. On the tune half, every choice is cross-validated twice:
//   - by repository: fit on the other repositories, test on this one;
//   - by time: fit on each repository's older 2/3, test on its newer 1/3.
// Each feature is measured by leaving it out under that CV (backward elimination: a feature whose
// removal does not lower the CV score goes). "related" (past work) is measured on the cases of the
// tracker holding past work, the rest on the empty tracker's. Prints a markdown report.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  firstGoldRank,
  fitListwise,
  type Query,
} from "../../services/task-graph/src/domain/context/fit/listwise.js";
import {
  FEATURES,
  type Feature,
  featuresOf,
  issueKinds,
} from "../../services/task-graph/src/domain/context/fitted-ranker.js";
import type { DumpedCase } from "./quality.js";

interface Case {
  repo: string;
  split: string;
  order: number;
  /** All features, in FEATURES order. */
  query: Query;
  /** The service's own ranking (the dumped order) as a query's first gold rank. */
  served: number;
}

const ROOT = process.cwd();
const dump = JSON.parse(
  readFileSync(join(ROOT, "bench/results/context-signals.json"), "utf8"),
) as DumpedCase[];

function toCase(d: DumpedCase): Case {
  const signal = (f: DumpedCase["files"][number], name: string) => f.signals[name] ?? 0;
  // Past work lends the only links a benchmark issue has (it carries no code_refs).
  const kinds = issueKinds(d.files.map((f) => ({ path: f.path, lexical: signal(f, "lexical") })));
  const gold = new Set(d.gold);
  const x = d.files.map((f) => {
    const feats = featuresOf(
      {
        path: f.path,
        lexical: signal(f, "lexical"),
        mention: signal(f, "mention"),
        semantic: signal(f, "semantic"),
        tests: signal(f, "tests"),
        graph: signal(f, "graph"),
        related: signal(f, "link"),
      },
      kinds,
    );
    return FEATURES.map((n) => feats[n]);
  });
  const files = d.files;
  return {
    repo: d.repo,
    split: d.split,
    order: d.order,
    query: { x, gold: files.map((f) => gold.has(f.path)) },
    served: files.findIndex((f) => gold.has(f.path)),
  };
}

const bySetting = (name: string) => dump.filter((d) => d.setting === name).map(toCase);
const REPOS = [...new Set(dump.map((d) => d.repo))];

interface Score {
  hit1: number;
  hit5: number;
  mrr: number;
  n: number;
}

function score(ranks: number[]): Score {
  const n = ranks.length || 1;
  return {
    hit1: ranks.filter((r) => r === 0).length / n,
    hit5: ranks.filter((r) => r >= 0 && r < 5).length / n,
    mrr: ranks.reduce((s, r) => s + (r >= 0 && r < 20 ? 1 / (r + 1) : 0), 0) / n,
    n: ranks.length,
  };
}

/** Keeps only the chosen features' columns. */
function project(q: Query, keep: Feature[]): Query {
  const at = keep.map((f) => FEATURES.indexOf(f));
  return { gold: q.gold, x: q.x.map((row) => at.map((i) => row[i]!)) };
}

function fitOn(train: Case[], keep: Feature[]): number[] {
  return fitListwise(
    train.map((c) => project(c.query, keep)),
    keep.length,
  ).w;
}

const ranksOf = (test: Case[], keep: Feature[], w: number[]) =>
  test.map((c) => firstGoldRank(project(c.query, keep), w));

interface Fold {
  name: string;
  train: Case[];
  test: Case[];
}

function folds(tune: Case[]): Fold[] {
  const out: Fold[] = [];
  if (REPOS.length > 1) {
    for (const repo of REPOS) {
      out.push({
        name: `repo-out ${repo}`,
        train: tune.filter((c) => c.repo !== repo),
        test: tune.filter((c) => c.repo === repo),
      });
    }
  }
  const older: Case[] = [];
  const newer: Case[] = [];
  for (const repo of REPOS) {
    const mine = tune.filter((c) => c.repo === repo).sort((a, b) => a.order - b.order);
    const cut = Math.round((mine.length * 2) / 3);
    older.push(...mine.slice(0, cut));
    newer.push(...mine.slice(cut));
  }
  out.push({ name: "time (older 2/3 → newer 1/3)", train: older, test: newer });
  return out;
}

/** The CV objective: mean over folds of (Hit@1 + MRR) / 2. */
function cv(tune: Case[], keep: Feature[]): { objective: number; perFold: { name: string; s: Score }[] } {
  const perFold = folds(tune).map((f) => ({
    name: f.name,
    s: score(ranksOf(f.test, keep, fitOn(f.train, keep))),
  }));
  const objective = perFold.reduce((a, f) => a + (f.s.hit1 + f.s.mrr) / 2, 0) / perFold.length;
  return { objective, perFold };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const fmt = (s: Score) => `${pct(s.hit1)} / ${pct(s.hit5)} / ${s.mrr.toFixed(3)}`;

function main(): void {
  const empty = bySetting("empty");
  const past = bySetting("past work");
  const tune = empty.filter((c) => c.split === "tune");
  const out: string[] = [];
  out.push(
    `cases: ${empty.length} (${REPOS.map((r) => `${r} ${empty.filter((c) => c.repo === r).length}`).join(", ")}); tune ${tune.length}`,
  );

  // Past work: the full model with and without its signal, on the tracker that has past work.
  const pastTune = past.filter((c) => c.split === "tune");
  const all = [...FEATURES];
  let pastKept = false;
  if (pastTune.length > 0) {
    const withPast = cv(pastTune, all).objective;
    const without = cv(
      pastTune,
      all.filter((f) => f !== "related"),
    ).objective;
    pastKept = without < withPast;
    out.push(
      `past work ("related") under CV on the tracker with past work: with ${withPast.toFixed(4)}, without ${without.toFixed(4)} → ${without >= withPast ? "REMOVED" : "kept"}`,
    );
  }
  // Backward elimination on the empty tracker's cases (related is 0 there: it goes first).
  let keep: Feature[] = all.filter((f) => f !== "related");
  let best = cv(tune, keep).objective;
  out.push("", `| feature left out | CV objective (full ${best.toFixed(4)}) | verdict |`, "|---|---|---|");
  for (;;) {
    const trials = keep.map((f) => ({
      f,
      o: cv(
        tune,
        keep.filter((k) => k !== f),
      ).objective,
    }));
    for (const t of trials)
      out.push(
        `| ${t.f} (of ${keep.length}) | ${t.o.toFixed(4)} | ${t.o >= best ? "worse than leaving out" : "helps"} |`,
      );
    const drop = trials.filter((t) => t.o >= best).sort((a, b) => b.o - a.o)[0];
    if (!drop || keep.length <= 2) break;
    keep = keep.filter((f) => f !== drop.f);
    best = drop.o;
    out.push(`| → removed ${drop.f} | ${best.toFixed(4)} | |`);
  }
  const final = cv(tune, keep);
  out.push(
    "",
    `kept: ${keep.join(", ")}`,
    "",
    "| CV fold (tune half) | fitted Hit@1 / Hit@5 / MRR | served before (same cases) |",
    "|---|---|---|",
  );
  for (const f of folds(tune)) {
    const fitted = final.perFold.find((p) => p.name === f.name)!.s;
    out.push(
      `| ${f.name} (${f.test.length}) | ${fmt(fitted)} | ${fmt(score(f.test.map((c) => c.served)))} |`,
    );
  }
  // The weights shipped: fitted on the whole tune half (of the tracker with past work when past
  // work stays: only there does it have a value); the frozen holdout is only measured.
  if (pastKept) keep = [...keep, "related"];
  const w = fitOn(pastKept ? pastTune : tune, keep);
  out.push("", "| frozen holdout (hash 8-f) | fitted | served before |", "|---|---|---|");
  for (const [setting, cases] of [
    ["empty tracker", empty],
    ["past work", past],
  ] as const) {
    for (const repo of REPOS) {
      const hold = cases.filter((c) => c.repo === repo && c.split === "holdout");
      if (hold.length === 0) continue;
      const fitted = fmt(score(ranksOf(hold, keep, w)));
      out.push(
        `| ${repo}, ${setting} (${hold.length}) | ${fitted} | ${fmt(score(hold.map((c) => c.served)))} |`,
      );
    }
  }
  const weights = Object.fromEntries(keep.map((f, i) => [f, Math.round(w[i]! * 10_000) / 10_000]));
  out.push("", `weights: ${JSON.stringify(weights)}`);
  if (!process.argv.includes("--dry-run")) writeWeights(weights, keep, tune.length);
  console.log(out.join("\n"));
}

function writeWeights(weights: Record<string, number>, keep: Feature[], cases: number): void {
  const text = `// Written by bench/context/fit-ranker.ts (npm run bench:context-fit): do not edit by hand.
// Fitted listwise on ${cases} tune-half cases of bench:context (${REPOS.join(", ")}); features
// left out by cross-validation have no weight. The bias is a constant: it only sets the scale
// of the score (a softmax fit cannot see it), so files with little evidence score near 0.
export const RANKER: { bias: number; weights: Partial<Record<string, number>>; features: string[] } = {
  bias: -4,
  weights: ${JSON.stringify(weights)},
  features: ${JSON.stringify(keep)},
};
`;
  writeFileSync(join(ROOT, "services/task-graph/src/domain/context/ranker-weights.ts"), text);
}

main();
