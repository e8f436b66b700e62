// The fitting's one setting, shared by the fit script, the ablation and the benchmark.
/** The L2 penalty on the re-ranker's weights: chosen by leave-one-app-out CV (fit.ts prints 0.001..1). */
export const L2 = 0.01;
