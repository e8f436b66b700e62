// Scans every target and assembles the manifest, merged with the file on disk for a partial scan.

import { relative } from "node:path";
import { codeGraphParser } from "./code-graph-parser.js";
import { ManifestCache } from "./manifest-cache.js";
import { cachePath, readManifest, sameContent } from "./manifest-file.js";
import { type ManifestPlan, projectDirOf } from "./plan-targets.js";
import { type Parser, type ScanStats, scanService } from "./scan-service.js";
import { MANIFEST_VERSION, type Manifest, type ServiceManifest } from "./types.js";

export interface BuiltManifest {
  manifest: Manifest;
  /** The file on disk before this scan, if any. */
  previous?: Manifest;
  cache: ManifestCache;
  stats: Map<string, ScanStats>;
}

/**
 * The project's timestamp format (UTC, milliseconds, no offset). lib/service-kit has the same
 * one-liner, but its index loads Fastify, which a CLI command should not pay for.
 */
const utcNow = () => new Date().toISOString().slice(0, -1);

export async function buildManifest(
  plan: ManifestPlan,
  parser: Parser = codeGraphParser,
): Promise<BuiltManifest> {
  const previous = readManifest(plan.out);
  const cache = ManifestCache.open(cachePath(plan.out));
  const project = projectDirOf(plan.out);
  const stats = new Map<string, ScanStats>();
  const scanned: ServiceManifest[] = [];
  for (const target of plan.targets) {
    const displayRoot = relative(project, target.root).split("\\").join("/") || ".";
    const { service, stats: s } = await scanService({
      name: target.name,
      root: target.root,
      displayRoot,
      parser,
      cache,
    });
    scanned.push(service);
    stats.set(target.name, s);
  }
  let services = scanned;
  if (plan.partial && previous) {
    // Keep the other services of the file, in their order; a rescanned one keeps its place.
    const fresh = new Map(scanned.map((s) => [s.name, s]));
    services = previous.services.map((s) => fresh.get(s.name) ?? s);
    for (const s of scanned) if (!previous.services.some((p) => p.name === s.name)) services.push(s);
  }
  const manifest: Manifest = { version: MANIFEST_VERSION, generated_at: utcNow(), services };
  // An unchanged tree rewrites nothing: the date moves only when the content does.
  if (previous && sameContent(previous, manifest)) manifest.generated_at = previous.generated_at;
  return { manifest, ...(previous ? { previous } : {}), cache, stats };
}
