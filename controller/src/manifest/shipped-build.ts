// The build folders (`dist/`, `build/`) a scan reads after all: those a package runs from when
// it ships no source of its own. A scan skips build output (it is the compiled copy of the
// sources beside it), but an npm package as installed is often only its build: package.json's
// `main`/`bin`/`exports` name `build/index.js`, beside launchers (`bin/cli.js` requiring
// `../dist/server.js`) and maintainers' scripts. When the listed files hold what a build is
// compiled from (TypeScript, or code under `src/`) that is not itself an entry point, the build
// is theirs and stays skipped. An entry that is a launcher (`module.exports = require("./dist")`)
// names the build it loads; TypeScript that tsconfig.json's `include`/`rootDir` leave out (an
// example compiled by another tool) is not what the build was made from.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { nodePackageOf, resolveModule } from "./js/package-entries.js";

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
  const compiled = compiledFolders(top);
  const sources = listed.filter((f) => isSource(f) && !entries.has(join(top, f)) && compiled(f));
  if (sources.length > 0) return [];
  const folders = new Set<string>();
  for (const entry of [...pkg.entries, ...pkg.entries.flatMap(launched)]) {
    if (!entry.startsWith(top + sep)) continue;
    const parts = relative(top, entry).split(sep);
    const at = parts.findIndex((p) => BUILD_DIRS.has(p));
    // Only a build folder below folders the scan walks (not under node_modules, hidden ones).
    if (at < 0 || parts.slice(0, at).some((p) => p.startsWith(".") || p === "node_modules")) continue;
    folders.add(parts.slice(0, at + 1).join("/"));
  }
  return [...folders].sort();
}

/** The package's own files an entry loads by a relative path (a launcher's `require("./dist")`). */
function launched(entry: string): string[] {
  let text: string;
  try {
    text = readFileSync(entry, "utf8");
  } catch {
    return [];
  }
  if (text.length > 20_000) return [];
  const specs = text.matchAll(/(?:require\(|import\(|\bfrom\s+)\s*["'](\.{1,2}\/[^"']*)["']/g);
  return [...specs].flatMap(([, spec]) => resolveModule(join(dirname(entry), spec!)) ?? []);
}

/**
 * Whether a listed file (relative to the package) is among what tsc compiles: every file when
 * the package has no tsconfig.json or it names neither `include` nor `rootDir`; else those
 * under the folders they name (a glob's literal head: `./src/** /*` is `src/`).
 */
function compiledFolders(top: string): (file: string) => boolean {
  const file = join(top, "tsconfig.json");
  if (!existsSync(file)) return () => true;
  const text = readFileSync(file, "utf8");
  const include = /"include"\s*:\s*\[([^\]]*)\]/.exec(text)?.[1];
  const rootDir = /"rootDir"\s*:\s*"([^"]*)"/.exec(text)?.[1];
  const globs = [...(include?.matchAll(/"([^"]*)"/g) ?? [])].map((m) => m[1]!);
  if (rootDir !== undefined) globs.push(rootDir);
  if (globs.length === 0) return () => true;
  const heads = globs.map((g) =>
    g
      .replace(/^\.\//, "")
      .replace(/[*?{[].*$/, "")
      .replace(/[^/]*\.[^/]*$/, ""),
  );
  if (heads.some((h) => h === "" || h === ".")) return () => true;
  return (f) => heads.some((h) => f.startsWith(h.endsWith("/") ? h : `${h}/`) || f === h);
}
