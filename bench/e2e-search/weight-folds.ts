// Nested leave-one-app-out selection of `e2e search`'s first-stage weights (fit-weights.ts): for
// each candidate setting, the re-ranker is fitted per fold (the other apps' queries) as every
// figure of this benchmark is; a fold's setting is the one whose fold model ranks the fold's OWN
// training queries best (MRR@10, each query at its fit weight), so the app left out never chooses
// its weights; its queries are then ranked under that setting by that fold's model.
import { fitAll, type JudgedQuery, rankUnder } from "./cross-validate.js";
import { L2 } from "./fit-options.js";

/** What one setting gives: per fold (app), the ranks of its queries and the training objective. */
export interface SettingFolds {
  /** Each query's rank under the model fitted without its app (by query id). */
  ranks: Map<string, number>;
  /** Per app left out: the fold model's weighted MRR@10 on its own training queries. */
  objective: Map<string, number>;
  /** The same for the model fitted on every query (what the shipped setting is chosen by). */
  objectiveAll: number;
}

const reciprocal = (r: number) => (r > 0 ? 1 / r : 0);

/** Weighted MRR@10 of `queries` under a fitted model and its prior (fitAll). */
function trainingMrr(fit: ReturnType<typeof fitAll>, queries: readonly JudgedQuery[]): number {
  let sum = 0;
  let total = 0;
  for (const q of queries) {
    const w = q.weight ?? 1;
    sum += w * reciprocal(rankUnder(fit.model, fit.fill(q)));
    total += w;
  }
  return sum / (total || 1);
}

export const appsOf = (queries: readonly JudgedQuery[]) => [...new Set(queries.map((q) => q.app))].sort();

/** One setting's folds: 23 fits (one per app left out) and one on all. */
export function settingFolds(queries: readonly JudgedQuery[]): SettingFolds {
  const ranks = new Map<string, number>();
  const objective = new Map<string, number>();
  for (const app of appsOf(queries)) {
    const train = queries.filter((q) => q.app !== app);
    const fit = fitAll(train, { l2: L2 });
    for (const q of queries.filter((x) => x.app === app)) ranks.set(q.id, rankUnder(fit.model, fit.fill(q)));
    objective.set(app, trainingMrr(fit, train));
  }
  return { ranks, objective, objectiveAll: trainingMrr(fitAll(queries, { l2: L2 }), queries) };
}

/** Per app, the setting (by key) whose fold model does best on that fold's training queries; ties: the first. */
export function chosenPerFold(settings: ReadonlyMap<string, SettingFolds>, apps: readonly string[]) {
  const chosen = new Map<string, string>();
  for (const app of apps) {
    let best: [string, number] | undefined;
    for (const [key, s] of settings) {
      const value = s.objective.get(app)!;
      if (!best || value > best[1] + 1e-12) best = [key, value];
    }
    chosen.set(app, best![0]);
  }
  return chosen;
}

/** The setting (by key) whose model fitted on all the queries does best on them. */
export function chosenOnAll(settings: ReadonlyMap<string, SettingFolds>): string {
  let best: [string, number] | undefined;
  for (const [key, s] of settings)
    if (!best || s.objectiveAll > best[1] + 1e-12) best = [key, s.objectiveAll];
  return best![0];
}
