// general.project of the e2e.conf init writes: the name and version of the project the suite
// belongs to, from the target folder's package.json (the HTML report's title), else the folder's name.

import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";

export interface ProjectIdentity {
  name: string;
  version: string;
  /** Where the name comes from, said in the e2e.conf comment. */
  source: "package.json" | "folder";
  /** Whether the version is the package.json's (else the fallback). */
  versionFromPackage: boolean;
  /** The package.json's typescript range (dependencies or devDependencies), if it has one. */
  typescript?: string;
}

interface PackageFields {
  name?: unknown;
  version?: unknown;
  dependencies?: Record<string, unknown>;
  devDependencies?: Record<string, unknown>;
}

/** The project in `root`; `fallbackVersion` when its package.json says none (or there is none). */
export function projectIdentity(root: string, fallbackVersion: string): ProjectIdentity {
  const file = join(root, "package.json");
  let pkg: PackageFields = {};
  if (existsSync(file)) {
    try {
      pkg = JSON.parse(readFileSync(file, "utf8")) as PackageFields;
    } catch {
      // A package.json that is not JSON is npm's problem to report; the folder's name will do here.
    }
  }
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
  const name = text(pkg.name);
  const version = text(pkg.version);
  const typescript = text(pkg.devDependencies?.typescript) ?? text(pkg.dependencies?.typescript);
  return {
    name: name ?? basename(root),
    version: version ?? fallbackVersion,
    source: name ? "package.json" : "folder",
    versionFromPackage: version !== undefined,
    ...(typescript ? { typescript } : {}),
  };
}
