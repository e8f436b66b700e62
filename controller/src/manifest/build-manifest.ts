// Scans every target and assembles the manifest, merged with the file on disk for a partial scan.
// A service whose files all hash as at the last scan keeps its previous entry (no parse, no link);
// when every service does and the manifest files are the ones last written, nothing else runs.

import { existsSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { ManifestCache } from "./manifest-cache.js";
import {
  cachePath,
  legacyCachePath,
  markdownPath,
  readManifest,
  sameContent,
  type WrittenManifest,
} from "./manifest-file.js";
import { type ManifestPlan, type ManifestTarget, projectDirOf } from "./plan-targets.js";
import type { Parser, ScanStats } from "./scan-service.js";
import {
  codeStamp,
  type FileHashes,
  hashFile,
  resultHash,
  ScanState,
  type ServiceRecord,
  type ServiceSummary,
  stampOf,
} from "./scan-state.js";
import { listSourceFiles } from "./source-tree.js";
import { MANIFEST_VERSION, type Manifest, type ServiceManifest } from "./types.js";

export interface ScanReport extends ServiceSummary, ScanStats {}

export interface BuiltManifest {
  manifest: Manifest;
  /** The file on disk before this scan, if any. */
  previous?: Manifest;
  /** The manifest files on disk already hold this manifest: nothing to write. */
  upToDate: boolean;
  /** Per scanned service, in the order of the plan: what the scan found and how much it parsed. */
  stats: Map<string, ScanReport>;
  /**
   * Records the scan (facts cache, every service's inputs, the output files' hashes) once the
   * manifest is on disk: pass what writeManifest returned, nothing when upToDate. Never for --check.
   */
  save(written?: WrittenManifest): void;
}

/**
 * The project's timestamp format (UTC, milliseconds, no offset). lib/service-kit has the same
 * one-liner, but its index loads Fastify, which a CLI command should not pay for.
 */
const utcNow = () => new Date().toISOString().slice(0, -1);

interface TargetInputs {
  target: ManifestTarget;
  displayRoot: string;
  paths: string[];
  inputs: FileHashes;
  stamps: Record<string, string>;
  /** Set when nothing the last scan of this service read has changed. */
  unchanged?: ServiceRecord;
}

async function readInputs(plan: ManifestPlan, state: ScanState): Promise<TargetInputs[]> {
  const project = projectDirOf(plan.out);
  const out: TargetInputs[] = [];
  for (const target of plan.targets) {
    const displayRoot = relative(project, target.root).split("\\").join("/") || ".";
    const paths = await listSourceFiles(target.root);
    const hashOf = (path: string) => hashFile(join(target.root, path));
    const inputs: FileHashes = {};
    const stamps: Record<string, string> = {};
    const now = Date.now();
    for (const path of paths) {
      // A stat instead of a read when the file's size, times and inode are as when it was hashed.
      const stat = statSync(join(target.root, path), { throwIfNoEntry: false });
      const stamp = stat && stampOf(stat, now);
      if (stamp) stamps[path] = stamp;
      inputs[path] = (stamp && state.hashByStamp(displayRoot, path, stamp)) ?? hashOf(path);
    }
    const unchanged = state.unchanged(displayRoot, target.name, inputs, hashOf);
    out.push({ target, displayRoot, paths, inputs, stamps, ...(unchanged ? { unchanged } : {}) });
  }
  return out;
}

export async function buildManifest(plan: ManifestPlan, parser?: Parser): Promise<BuiltManifest> {
  const cacheDir = cachePath(plan.out);
  const state = ScanState.open(join(cacheDir, "state.json"), codeStamp());
  const targets = await readInputs(plan, state);
  const targetsKey = JSON.stringify([plan.partial, targets.map((t) => [t.target.name, t.displayRoot])]);
  const stats = new Map<string, ScanReport>();
  const reusedStats = (record: ServiceRecord): ScanReport => ({ ...record.summary, extracted: 0 });

  // Nothing changed: the manifest on disk is this scan's result (its hash says it is the one written).
  if (
    targets.every((t) => t.unchanged) &&
    state.outputIs(targetsKey, hashFile(plan.out), hashFile(markdownPath(plan.out)))
  ) {
    for (const t of targets) stats.set(t.target.name, reusedStats(t.unchanged!));
    // Saving records only stamps that became trustworthy since (a few hundred bytes, once).
    const save = () => {
      for (const t of targets) state.record(t.displayRoot, { ...t.unchanged!, stamps: t.stamps });
      state.save();
    };
    // The 2 MB file is parsed only for a caller that reads it (the command itself does not).
    let onDisk: Manifest | undefined;
    const manifestOnDisk = () => {
      onDisk ??= readManifest(plan.out);
      if (!onDisk) throw new Error(`${plan.out} became unreadable during the scan`);
      return onDisk;
    };
    return {
      get manifest() {
        return manifestOnDisk();
      },
      get previous() {
        return manifestOnDisk();
      },
      upToDate: true,
      stats,
      save,
    };
  }

  const previous = readManifest(plan.out);
  const before = new Map(previous?.services.map((s) => [s.name, s]));
  const records = new Map<string, ServiceRecord>();
  const results = new Map<TargetInputs, ServiceManifest>();
  const toScan: TargetInputs[] = [];
  for (const t of targets) {
    const old = before.get(t.target.name);
    if (t.unchanged && old && resultHash(old) === t.unchanged.result) {
      results.set(t, old);
      stats.set(t.target.name, reusedStats(t.unchanged));
      records.set(t.displayRoot, { ...t.unchanged, stamps: t.stamps });
    } else {
      toScan.push(t);
    }
  }
  let cache: ManifestCache | undefined;
  if (toScan.length > 0) {
    // The parser and scanners (tree-sitter, every framework) load only when a service needs them.
    const { factsKeysOf, scanService } = await import("./scan-service.js");
    const { ExtractPool, POOL_MIN_FILES, poolThreads } = await import("./extract-pool.js");
    const use = parser ?? (await import("./code-graph-parser.js")).codeGraphParser;
    const facts = (await import("./manifest-cache.js")).ManifestCache.open(cacheDir);
    cache = facts;
    // Files without cached facts (all of a first scan, or after the extractors changed): many go
    // to worker threads. Counted from the state, not the facts files, which the workers of a
    // several-service scan read themselves.
    const factsKeys = factsKeysOf();
    const toParse = toScan.reduce((n, t) => {
      const parsed = t.paths.filter((p) => use.languageOf(p));
      return n + state.filesToParse(t.displayRoot, parsed, t.inputs, factsKeys);
    }, 0);
    const threads = parser || toParse < POOL_MIN_FILES ? 0 : poolThreads();
    const pool = threads > 0 ? new ExtractPool(threads) : undefined;
    const wholeServices = pool !== undefined && toScan.length > 1;
    const scanOne = async (t: TargetInputs) => {
      const job = { name: t.target.name, root: t.target.root, displayRoot: t.displayRoot, paths: t.paths };
      const r = wholeServices
        ? await pool.scan({ ...job, cacheDir }, facts)
        : await scanService({
            ...job,
            parser: use,
            cache: facts,
            ...(pool ? { extract: pool.extract } : {}),
          });
      results.set(t, r.service);
      const summary: ServiceSummary = {
        files: r.stats.files,
        endpoints: r.service.endpoints.length,
        dtos: r.service.dtos.length,
        types: r.service.types.length,
        frameworks: r.service.frameworks,
      };
      stats.set(t.target.name, { ...summary, extracted: r.stats.extracted });
      records.set(t.displayRoot, {
        name: t.target.name,
        inputs: t.inputs,
        stamps: t.stamps,
        reads: r.reads,
        result: resultHash(r.service),
        summary,
        factsKeys,
      });
    };
    try {
      // With a pool every service's files are queued at once and each service links as soon as
      // its facts are in, while the workers parse the next; in this thread, one after another.
      if (pool) await Promise.all(toScan.map(scanOne));
      else for (const t of toScan) await scanOne(t);
    } finally {
      await pool?.close();
    }
  }
  const scanned = targets.map((t) => results.get(t)!);
  // Reports in the plan's order, whatever order the scans finished in.
  const ordered = new Map(targets.map((t) => [t.target.name, stats.get(t.target.name)!]));
  stats.clear();
  for (const [name, report] of ordered) stats.set(name, report);
  let services = scanned;
  if (plan.partial && previous) {
    // Keep the other services of the file, in their order; a rescanned one keeps its place.
    const fresh = new Map(scanned.map((s) => [s.name, s]));
    services = previous.services.map((s) => fresh.get(s.name) ?? s);
    for (const s of scanned) if (!previous.services.some((p) => p.name === s.name)) services.push(s);
  }
  const manifest: Manifest = { version: MANIFEST_VERSION, generated_at: utcNow(), services };
  // An unchanged tree rewrites nothing: the date moves only when the content does.
  const same = previous !== undefined && sameContent(previous, manifest);
  if (same) manifest.generated_at = previous.generated_at;
  const upToDate = same && existsSync(markdownPath(plan.out));

  const save = (written?: WrittenManifest) => {
    cache?.save();
    for (const [root, record] of records) state.record(root, record);
    const output =
      written ?? (upToDate ? { json: hashFile(plan.out), md: hashFile(markdownPath(plan.out)) } : undefined);
    if (output) state.setOutput(targetsKey, output.json, output.md);
    state.save();
    rmSync(legacyCachePath(plan.out), { force: true });
  };
  return { manifest, ...(previous ? { previous } : {}), upToDate, stats, save };
}
