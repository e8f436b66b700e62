// Ranks code files for an issue (SPEC §4): each file gets signals from the issue (mention, link,
// component, lexical, semantic, tests), a personalised PageRank over the file graph seeded by them
// spreads them to the files around (graph), and the score is a logistic model over those signals,
// the file's kind (code, test, docs, build) and how much the issue is about that kind, with
// weights fitted on real histories (fitted-ranker.ts; issue 21). Every signal that contributes is
// explained in `reasons`. Deterministic: ties break by repo and path.
import picomatch from "picomatch";
import type { RepositoryView } from "../code/code-workspace.js";
import { repositoryFiles } from "./file-graph.js";
import { featuresOf, fittedLogit, instructedLogit, issueKinds, logistic } from "./fitted-ranker.js";
import { type Mentions, pathMatcher } from "./mentions.js";
import { personalizedPageRank } from "./pagerank.js";
import type { RelatedWork } from "./past-work.js";
import { RANKER } from "./ranker-weights.js";

export const SIGNALS = ["mention", "link", "component", "graph", "lexical", "semantic", "tests"] as const;
export type Signal = (typeof SIGNALS)[number];
export type Signals = Record<Signal, number>;

/**
 * The seed of the graph signal's PageRank: Σ weight · signal / Σ weight. Only the seed: the score
 * itself is fitted (fitted-ranker.ts).
 */
const WEIGHTS: Record<Signal, number> = {
  lexical: 1,
  mention: 0.5,
  link: 2,
  component: 0.3,
  semantic: 0.2,
  tests: 0.3,
  graph: 0.1,
};
const TOTAL_WEIGHT = Object.values(WEIGHTS).reduce((a, b) => a + b, 0);
/** A test file (or a file in a test folder: fixtures, helpers) seeds the graph this much unless the issue names or links it. */
const TEST_FILE_DAMPING = 0.5;
/**
 * Past work lends links only while the fit keeps it (bench/context/fit-ranker.ts measures it under
 * cross-validation and drops it when ranking does better without it).
 */
const PAST_WORK = RANKER.features.includes("related");
/** The graph signal (PageRank seeded by the others) likewise. */
const GRAPH = RANKER.features.includes("graph");
/** The link related work lends to the file it points at most; the issue's own code_refs give 1. */
const RELATED_LINK = 0.15;
/** A related issue lends similarity^POWER / files^SPREAD: the closest issues dominate, and a narrow change says more per file. */
const RELATED_POWER = 3;
const RELATED_SPREAD = 0.5;
/** Reasons naming related issues, per file. */
const RELATED_REASONS = 2;

export interface IssueSignals {
  mentions: Mentions;
  /** `path` or `path#Symbol` (issue.code_refs). */
  codeRefs: string[];
  /** Related issues' code_refs (past-work.ts): links lent by similar work, weaker than the issue's own. */
  related: RelatedWork[];
  /** The issue's component and its path globs, if any. */
  component: { name: string; paths: string[] } | null;
  /** `repo:path` → normalised score in (0, 1]. */
  lexical: Map<string, number>;
  semantic: Map<string, number>;
}

export interface RankedFile {
  repo: string;
  path: string;
  score: number;
  signals: Signals;
  reasons: string[];
  /** Symbol names the issue names (mentions, code_refs) in this file. */
  named: Set<string>;
  /** The link lent by related past work (signals.link shows the larger of it and the issue's own). */
  related: number;
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** A file's entry, made only once a signal touches it: most files of a large repository get none. */
function unranked(repo: string, path: string): RankedFile {
  return {
    repo,
    path,
    score: 0,
    signals: { mention: 0, link: 0, component: 0, graph: 0, lexical: 0, semantic: 0, tests: 0 },
    reasons: [],
    named: new Set<string>(),
    related: 0,
  };
}

/** Per repository: its files' entries by node index (a hole: untouched), made on first touch. */
interface RepoEntries {
  files: RankedFile[];
  fileAt: (i: number) => RankedFile;
  rank: Float64Array;
  mass: number;
}

export function rankFiles(views: RepositoryView[], input: IssueSignals): RankedFile[] {
  const repoRanks: RepoEntries[] = [];
  const componentMatchers = (input.component?.paths ?? []).map((g) => ({
    glob: g,
    match: picomatch(g, { dot: true }),
  }));
  const refs = input.codeRefs.map((r) => {
    const hash = r.indexOf("#");
    const [path, symbol] = hash < 0 ? [r, null] : [r.slice(0, hash), r.slice(hash + 1)];
    return { path, symbol, match: pathMatcher(path) };
  });
  const mentions = input.mentions.paths.map((mention) => ({ mention, match: pathMatcher(mention) }));
  for (const view of views) {
    const rf = repositoryFiles(view.name, view.graph);
    // Sparse: forEach visits the touched entries in index (= path) order, as a loop over all did.
    const files: RankedFile[] = new Array(rf.paths.length);
    const fileAt = (i: number) => {
      files[i] ??= unranked(view.name, rf.paths[i]!);
      return files[i]!;
    };
    const at = (path: string) => fileAt(rf.index.get(path)!);
    if (PAST_WORK) lendRelatedLinks(input.related, rf.index, fileAt);
    // Each file's reasons in the same order as before: mentions, links, component, words, meaning.
    for (let i = 0; i < rf.paths.length; i++) {
      const path = rf.paths[i]!;
      for (const { mention, match } of mentions) {
        const kind = match(path, rf.bare[i]!);
        if (kind === null) continue;
        const { signals, reasons } = fileAt(i);
        if (kind === "file" && signals.mention < 1) {
          signals.mention = 1;
          reasons.push(`the issue names this file ("${mention}")`);
        } else if (kind === "folder" && signals.mention < 0.4) {
          signals.mention = 0.4;
          reasons.push(`the issue names its folder "${mention}"`);
        }
      }
      for (const ref of refs) {
        if (ref.match(path, rf.bare[i]!) !== "file") continue;
        const file = fileAt(i);
        file.signals.link = 1;
        file.reasons.push(
          `linked by the issue's code_refs (${ref.symbol ? `${ref.path}#${ref.symbol}` : ref.path})`,
        );
        if (ref.symbol) file.named.add(ref.symbol.split(".").pop()!);
      }
      if (componentMatchers.length === 0) continue;
      const globs = componentMatchers.filter((m) => m.match(path)).map((m) => m.glob);
      if (globs.length > 0) {
        const file = fileAt(i);
        file.signals.component = 1;
        file.reasons.push(
          `in the paths of the issue's component "${input.component!.name}" (${globs.join(", ")})`,
        );
      }
    }
    forEachOwnKey(input.lexical, view.name, rf.index, (i, lex) => {
      const file = fileAt(i);
      file.signals.lexical = round(lex);
      file.reasons.push(`shares words with the issue (BM25 ${file.signals.lexical} of the best match)`);
    });
    forEachOwnKey(input.semantic, view.name, rf.index, (i, sem) => {
      const file = fileAt(i);
      file.signals.semantic = round(sem);
      file.reasons.push(
        `close in meaning to the issue (embedding cosine ${file.signals.semantic} of the best match)`,
      );
    });
    // Identifiers: a name declared in few files points at them; a common one says less.
    for (const name of input.mentions.identifiers) {
      const where = rf.declaredIn.get(name);
      if (!where || where.size > 8) continue;
      const strength = round(0.6 / Math.sqrt(where.size));
      for (const path of where) {
        const file = at(path);
        file.named.add(name);
        if (strength > file.signals.mention) file.signals.mention = strength;
        file.reasons.push(`declares ${name}, which the issue names`);
      }
    }
    // Tests: the code a mentioned test exercises, and the tests of a named file.
    files.forEach((file) => {
      const direct = Math.max(file.signals.mention, file.signals.link);
      if (direct === 0) return;
      for (const target of rf.tests.get(file.path) ?? []) {
        const t = at(target);
        if (t.signals.tests < direct) {
          t.signals.tests = round(direct);
          t.reasons.push(`exercised by ${file.path}, which the issue names`);
        }
      }
      for (const test of rf.testedBy.get(file.path) ?? []) {
        const t = at(test);
        if (t.signals.tests < direct * 0.5) {
          t.signals.tests = round(direct * 0.5);
          t.reasons.push(`tests ${file.path}`);
        }
      }
    });
    // An untouched file's seed is 0: leaving it out of the sum changes no bit of it.
    const seeds = new Float64Array(rf.paths.length);
    let mass = 0;
    files.forEach((file, i) => {
      let seed = 0;
      for (const signal of SIGNALS) if (signal !== "graph") seed += WEIGHTS[signal] * file.signals[signal];
      const damping =
        rf.isTest[i] && file.signals.mention < 1 && file.signals.link < 1 ? TEST_FILE_DAMPING : 1;
      seeds[i] = (seed / TOTAL_WEIGHT) * damping;
      mass += seeds[i]!;
      file.score = seeds[i]!; // the evidence for now: files with none and no graph rank are left out
    });
    // The graph signal costs a PageRank per request: computed only while the fit keeps it.
    const rank =
      mass > 0 && GRAPH ? personalizedPageRank(rf.graph, seeds) : new Float64Array(rf.paths.length);
    repoRanks.push({ files, fileAt, rank, mass });
  }
  // Graph rank, comparable across repositories: each repository's distribution weighted by its
  // share of the evidence, then scaled so the best file has 1.
  const totalMass = repoRanks.reduce((s, r) => s + r.mass, 0);
  let best = 0;
  for (const r of repoRanks) {
    for (let i = 0; i < r.rank.length; i++) {
      r.rank[i]! *= totalMass > 0 ? r.mass / totalMass : 0;
      best = Math.max(best, r.rank[i]!);
    }
  }
  // A file ranked by the graph alone gets its entry now.
  if (best > 0) {
    for (const r of repoRanks) {
      for (let i = 0; i < r.rank.length; i++) if (r.rank[i]! > 0) r.fileAt(i);
    }
  }
  const all = repoRanks.flatMap((r) => r.files.filter(() => true));
  const kinds = issueKinds(all.map((f) => ({ path: f.path, lexical: f.signals.lexical })));
  for (const r of repoRanks) {
    r.files.forEach((file, i) => {
      const graph = best > 0 ? round(r.rank[i]! / best) : 0;
      file.signals.graph = graph;
      if (file.score <= 0 && graph <= 0) return;
      file.score = fittedScore(file, kinds);
      if (graph >= 0.05 && file.reasons.length === 0) {
        file.reasons.push(`close in the code graph to files the issue points at (graph ${graph})`);
      } else if (graph >= 0.05) {
        file.reasons.push(`central among the files the issue points at (graph ${graph})`);
      }
    });
  }
  return all
    .filter((f) => f.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        (a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
    );
}

/** `score` of each `repo:path` key of this repository that is one of its files, with its node index. */
function forEachOwnKey(
  scores: Map<string, number>,
  repo: string,
  index: Map<string, number>,
  use: (i: number, score: number) => void,
): void {
  const prefix = `${repo}:`;
  for (const [key, score] of scores) {
    if (!(score > 0) || !key.startsWith(prefix)) continue;
    const i = index.get(key.slice(prefix.length));
    if (i !== undefined) use(i, score);
  }
}

/** The fitted model's score of a file in (0, 1), from its signals, kind and the issue's kinds. */
function fittedScore(file: RankedFile, kinds: ReturnType<typeof issueKinds>): number {
  const { signals } = file;
  const ownLink = signals.link > file.related ? signals.link : 0;
  const z =
    fittedLogit(featuresOf({ path: file.path, ...signals, related: file.related }, kinds)) +
    instructedLogit(ownLink, signals.component);
  return Math.round(logistic(z) * 1e6) / 1e6;
}

/**
 * link = max(own link, RELATED_LINK · lent / best lent), where a file's lent evidence is the
 * noisy-or over the related issues naming it of similarity^RELATED_POWER / files^RELATED_SPREAD.
 */
function lendRelatedLinks(
  related: RelatedWork[],
  index: Map<string, number>,
  fileAt: (slot: number) => RankedFile,
): void {
  const miss = new Map<number, number>();
  const by = new Map<number, RelatedWork[]>();
  for (const work of related) {
    const slots = work.paths.flatMap((p) => index.get(p) ?? []);
    if (slots.length === 0) continue;
    const each = Math.min(1, work.weight ** RELATED_POWER / slots.length ** RELATED_SPREAD);
    for (const slot of slots) {
      miss.set(slot, (miss.get(slot) ?? 1) * (1 - each));
      const list = by.get(slot);
      if (list) list.push(work);
      else by.set(slot, [work]);
    }
  }
  let best = 0;
  for (const m of miss.values()) best = Math.max(best, 1 - m);
  if (best === 0) return;
  for (const [slot, m] of miss) {
    const file = fileAt(slot);
    const strength = round((RELATED_LINK * (1 - m)) / best);
    if (strength <= file.signals.link) continue;
    file.signals.link = strength;
    file.related = strength;
    for (const work of by.get(slot)!.slice(0, RELATED_REASONS)) {
      file.reasons.push(
        `changed for related issue ${work.id} ("${work.title.slice(0, 80)}"), per its code_refs`,
      );
    }
  }
}
