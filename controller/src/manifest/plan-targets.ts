// Which trees `e2e manifest` scans and where it writes (SPEC §5): with a config, one service per
// configured `maven_module`, written to `.e2e/manifest.json` beside the config; an explicit path
// is scanned as given (named by --service, else by its folder), with or without a config.

import { existsSync, statSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { ApiConfigLoader, type ResolvedConfig } from "../config/index.js";
import { UsageError } from "../errors/index.js";

export interface ManifestTarget {
  name: string;
  /** Absolute path of the tree. */
  root: string;
}

export interface ManifestPlan {
  targets: ManifestTarget[];
  /** Absolute path of the JSON file. */
  out: string;
  /** Services of the file on disk that this scan does not touch are kept (a partial scan). */
  partial: boolean;
  warnings: string[];
}

export interface ManifestOptions {
  service?: string;
  out?: string;
  check?: boolean;
  config?: string;
  /** Exit 1 when a scanned service has no endpoint (CI: a scan that finds nothing is a failure). */
  strict?: boolean;
}

const MANIFEST_DIR = ".e2e";
const MANIFEST_FILE = "manifest.json";

/** The config (explicit, else the usual search), or undefined when none exists anywhere (not an error here). */
export function loadOptionalConfig(explicit: string | undefined): ResolvedConfig | undefined {
  try {
    return ApiConfigLoader.load(explicit).getConfig();
  } catch (err) {
    // No config anywhere is fine for a scan: the path (or the working directory) is scanned.
    if (
      (err as { code?: string }).code === "E2E_CONFIG_NOT_FOUND" &&
      !explicit &&
      !process.env.E2E_CONFIG_PATH
    )
      return undefined;
    throw err;
  }
}

function checkDir(path: string): string {
  if (!existsSync(path)) throw new UsageError(`no such folder to scan: ${path}`);
  if (!statSync(path).isDirectory())
    throw new UsageError(`not a folder: ${path} (give the API's source folder)`);
  return path;
}

/** Where a project's manifest is written and read by default: `.e2e/manifest.json` under `base`. */
export const defaultManifestPath = (base: string): string => join(base, MANIFEST_DIR, MANIFEST_FILE);

/** `config`: the one already loaded (else loaded here from `opts.config`, as loadOptionalConfig does). */
export function planTargets(
  path: string | undefined,
  opts: ManifestOptions,
  config = loadOptionalConfig(opts.config),
): ManifestPlan {
  const warnings: string[] = [];
  const outOf = (base: string, name: string) => outsideDependencies(opts.out, base, name);
  if (path !== undefined || !config) {
    const root = path !== undefined ? checkDir(resolve(path)) : process.cwd();
    const name = opts.service ?? basename(root);
    return {
      targets: [{ name, root }],
      out: outOf(path !== undefined ? (config?.rootDir ?? root) : root, name),
      partial: true,
      warnings,
    };
  }
  const names = Object.keys(config.services);
  if (opts.service && !names.includes(opts.service)) {
    throw new UsageError(
      `--service ${opts.service}: not a service of ${config.configPath} (services: ${names.join(", ") || "none"})`,
    );
  }
  const targets: ManifestTarget[] = [];
  for (const name of opts.service ? [opts.service] : names) {
    const root = resolve(config.rootDir, config.services[name]!.maven_module);
    if (existsSync(root) && statSync(root).isDirectory()) targets.push({ name, root });
    else if (opts.service)
      throw new UsageError(`service ${name}: its maven_module folder ${root} does not exist`);
    else
      warnings.push(
        `service ${name}: skipped, its maven_module folder ${relative(process.cwd(), root) || "."} does not exist`,
      );
  }
  return { targets, out: outOf(config.rootDir, ""), partial: Boolean(opts.service), warnings };
}

/**
 * The file to write, never inside `node_modules` (scanning a package installed there, or running
 * from inside one): the default then goes to `.e2e/<name>/manifest.json` in the folder holding
 * the outermost `node_modules`; an explicit `--out` there is refused.
 */
function outsideDependencies(out: string | undefined, base: string, name: string): string {
  const file = out ? resolve(out) : defaultManifestPath(base);
  const segments = file.split(sep);
  const at = segments.indexOf("node_modules");
  if (at < 0) return file;
  if (out)
    throw new UsageError(`--out ${out}: refusing to write into node_modules (choose a file of the project)`);
  const project = segments.slice(0, at).join(sep) || sep;
  return join(project, MANIFEST_DIR, name || "manifest", MANIFEST_FILE);
}

/** Where a manifest's `root` fields are relative to: the project folder holding `.e2e/`. */
export function projectDirOf(out: string): string {
  const dir = dirname(out);
  if (basename(dir) === MANIFEST_DIR) return dirname(dir);
  // `.e2e/<name>/manifest.json`, where a scan of a package in node_modules writes.
  return basename(dirname(dir)) === MANIFEST_DIR ? dirname(dirname(dir)) : dir;
}
