// The build folders (`dist/`, `build/`) a scan reads after all: those a package runs from when
// it ships no source of its own. A scan skips build output (it is the compiled copy of the
// sources beside it), but an npm package as installed is often only its build: package.json's
// `main`/`bin`/`exports` name `build/index.js` and nothing listed is an entry point. A folder the
// package's tsconfig.json/jsconfig.json compiles into (`outDir`) stays skipped: its sources are
// in the tree.

import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { nodePackageOf } from "./js/package-entries.js";

const BUILD_DIRS = new Set(["dist", "build"]);

/** Folders (relative to root, POSIX) of build output the package at or above `root` runs from. */
export function shippedBuildFolders(root: string, listed: readonly string[]): string[] {
  const pkg = nodePackageOf(root);
  if (!pkg) return [];
  const top = resolve(root);
  const inTree = new Set(listed.map((f) => join(top, f)));
  if (pkg.entries.some((e) => inTree.has(e))) return [];
  const compiled = outDirs(pkg.dir);
  const folders = new Set<string>();
  for (const entry of pkg.entries) {
    if (!entry.startsWith(top + sep)) continue;
    const parts = relative(top, entry).split(sep);
    const at = parts.findIndex((p) => BUILD_DIRS.has(p));
    // Only a build folder right below folders the scan walks (not under node_modules, tests…).
    if (at < 0 || parts.slice(0, at).some((p) => p.startsWith(".") || p === "node_modules")) continue;
    const folder = parts.slice(0, at + 1).join("/");
    if (!compiled.has(resolve(top, folder))) folders.add(folder);
  }
  return [...folders].sort();
}

/** The folders tsconfig.json or jsconfig.json in `dir` compile into. */
function outDirs(dir: string): Set<string> {
  const out = new Set<string>();
  for (const name of ["tsconfig.json", "jsconfig.json"]) {
    const file = join(dir, name);
    if (!existsSync(file)) continue;
    // JSONC: the one value wanted, read without a full parser.
    const found = /"outDir"\s*:\s*"([^"]+)"/.exec(readFileSync(file, "utf8"));
    if (found) out.add(resolve(dir, found[1]!));
  }
  return out;
}
