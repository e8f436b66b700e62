// The evaluation of `e2e search` (bench/e2e-search/eval-set.json): one index over the manifests
// of the framework fixtures (controller/test/manifest/apps/*/expected.json) and this repository's
// services (scanned now, with their suite: page methods and modules), every query searched
// without a service filter. A query is found when one of its expected endpoints is among the
// first 3 hits of any kind. Our ranking (the command's own: lib/search hybrid with WordNet,
// word vectors and soft matching) against plain BM25 over the same documents, in one run.
// Used by the benchmark (run.ts) and by the test that holds the floor.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  buildManifest,
  type Manifest,
  planTargets,
  type ServiceManifest,
} from "../../controller/src/manifest/index.js";
import {
  openSearchIndex,
  type SearchIndexOptions,
  searchEmbedders,
} from "../../controller/src/search/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(here, "../..");
const APPS = join(REPO_ROOT, "controller/test/manifest/apps");

export interface EvalQuery {
  id: string;
  query: string;
  expected: string[];
  /** "tune": what the ranking's words and priors were shaped on; "holdout": written after they were frozen. */
  split: "tune" | "holdout";
}

export interface QueryOutcome {
  id: string;
  split: "tune" | "holdout";
  query: string;
  /** 1-based rank of the first expected endpoint among all hits; 0 when not in the first 10. */
  ours: number;
  bm25: number;
  /** Our first 3 hits, as `service:METHOD path` or `kind service:name`. */
  top: string[];
}

export interface Scores {
  queries: number;
  oursTop3: number;
  bm25Top3: number;
  oursMrr: number;
  bm25Mrr: number;
}

export interface Evaluation extends Scores {
  documents: number;
  tune: Scores;
  holdout: Scores;
  outcomes: QueryOutcome[];
}

function scores(outcomes: QueryOutcome[]): Scores {
  const share = (f: (o: QueryOutcome) => boolean) => outcomes.filter(f).length / outcomes.length;
  const mrr = (rank: (o: QueryOutcome) => number) =>
    outcomes.reduce((sum, o) => sum + (rank(o) > 0 ? 1 / rank(o) : 0), 0) / outcomes.length;
  return {
    queries: outcomes.length,
    oursTop3: share((o) => o.ours > 0 && o.ours <= 3),
    bm25Top3: share((o) => o.bm25 > 0 && o.bm25 <= 3),
    oursMrr: mrr((o) => o.ours),
    bm25Mrr: mrr((o) => o.bm25),
  };
}

function evalSet(): EvalQuery[] {
  return (JSON.parse(readFileSync(join(here, "eval-set.json"), "utf8")) as { queries: EvalQuery[] }).queries;
}

/**
 * Which corpus: "judged", our services' endpoints as they were when eval-set.json's answers were
 * judged (judged-endpoints.json; their DTOs, pages and modules as now), or "live", every endpoint
 * they have now. An endpoint added since may be a better answer nobody judged, or a worse one
 * that pushes a judged answer down: the live figure is reported apart, never hidden.
 */
export type EvaluationCorpus = "judged" | "live";

function judgedEndpoints(): Set<string> {
  const file = JSON.parse(readFileSync(join(here, "judged-endpoints.json"), "utf8")) as {
    endpoints: string[];
  };
  return new Set(file.endpoints);
}

/** Each corpus's manifest, scanned once per process: every ranking of one run sees the same services. */
const manifests = new Map<EvaluationCorpus, Promise<Manifest>>();

function evaluationManifest(corpus: EvaluationCorpus): Promise<Manifest> {
  if (!manifests.has(corpus)) manifests.set(corpus, scanEvaluationManifest(corpus));
  return manifests.get(corpus)!;
}

/** The fixtures' expected manifests (their roots made relative to this repository) and our services. */
async function scanEvaluationManifest(corpus: EvaluationCorpus): Promise<Manifest> {
  const fixtures = readdirSync(APPS)
    .sort()
    .map((app): ServiceManifest => {
      const service = JSON.parse(readFileSync(join(APPS, app, "expected.json"), "utf8")) as ServiceManifest;
      return { ...service, root: `controller/test/manifest/apps/${app}` };
    });
  const plan = planTargets(undefined, { config: join(REPO_ROOT, "e2e.conf") });
  const live = (await buildManifest(plan)).manifest.services;
  const judged = judgedEndpoints();
  const ours =
    corpus === "live"
      ? live
      : live.map((s) => ({
          ...s,
          endpoints: s.endpoints.filter((e) => judged.has(`${s.name}:${e.method} ${e.path}`)),
        }));
  return { version: 1, generated_at: "2026-11-24T00:00:00.000", services: [...fixtures, ...ours] };
}

/** A query whose expected endpoint no service has would count as a miss of the ranking: refuse it. */
function assertAnswerable(queries: EvalQuery[], manifest: Manifest): void {
  const endpoints = new Set(
    manifest.services.flatMap((s) => s.endpoints.map((e) => `${s.name}:${e.method} ${e.path}`)),
  );
  const unknown = queries.flatMap((q) =>
    q.expected.filter((e) => !endpoints.has(e)).map((e) => `${q.id}: ${e}`),
  );
  if (unknown.length)
    throw new Error(`eval-set.json expects endpoints no manifest has: ${unknown.join("; ")}`);
}

export const label = (h: { kind: string; service: string; method?: string; path?: string; name?: string }) =>
  h.kind === "endpoint" ? `${h.service}:${h.method} ${h.path}` : `${h.kind} ${h.service}:${h.name}`;

export function rankOf(hits: string[], expected: string[]): number {
  const i = hits.findIndex((h) => expected.includes(h));
  return i + 1;
}

/** The evaluation's manifest over `corpus`, written to a temporary folder, its queries checked answerable; `close` removes it. */
export async function evaluationManifestFile(corpus: EvaluationCorpus = "judged") {
  const dir = mkdtempSync(join(tmpdir(), "e2e-search-eval-"));
  const manifestPath = join(dir, ".e2e", "manifest.json");
  mkdirSync(dirname(manifestPath));
  const manifest = await evaluationManifest(corpus);
  assertAnswerable(evalSet(), manifest);
  writeFileSync(manifestPath, JSON.stringify(manifest));
  return {
    manifestPath,
    root: REPO_ROOT,
    queries: evalSet(),
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The evaluation's index over `corpus` with the embedders `env` names (the command's choice:
 * EMBEDDINGS_URL adds the HTTP channel), its queries checked answerable; `close` removes its folder.
 */
export async function openEvaluation(
  corpus: EvaluationCorpus = "judged",
  options: SearchIndexOptions = {},
  env: NodeJS.ProcessEnv = process.env,
) {
  const { manifestPath, queries, close } = await evaluationManifestFile(corpus);
  const { base, channel, weights } = searchEmbedders(env);
  const { index } = await openSearchIndex(manifestPath, base, weights, {
    root: REPO_ROOT,
    index: channel ? { ...options, channel } : options,
  });
  return { index, queries, close };
}

/** Scores of the command's ranking (the committed model, fitted on every query of the set: in-sample). */
export async function evaluate(corpus: EvaluationCorpus = "judged"): Promise<Evaluation> {
  const { index, queries, close } = await openEvaluation(corpus);
  try {
    const outcomes: QueryOutcome[] = [];
    for (const q of queries) {
      const ours = (await index.search(q.query, { limit: 10 })).map(label);
      const bm25 = index.bm25(q.query, 10).map(label);
      outcomes.push({
        id: q.id,
        split: q.split,
        query: q.query,
        ours: rankOf(ours, q.expected),
        bm25: rankOf(bm25, q.expected),
        top: ours.slice(0, 3),
      });
    }
    return {
      ...scores(outcomes),
      documents: index.size,
      tune: scores(outcomes.filter((o) => o.split === "tune")),
      holdout: scores(outcomes.filter((o) => o.split === "holdout")),
      outcomes,
    };
  } finally {
    close();
  }
}
