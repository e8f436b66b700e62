// Written by bench/context/fit-ranker.ts (npm run bench:context-fit): do not edit by hand.
// Fitted listwise on 95 tune-half cases of bench:context (gantry-django, main); features
// left out by cross-validation have no weight. The bias is a constant: it only sets the scale
// of the score (a softmax fit cannot see it), so files with little evidence score near 0.
export const RANKER: { bias: number; weights: Partial<Record<string, number>>; features: string[] } = {
  bias: -4,
  weights: {
    lexical: 4.6441,
    mention: 3.5739,
    semantic: 1.3722,
    kind_build: 0.641,
    kind_test: -2.1845,
    docs_x_issue: -1.5591,
    related: 1.2347,
  },
  features: ["lexical", "mention", "semantic", "kind_build", "kind_test", "docs_x_issue", "related"],
};
