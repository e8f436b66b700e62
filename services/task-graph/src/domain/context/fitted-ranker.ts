// The agent-context score of a file: a logistic model over its signals, its kind and how much the
// issue is about that kind (issue 21 §4). Every weight is fitted on real commit histories by
// bench/context/fit-ranker.ts (listwise, cross-validated by repository and by time span) and
// written to ranker-weights.ts; nothing here is set by hand but the two terms no history has
// (an issue's own code_refs and its component, which the benchmark's issues never carry).
import { remember } from "../../../../../lib/collections/index.js";
import { type FileKind, fileKind } from "./file-kind.js";
import { RANKER } from "./ranker-weights.js";

/** The model's inputs, in the order of RANKER.weights. */
export const FEATURES = [
  "lexical",
  "mention",
  "semantic",
  "tests",
  "graph",
  "related",
  "kind_docs",
  "kind_build",
  "kind_test",
  "docs_x_issue",
  "build_x_issue",
] as const;
export type Feature = (typeof FEATURES)[number];

/** The signals a file brings to the model (rank-files.ts computes them). */
export interface FileEvidence {
  path: string;
  lexical: number;
  mention: number;
  semantic: number;
  tests: number;
  graph: number;
  /** The link lent by related past work (not the issue's own code_refs). */
  related: number;
}

/** How much the issue is about docs and about build: each kind's share of its best lexical matches. */
export interface IssueKinds {
  docs: number;
  build: number;
}

/** Kinds by path, kept between requests (a ranking scores every file with evidence); bounded. */
const KINDS = new Map<string, FileKind>();
const KINDS_KEPT = 200_000;

function kindOf(path: string): FileKind {
  return KINDS.get(path) ?? remember(KINDS, path, fileKind(path), KINDS_KEPT);
}

/** Files whose lexical match says what the issue is about. */
const SHARE_OF = 20;

/**
 * The issue's affinity to each kind, learned from the indexed corpus itself: among the files that
 * share most words with it, the share of BM25 mass held by docs (or build) files. A docs issue's
 * words are the docs' words; no word list decides it.
 */
export function issueKinds(files: { path: string; lexical: number }[]): IssueKinds {
  const top = files
    .filter((f) => f.lexical > 0)
    .sort((a, b) => b.lexical - a.lexical || (a.path < b.path ? -1 : 1))
    .slice(0, SHARE_OF);
  const total = top.reduce((s, f) => s + f.lexical, 0);
  const share = (kind: FileKind) =>
    total > 0 ? top.filter((f) => kindOf(f.path) === kind).reduce((s, f) => s + f.lexical, 0) / total : 0;
  return { docs: share("docs"), build: share("build") };
}

export function featuresOf(file: FileEvidence, issue: IssueKinds): Record<Feature, number> {
  const kind = kindOf(file.path);
  const is = (k: FileKind) => (kind === k ? 1 : 0);
  return {
    lexical: file.lexical,
    mention: file.mention,
    semantic: file.semantic,
    tests: file.tests,
    graph: file.graph,
    related: file.related,
    kind_docs: is("docs"),
    kind_build: is("build"),
    kind_test: is("test"),
    docs_x_issue: is("docs") * issue.docs,
    build_x_issue: is("build") * issue.build,
  };
}

/** The fitted linear score (a logit); features the fit removed have no weight. */
export function fittedLogit(features: Record<Feature, number>): number {
  let z = RANKER.bias;
  for (const name of FEATURES) z += (RANKER.weights[name] ?? 0) * features[name];
  return z;
}

/**
 * The issue's own code_refs and its component's paths: explicit instructions no history holds,
 * so not fitted. They keep their old ratio to the lexical weight (link 2:1, component 0.3:1).
 */
export function instructedLogit(link: number, component: number): number {
  const lexical = Math.max(RANKER.weights.lexical ?? 1, 1);
  return lexical * (2 * link + 0.3 * component);
}

export const logistic = (z: number) => 1 / (1 + Math.exp(-z));
