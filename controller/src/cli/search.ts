// `e2e search QUERY [--service NAME] [--manifest FILE] [-k 10] [--json] [-c e2e.conf]` (SPEC §5):
// the best hits of the manifest and its suite for a plain-language query. The embedder is the
// task graph's choice (lib/embedding's selectEmbedder: LOCAL_EMBEDDER, default pre-trained word
// vectors; EMBEDDINGS_URL adds an embeddings endpoint as one more channel of the fitted ranking,
// search/search-embedders.ts). Usage errors (no manifest, bad -k, blank query, unknown service, an
// embedder variable it does not accept) exit 2; an embeddings endpoint that fails exits 1.

import { EmbedderConfigError } from "../../../lib/embedding/index.js";
import { UsageError } from "../errors/index.js";
import { findManifest, openSearchIndex, type SearchHit, searchEmbedders } from "../search/index.js";
import { commandFailed } from "./command-errors.js";

export interface SearchCommandOptions {
  service?: string;
  manifest?: string;
  k?: string;
  json?: boolean;
  config?: string;
}

function limitOf(raw: string | undefined): number {
  const k = Number(raw ?? "10");
  if (!/^\d+$/.test(raw ?? "10") || k < 1 || k > 100)
    throw new UsageError(`-k must be an integer 1..100, got "${raw}"`);
  return k;
}

/** The embedders the environment asks for; a variable it does not accept is the user's to fix (exit 2). */
function embeddersFrom(env: NodeJS.ProcessEnv): ReturnType<typeof searchEmbedders> {
  try {
    return searchEmbedders(env);
  } catch (err) {
    if (err instanceof EmbedderConfigError) throw new UsageError(err.message, { cause: err });
    throw err;
  }
}

function target(hit: SearchHit): string {
  return hit.method ? `${hit.method} ${hit.path}` : hit.name!;
}

function render(hits: SearchHit[]): string {
  const services = new Set(hits.map((h) => h.service)).size > 1;
  const rows = hits.map((h) => [
    h.kind,
    ...(services ? [h.service] : []),
    target(h),
    `${h.file}:${h.line}`,
    h.score.toFixed(3),
    h.matched.join(", "),
  ]);
  const columns = rows[0]!.length;
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  // Every column padded but the last (the matched terms, of any length).
  return rows
    .map((r) =>
      r
        .map((c, i) => (i < columns - 1 ? c.padEnd(widths[i]!) : c))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

export async function searchCommand(query: string, opts: SearchCommandOptions): Promise<number> {
  try {
    if (!query.trim()) throw new UsageError("the query is blank; say what you are looking for");
    const limit = limitOf(opts.k);
    const manifest = await findManifest(opts);
    const { base, channel, weights, wordVectors } = embeddersFrom(process.env);
    const { index } = await openSearchIndex(manifest, base, weights, {
      index: { ...(channel ? { channel } : {}), ...(wordVectors ? { wordVectors } : {}) },
    });
    if (opts.service && !index.services().includes(opts.service))
      throw new UsageError(
        `no service "${opts.service}" in ${manifest} (it has: ${index.services().join(", ") || "none"})`,
      );
    const hits = await index.search(query, { limit, ...(opts.service ? { service: opts.service } : {}) });
    if (opts.json) {
      const out = hits.map(({ key: _key, matched, ...rest }) => ({ ...rest, matched }));
      process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    } else if (hits.length === 0) {
      process.stdout.write(`nothing in ${manifest} matches "${query}"\n`);
    } else {
      process.stdout.write(`${render(hits)}\n`);
    }
    return 0;
  } catch (err) {
    return commandFailed("search", err);
  }
}
