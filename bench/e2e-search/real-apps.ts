// The real-app query set (real-apps.json): apps brought onto this machine at bench time through
// the ordinary package clients (bench/manifest-real/fetch.ts, into ~/.cache, never this
// repository), each scanned as `e2e manifest <folder>` scans it, one search index per app (what a
// user of that app searches), and the blind queries written from its route table. Each query
// comes back as cross-validate.ts's JudgedQuery: its candidates' features, BM25's and the hand-set
// ranking's ranks, plus the rank the shipped ranking gives it (the command's own `search`, committed
// model) and its batch (1, or the app's `batch`: each blind batch is reported apart). `held_out`
// apps (sha1(name) starts with 0-3) are reported apart and never fit on.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codeGraphParser } from "../../controller/src/manifest/code-graph-parser.js";
import { scanService } from "../../controller/src/manifest/scan-service.js";
import {
  type FeatureSet,
  openSearchIndex,
  type PoolOptions,
  type RuleName,
  searchEmbedders,
} from "../../controller/src/search/index.js";
import type { RealApp } from "../manifest-real/apps.js";
import { fetchApp } from "../manifest-real/fetch.js";
import { type JudgedQuery, judgeQuery } from "./cross-validate.js";
import { label, rankOf } from "./evaluate.js";

interface RealAppQueries {
  name: string;
  package: RealApp["package"];
  /** The folder scanned, relative to the fetched package's folder (absolute for a Debian package). */
  root: string;
  /** Which blind batch wrote its queries (absent: 1). */
  batch?: number;
  queries: { id: string; query: string; expected: string[] }[];
}

/**
 * A real-app query judged: `shipped` is its rank under the command's own ranking (0: not in the
 * first 10; undefined when not asked: the fit script runs before the model matches the features).
 */
export type RealJudgedQuery = JudgedQuery & { batch: number; shipped?: number };

export interface RealAppOptions {
  /** The embedders (EMBEDDINGS_URL adds the channel's cosine). @default process.env */
  env?: NodeJS.ProcessEnv;
  /** Whose features: the shipped model's or the one's before. @default "shipped" */
  set?: FeatureSet;
  /** Also rank each query as `e2e search` does (the committed model). @default true */
  shipped?: boolean;
  /** The first stage's pool, other than the command's (candidate-recall.ts). */
  pool?: PoolOptions;
  /** Leave the frozen held-out apps out entirely (feature-trials.ts: not even computed). */
  skipHeldOut?: boolean;
  /** Hand rules left out (ablate.ts). */
  off?: ReadonlySet<RuleName>;
  /** Only the apps of this blind batch (blind-batch.ts). */
  batch?: number;
}

/** The frozen held-out split: by the app's name, fixed before any query was run. */
export const isHeldOut = (app: string) => "0123".includes(createHash("sha1").update(app).digest("hex")[0]!);

export function readRealAppSet(): RealAppQueries[] {
  return (
    JSON.parse(readFileSync(join(import.meta.dirname, "real-apps.json"), "utf8")) as {
      apps: RealAppQueries[];
    }
  ).apps;
}

/** One app scanned as `e2e manifest <folder>` scans it, its manifest written to a temporary folder (`close` removes it). */
export async function realAppManifest(app: RealAppQueries) {
  const root = join(fetchApp(app as unknown as RealApp), app.root);
  const { service } = await scanService({ name: app.name, root, displayRoot: ".", parser: codeGraphParser });
  const routes = new Set(service.endpoints.map((e) => `${app.name}:${e.method} ${e.path}`));
  const unknown = app.queries.flatMap((q) => q.expected.filter((e) => !routes.has(e)));
  if (unknown.length)
    throw new Error(`real-apps.json expects routes ${app.name}'s scan has not: ${unknown.join("; ")}`);
  const dir = mkdtempSync(join(tmpdir(), "e2e-search-real-"));
  const manifestPath = join(dir, ".e2e", "manifest.json");
  mkdirSync(join(dir, ".e2e"));
  const manifest = { version: 1, generated_at: "2026-11-27T00:00:00.000", services: [service] };
  writeFileSync(manifestPath, JSON.stringify(manifest));
  return { root, manifestPath, close: () => rmSync(dir, { recursive: true, force: true }) };
}

/** One app's queries judged on its own index; throws when a query expects a route the scan did not find. */
async function appQueries(app: RealAppQueries, options: RealAppOptions): Promise<RealJudgedQuery[]> {
  const { root, manifestPath, close } = await realAppManifest(app);
  try {
    const { base, channel, weights } = searchEmbedders(options.env ?? process.env);
    const { index } = await openSearchIndex(manifestPath, base, weights, {
      root,
      index: { ...(channel ? { channel } : {}), ...(options.off ? { off: options.off } : {}) },
    });
    const out: RealJudgedQuery[] = [];
    for (const q of app.queries) {
      const judged = await judgeQuery(index, { ...q, app: app.name }, options.set, options.pool);
      const shipped =
        options.shipped === false
          ? undefined
          : rankOf((await index.search(q.query, { limit: 10 })).map(label), q.expected);
      out.push({ ...judged, batch: app.batch ?? 1, ...(shipped === undefined ? {} : { shipped }) });
    }
    return out;
  } finally {
    close();
  }
}

/** Every real app's judged queries, or why the set could not be run (an app that cannot be fetched here). */
export async function realAppQueries(
  options: RealAppOptions = {},
): Promise<{ queries: RealJudgedQuery[] } | { notRun: string }> {
  const queries: RealJudgedQuery[] = [];
  for (const app of readRealAppSet()) {
    if (options.skipHeldOut && isHeldOut(app.name)) continue;
    if (options.batch !== undefined && (app.batch ?? 1) !== options.batch) continue;
    try {
      queries.push(...(await appQueries(app, options)));
    } catch (err) {
      return { notRun: `${app.name}: ${(err as Error).message.split("\n")[0]}` };
    }
  }
  return { queries };
}
