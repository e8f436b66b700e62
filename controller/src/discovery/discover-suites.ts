// Finds each configured service's suite: services/<name>/page.ts and modules/NN_<words>.ts,
// under the folder of the config file. Services come in config order, modules by file name.

import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { ResolvedConfig } from "../config/index.js";

export interface ModuleFile {
  service: string;
  /** File name without extension, e.g. "01_health". */
  name: string;
  /** Absolute path. */
  path: string;
  /** Relative to the config's rootDir, with forward slashes. */
  file: string;
}

export interface ServiceSuite {
  name: string;
  /** Absolute path of services/<name>, whether or not it exists. */
  dir: string;
  /** Absolute path of page.ts, when the folder has one. */
  pageFile?: string;
  /** Absolute path of setup.ts (exports setup(page) and/or teardown(page)), when the folder has one. */
  setupFile?: string;
  modules: ModuleFile[];
}

export interface Discovery {
  suites: ServiceSuite[];
  warnings: string[];
}

// NN_<words> with a script extension; helpers and declaration files in modules/ are not modules.
const MODULE_FILE = /^(\d+_[^.]+)\.(ts|mts|js|mjs)$/;
const PAGE_FILES = ["page.ts", "page.mts", "page.js", "page.mjs"];
const SETUP_FILES = ["setup.ts", "setup.mts", "setup.js", "setup.mjs"];

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function listModules(service: string, dir: string, rootDir: string): ModuleFile[] {
  const modulesDir = join(dir, "modules");
  if (!isDir(modulesDir)) return [];
  return readdirSync(modulesDir)
    .map((entry) => ({ entry, match: MODULE_FILE.exec(entry) }))
    .filter(
      (m): m is { entry: string; match: RegExpExecArray } => m.match !== null && !m.entry.endsWith(".d.ts"),
    )
    .sort((a, b) => (a.entry < b.entry ? -1 : a.entry > b.entry ? 1 : 0))
    .map(({ entry, match }) => {
      const path = join(modulesDir, entry);
      return { service, name: match[1]!, path, file: relative(rootDir, path).split("\\").join("/") };
    });
}

export function discoverSuites(config: ResolvedConfig): Discovery {
  const servicesDir = join(config.rootDir, "services");
  const warnings: string[] = [];
  const configured = Object.keys(config.services);

  if (isDir(servicesDir)) {
    for (const entry of readdirSync(servicesDir).sort()) {
      if (isDir(join(servicesDir, entry)) && !configured.includes(entry)) {
        warnings.push(`services/${entry}/ is not a service in ${config.configPath}; skipped`);
      }
    }
  }

  const suites = configured.map((name): ServiceSuite => {
    const dir = join(servicesDir, name);
    if (!isDir(dir)) {
      warnings.push(`services.${name}: no folder services/${name}/ next to the config; it has no modules`);
      return { name, dir, modules: [] };
    }
    const page = PAGE_FILES.map((f) => join(dir, f)).find((p) => existsSync(p));
    const setup = SETUP_FILES.map((f) => join(dir, f)).find((p) => existsSync(p));
    return {
      name,
      dir,
      ...(page ? { pageFile: page } : {}),
      ...(setup ? { setupFile: setup } : {}),
      modules: listModules(name, dir, config.rootDir),
    };
  });
  return { suites, warnings };
}
