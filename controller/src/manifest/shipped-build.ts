// The build folders (`dist/`, `build/`) a scan reads after all: those a package runs from when
// it ships no source of its own. A scan skips build output (it is the compiled copy of the
// sources beside it), but an npm package as installed is often only its build: package.json's
// `main`/`bin`/`exports` name `build/index.js`, beside launchers (`bin/cli.js` requiring
// `../dist/server.js`) and maintainers' scripts. When the listed files hold what a build is
// compiled from (TypeScript, or code under `src/`) that is not itself an entry point, the build
// is theirs and stays skipped.

import { join, relative, resolve, sep } from "node:path";
import { nodePackageOf } from "./js/package-entries.js";

const BUILD_DIRS = new Set(["dist", "build"]);
/** What a build is compiled from: TypeScript (not declarations), or code in a `src/` folder. */
const isSource = (f: string): boolean =>
  (/\.(c|m)?tsx?$/.test(f) && !/\.d\.[cm]?ts$/.test(f)) || (/(^|\/)src\//.test(f) && /\.(c|m)?jsx?$/.test(f));

/** Folders (relative to root, POSIX) of build output the package at or above `root` runs from. */
export function shippedBuildFolders(root: string, listed: readonly string[]): string[] {
  const pkg = nodePackageOf(root);
  if (!pkg) return [];
  const top = resolve(root);
  const entries = new Set(pkg.entries);
  const sources = listed.filter((f) => isSource(f) && !entries.has(join(top, f)));
  if (sources.length > 0) return [];
  const folders = new Set<string>();
  for (const entry of pkg.entries) {
    if (!entry.startsWith(top + sep)) continue;
    const parts = relative(top, entry).split(sep);
    const at = parts.findIndex((p) => BUILD_DIRS.has(p));
    // Only a build folder below folders the scan walks (not under node_modules, hidden ones).
    if (at < 0 || parts.slice(0, at).some((p) => p.startsWith(".") || p === "node_modules")) continue;
    folders.add(parts.slice(0, at + 1).join("/"));
  }
  return [...folders].sort();
}
