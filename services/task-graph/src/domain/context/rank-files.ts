// Ranks code files for an issue (SPEC §4): each file gets seed signals from the issue (mention,
// link, component, lexical, semantic, tests), a personalised PageRank over the file graph spreads
// them to the files around (graph), and the score mixes both. Every signal that contributes is
// explained in `reasons`. Deterministic: ties break by repo and path.
import picomatch from "picomatch";
import { isTestFile } from "../../../../../lib/code-graph/index.js";
import type { RepositoryView } from "../code/code-workspace.js";
import { repositoryFiles } from "./file-graph.js";
import { type Mentions, pathMatches } from "./mentions.js";
import { personalizedPageRank } from "./pagerank.js";

export const SIGNALS = ["mention", "link", "component", "graph", "lexical", "semantic", "tests"] as const;
export type Signal = (typeof SIGNALS)[number];
export type Signals = Record<Signal, number>;

/** How much each seed signal counts in the seed (noisy-or of weighted signals); tuned by bench:context. */
const SEED_WEIGHTS: Record<Exclude<Signal, "graph">, number> = {
  mention: 0.9,
  link: 0.95,
  component: 0.4,
  lexical: 0.9,
  semantic: 0.2,
  tests: 0.3,
};
/** A test file's seed counts this much unless the issue names the file itself: the list leads with the code to change. */
const TEST_FILE_DAMPING = 0.5;
/** score = 1 − (1 − seed)(1 − GRAPH_SHARE · graph): the graph lifts files near the evidence, never above direct evidence. */
const GRAPH_SHARE = 0.3;

export interface IssueSignals {
  mentions: Mentions;
  /** `path` or `path#Symbol` (issue.code_refs). */
  codeRefs: string[];
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
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

export function rankFiles(views: RepositoryView[], input: IssueSignals): RankedFile[] {
  const all: RankedFile[] = [];
  const repoRanks: { files: RankedFile[]; rank: Float64Array; mass: number }[] = [];
  const componentMatchers = (input.component?.paths ?? []).map((g) => ({
    glob: g,
    match: picomatch(g, { dot: true }),
  }));
  const refs = input.codeRefs.map((r) => {
    const hash = r.indexOf("#");
    return hash < 0 ? { path: r, symbol: null } : { path: r.slice(0, hash), symbol: r.slice(hash + 1) };
  });
  for (const view of views) {
    const rf = repositoryFiles(view.name, view.graph);
    const files: RankedFile[] = rf.paths.map((path) => ({
      repo: view.name,
      path,
      score: 0,
      signals: { mention: 0, link: 0, component: 0, graph: 0, lexical: 0, semantic: 0, tests: 0 },
      reasons: [],
      named: new Set<string>(),
    }));
    const at = (path: string) => files[rf.index.get(path)!]!;
    for (const file of files) {
      const { signals, reasons } = file;
      for (const mention of input.mentions.paths) {
        const kind = pathMatches(mention, file.path);
        if (kind === "file" && signals.mention < 1) {
          signals.mention = 1;
          reasons.push(`the issue names this file ("${mention}")`);
        } else if (kind === "folder" && signals.mention < 0.4) {
          signals.mention = 0.4;
          reasons.push(`the issue names its folder "${mention}"`);
        }
      }
      for (const ref of refs) {
        if (pathMatches(ref.path, file.path) !== "file") continue;
        signals.link = 1;
        reasons.push(
          `linked by the issue's code_refs (${ref.symbol ? `${ref.path}#${ref.symbol}` : ref.path})`,
        );
        if (ref.symbol) file.named.add(ref.symbol.split(".").pop()!);
      }
      const globs = componentMatchers.filter((m) => m.match(file.path)).map((m) => m.glob);
      if (globs.length > 0) {
        signals.component = 1;
        reasons.push(
          `in the paths of the issue's component "${input.component!.name}" (${globs.join(", ")})`,
        );
      }
      const key = `${view.name}:${file.path}`;
      const lex = input.lexical.get(key) ?? 0;
      if (lex > 0) {
        signals.lexical = round(lex);
        reasons.push(`shares words with the issue (BM25 ${signals.lexical} of the best match)`);
      }
      const sem = input.semantic.get(key) ?? 0;
      if (sem > 0) {
        signals.semantic = round(sem);
        reasons.push(
          `close in meaning to the issue (embedding cosine ${signals.semantic} of the best match)`,
        );
      }
    }
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
    for (const file of files) {
      const direct = Math.max(file.signals.mention, file.signals.link);
      if (direct === 0) continue;
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
    }
    const seeds = new Float64Array(files.length);
    let mass = 0;
    files.forEach((file, i) => {
      let miss = 1;
      for (const [signal, w] of Object.entries(SEED_WEIGHTS)) miss *= 1 - w * file.signals[signal as Signal];
      const damped = isTestFile(file.path) && file.signals.mention < 1 && file.signals.link < 1;
      seeds[i] = (1 - miss) * (damped ? TEST_FILE_DAMPING : 1);
      mass += seeds[i]!;
    });
    const rank = mass > 0 ? personalizedPageRank(rf.graph, seeds) : new Float64Array(files.length);
    repoRanks.push({ files, rank, mass });
    files.forEach((file, i) => {
      file.score = seeds[i]!; // the seed for now; the graph share is added below
    });
    all.push(...files);
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
  for (const r of repoRanks) {
    r.files.forEach((file, i) => {
      const graph = best > 0 ? round(r.rank[i]! / best) : 0;
      file.signals.graph = graph;
      file.score = round(1 - (1 - file.score) * (1 - GRAPH_SHARE * graph));
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
