// `e2e manifest [path] [--service NAME] [--out FILE] [--check] [--strict] [-c e2e.conf]` (SPEC §5):
// scans the API's source and writes the manifest and manifest.md; --check exits 1 when the file on
// disk is stale and writes nothing; a service without endpoints is explained, and exits 1 under
// --strict.

import { UsageError } from "../errors/index.js";
import {
  buildManifest,
  crossingImports,
  describeCrossingImports,
  describeEmptyScan,
  explainEmptyScan,
  type Manifest,
  type ManifestOptions,
  markdownPath,
  planTargets,
  writeManifest,
} from "../manifest/index.js";
import { commandFailed, shown } from "./command-errors.js";

function differences(previous: Manifest | undefined, next: Manifest): string[] {
  if (!previous) return ["the manifest does not exist yet"];
  const out: string[] = [];
  for (const s of next.services) {
    const old = previous.services.find((p) => p.name === s.name);
    if (!old) {
      out.push(`service ${s.name} is missing`);
      continue;
    }
    const ids = (m: typeof s) => new Set(m.endpoints.map((e) => e.id));
    const added = [...ids(s)].filter((id) => !ids(old).has(id));
    const removed = [...ids(old)].filter((id) => !ids(s).has(id));
    for (const id of added) out.push(`${s.name}: new endpoint ${id}`);
    for (const id of removed) out.push(`${s.name}: endpoint ${id} is gone`);
    if (added.length === 0 && removed.length === 0 && JSON.stringify(old) !== JSON.stringify(s)) {
      out.push(`${s.name}: endpoints, DTOs or types changed`);
    }
  }
  for (const p of previous.services)
    if (!next.services.some((s) => s.name === p.name)) out.push(`service ${p.name} is no longer configured`);
  return out;
}

export async function manifestCommand(path: string | undefined, opts: ManifestOptions): Promise<number> {
  try {
    const plan = planTargets(path, opts);
    for (const w of plan.warnings) process.stderr.write(`e2e manifest: ${w}\n`);
    if (plan.targets.length === 0)
      throw new UsageError("nothing to scan: no configured service has a source folder");
    const built = await buildManifest(plan);
    if (opts.check) {
      if (built.upToDate) {
        process.stdout.write(`${shown(plan.out)} is up to date\n`);
        return 0;
      }
      process.stdout.write(`${shown(plan.out)} is stale; run \`e2e manifest\` to update it:\n`);
      for (const d of differences(built.previous, built.manifest).slice(0, 20))
        process.stdout.write(`  ${d}\n`);
      return 1;
    }
    // Nothing changed: the files stay as they are (no write, no mtime change for tools watching them).
    const unchanged = built.upToDate;
    built.save(unchanged ? undefined : writeManifest(plan.out, built.manifest));
    for (const [name, s] of built.stats) {
      process.stdout.write(
        `${name}: ${s.endpoints} endpoints, ${s.dtos} DTOs, ${s.types} types` +
          ` (${s.frameworks.join(", ") || "no framework found"}; ${s.extracted} of ${s.files} files parsed)\n`,
      );
    }
    process.stdout.write(
      unchanged
        ? `${shown(plan.out)} and ${shown(markdownPath(plan.out))} are up to date (nothing changed)\n`
        : `wrote ${shown(plan.out)} and ${shown(markdownPath(plan.out))}\n`,
    );
    const empty = await reportWhatWasMissed(plan.targets, built.stats, path !== undefined);
    return empty > 0 && opts.strict ? 1 : 0;
  } catch (err) {
    return commandFailed("manifest", err);
  }
}

/**
 * Says on stderr why a service came out empty, and which imports a sub-folder scan could not
 * follow (an explicit path only: a configured service is the folder its team chose). Returns how
 * many services have no endpoint.
 */
async function reportWhatWasMissed(
  targets: readonly { name: string; root: string }[],
  stats: ReadonlyMap<string, { endpoints: number }>,
  explicitPath: boolean,
): Promise<number> {
  let empty = 0;
  for (const t of targets) {
    const lines: string[] = [];
    if ((stats.get(t.name)?.endpoints ?? 0) === 0) {
      empty++;
      lines.push(...describeEmptyScan(t.name, await explainEmptyScan(t.root)));
    }
    if (explicitPath) lines.push(...describeCrossingImports(t.name, await crossingImports(t.root)));
    for (const line of lines) process.stderr.write(`e2e manifest: ${line}\n`);
  }
  return empty;
}
