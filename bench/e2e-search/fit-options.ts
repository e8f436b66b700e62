// The fitting's settings, shared by the fit script, the ablation and the benchmark.
/** The L2 penalty on the re-ranker's weights: chosen by leave-one-app-out CV (fit.ts prints 0.001..1). */
export const L2 = 0.01;
/**
 * How much one open real-app query counts in the fit beside one fixture query (cross-validate.ts
 * trainingPool): chosen by leave-one-app-out CV on the open real apps (fit.ts prints 1..8), never
 * by the held-out ones.
 */
export const REAL_WEIGHT = 2;
/** How much one fixture query counts (choose-settings.ts chooses it with L2, nested LOAO). */
export const FIXTURE_WEIGHT = 1;
