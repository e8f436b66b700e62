// Which manifest `e2e search` reads: --manifest as given; else .e2e/manifest.json beside the
// config named by -c; else the working directory's .e2e/manifest.json; else the one beside the
// config found by the usual search (as `e2e manifest` writes it). The config is only loaded when
// the cheap checks found nothing, so a search in the project root never parses it.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { UsageError } from "../errors/index.js";

const DEFAULT_MANIFEST = join(".e2e", "manifest.json");

export async function findManifest(opts: { manifest?: string; config?: string }): Promise<string> {
  if (opts.manifest) return resolve(opts.manifest);
  // Loaded only when needed: the config's YAML parser and validation are most of a search's start otherwise.
  const config = () => import("../config/index.js");
  if (opts.config)
    return join((await config()).ApiConfigLoader.load(opts.config).getConfig().rootDir, DEFAULT_MANIFEST);
  const here = resolve(DEFAULT_MANIFEST);
  if (existsSync(here)) return here;
  let root: string | undefined;
  try {
    root = (await config()).ApiConfigLoader.load().getConfig().rootDir;
  } catch {
    // No config, or one that does not load: the working directory's manifest is the one meant.
  }
  const beside = root ? join(root, DEFAULT_MANIFEST) : undefined;
  if (beside && existsSync(beside)) return beside;
  throw new UsageError(
    `no manifest found (looked for ${[here, ...(beside ? [beside] : [])].join(" and ")}); ` +
      "run `e2e manifest` in the project first to write it, or give one with --manifest FILE",
  );
}
