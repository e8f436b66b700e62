// The re-ranker's catalogue features of one query over a one-service manifest written into `dir`
// (as `e2e search` computes them), for tests of single features: `column(name)` keys a feature's
// values by "METHOD path"; `order` is the first stage's ranking.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WordVectorEmbedder } from "../../../lib/embedding/index.js";
import { rankWeights } from "../../../lib/search/index.js";
import type { ServiceManifest } from "../../src/manifest/index.js";
import { openSearchIndex } from "../../src/search/index.js";
import type { endpointEntry } from "./manifest-entries.js";

/** A Flask service named "music" holding these endpoints (nothing else). */
export function musicService(endpoints: ReturnType<typeof endpointEntry>[]): ServiceManifest {
  return {
    name: "music",
    root: ".",
    frameworks: ["flask"],
    endpoints,
    dtos: [],
    types: [],
  } as unknown as ServiceManifest;
}

export async function catalogueFeatures(dir: string, service: ServiceManifest, query: string) {
  mkdirSync(join(dir, ".e2e"), { recursive: true });
  const manifest = join(dir, ".e2e", "manifest.json");
  writeFileSync(
    manifest,
    JSON.stringify({ version: 1, generated_at: "2026-11-28T00:00:00.000", services: [service] }),
  );
  const { index } = await openSearchIndex(manifest, new WordVectorEmbedder(), rankWeights(true), {
    root: dir,
  });
  const c = await index.features(query, 10, "catalogue");
  const column = (name: string): Record<string, number> =>
    Object.fromEntries(
      c.heads.map((h, i) => [`${h.method} ${h.path}`, c.features[i]![c.names.indexOf(name as never)]!]),
    );
  return {
    column,
    order: [...c.heads.keys()].sort((a, b) => c.hybrid[b]! - c.hybrid[a]!).map((i) => c.heads[i]!),
  };
}
