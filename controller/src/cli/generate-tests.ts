// `e2e generate-tests --service NAME [--manifest FILE] [--out DIR] [--force] [--dry-run]`
// (SPEC §5): reads the manifest (scanning the service first when there is none yet) and writes the
// service's suite; files changed since they were generated are kept unless --force (exit 2). The
// files `e2e init` wrote are never broken: its page.ts, unchanged, is replaced (and keeps the
// `health()` its health module calls); that module stays as it is.

import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ResolvedConfig } from "../config/index.js";
import { UsageError } from "../errors/index.js";
import { applyWrites, generateSuite, planWrites } from "../generate/index.js";
import { initHealthPath, isInitPage } from "../init/index.js";
import {
  buildManifest,
  defaultManifestPath,
  loadOptionalConfig,
  planTargets,
  readManifest,
  writeManifest,
} from "../manifest/index.js";
import { commandFailed, shown } from "./command-errors.js";

export interface GenerateTestsOptions {
  service?: string;
  manifest?: string;
  out?: string;
  force?: boolean;
  dryRun?: boolean;
  config?: string;
}

/** What `e2e init` wrote in the suite folder and still holds as written. */
function initFilesIn(outDir: string, service: string) {
  const read = (rel: string) => {
    const path = join(outDir, rel);
    return existsSync(path) ? readFileSync(path, "utf8") : undefined;
  };
  const page = read("page.ts");
  const health = read("modules/01_health.ts");
  const healthPath = health === undefined ? undefined : initHealthPath(health, service);
  const replaceable = new Map<string, string>();
  if (page !== undefined && isInitPage(page, service))
    replaceable.set(join(outDir, "page.ts"), "the page `e2e init` wrote, unchanged");
  if (healthPath !== undefined)
    replaceable.set(join(outDir, "modules/01_health.ts"), "the module `e2e init` wrote, unchanged");
  return { healthPath, replaceable };
}

async function manifestFor(
  name: string,
  path: string,
  explicit: boolean,
  config: ResolvedConfig | undefined,
) {
  const found = readManifest(path);
  if (found || explicit) {
    if (!found) throw new UsageError(`no manifest at ${shown(path)} (write one with \`e2e manifest\`)`);
    return found;
  }
  // No manifest yet: scan the configured service, as `e2e manifest --service NAME` would.
  const plan = planTargets(undefined, { service: name, out: path }, config);
  const built = await buildManifest(plan);
  built.save(writeManifest(plan.out, built.manifest));
  process.stdout.write(`scanned ${name} into ${shown(plan.out)}\n`);
  return built.manifest;
}

export async function generateTestsCommand(opts: GenerateTestsOptions): Promise<number> {
  try {
    const name = opts.service;
    if (!name)
      throw new UsageError("--service NAME is required (the service of the manifest to generate for)");
    const config = loadOptionalConfig(opts.config);
    const root = config?.rootDir ?? process.cwd();
    const manifestPath = resolve(opts.manifest ?? defaultManifestPath(root));
    const manifest = await manifestFor(name, manifestPath, Boolean(opts.manifest), config);
    const service = manifest.services.find((s) => s.name === name);
    if (!service)
      throw new UsageError(
        `no service "${name}" in ${shown(manifestPath)} (it has: ${manifest.services.map((s) => s.name).join(", ") || "none"})`,
      );
    const outDir = resolve(opts.out ?? join(root, "services", name));
    const init = initFilesIn(outDir, name);
    const files = generateSuite(service, {
      configHasAuth: config?.services[name]?.auth !== undefined,
      ...(init.healthPath !== undefined ? { initHealthPath: init.healthPath } : {}),
    });
    const writes = planWrites(outDir, files, Boolean(opts.force), init.replaceable);
    const refused = writes.filter((w) => w.action === "refuse");
    if (refused.length > 0)
      throw new UsageError(
        `refusing to overwrite ${refused.length} file(s) (use --force to replace them):\n` +
          refused.map((w) => `  ${shown(w.path)}: ${w.reason}`).join("\n"),
      );
    const verb = opts.dryRun ? "would " : "";
    for (const w of writes)
      if (w.action !== "unchanged")
        process.stdout.write(`  ${verb}${w.action} ${shown(w.path)}${w.note ? ` (${w.note})` : ""}\n`);
    if (init.healthPath !== undefined && !files.has("modules/01_health.ts"))
      process.stdout.write(
        `  kept ${shown(join(outDir, "modules/01_health.ts"))} (written by \`e2e init\`): page.ts keeps the health() it calls\n`,
      );
    const changed = writes.filter((w) => w.action !== "unchanged").length;
    if (!opts.dryRun) applyWrites(files, outDir, writes);
    process.stdout.write(
      `${name}: ${files.size} files (${[...files.keys()].filter((f) => /^modules\/\d/.test(f)).length} modules) ` +
        `${opts.dryRun ? "planned" : "written"} in ${shown(outDir)}; ${changed} ${opts.dryRun ? "would change" : "changed"}\n`,
    );
    return 0;
  } catch (err) {
    return commandFailed("generate-tests", err);
  }
}
