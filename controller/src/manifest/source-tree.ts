// Which files of a service's tree are scanned: source files, minus dependencies, build output,
// tests, hidden files and folders, and the manifest's own folder (a test app's routes are not the
// service's). A plain directory walk: a glob library took 0.2-0.6 s on 112 trees of 1,900 files
// (most of a scan that finds nothing changed), this takes ~0.03 s.

import { type Dirent, readdirSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { shippedBuildFolders } from "./shipped-build.js";

/** Folders never entered, at any depth below the root. */
const IGNORED_DIRS = new Set([
  "node_modules",
  "dist",
  "build",
  "target",
  "coverage",
  "__pycache__",
  "venv",
  // Go modules, Composer and Bundler keep dependencies here (a Laravel package's routes/ is not the app's).
  "vendor",
  "test",
  "tests",
  "__tests__",
  // Files served to browsers as they are (Express/Flask/Rails/Laravel/Spring `public/`,
  // Django/Flask `static/`): never a server's routes. node-red ships a 60k-line editor bundle
  // there, whose parse took 8 of a cold scan's 10 s (bench/results/manifest-real.md, speed).
  "public",
  "static",
]);

// Go's tests end in `_test.go`; .NET test projects are folders named `*.Tests`. A minified file
// (`*.min.js`) is a browser bundle, one line of megabytes: never route code.
const ignoredFile = (name: string) =>
  name.includes(".test.") ||
  name.includes(".spec.") ||
  name.includes(".min.") ||
  name.endsWith(".d.ts") ||
  name.endsWith("_test.go");
const ignoredDir = (name: string) => IGNORED_DIRS.has(name) || name.endsWith(".Tests");

/** Relative POSIX paths of the tree's files, sorted (so a scan's output never depends on disk order). */
export async function listSourceFiles(root: string): Promise<string[]> {
  const files: string[] = [];
  // Symbolic links are followed (as a glob does); a linked folder already walked is not again,
  // so a link to a parent cannot loop. Plain folders cannot loop: no realpath for each of them.
  const linked = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // unreadable folder: nothing to scan in it
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        const target = statSync(path, { throwIfNoEntry: false });
        isDir = target?.isDirectory() ?? false;
        isFile = target?.isFile() ?? false;
        if (isDir) {
          const real = realpathSync(path);
          if (linked.has(real) || `${realpathSync(root)}/`.startsWith(`${real}/`)) continue;
          linked.add(real);
        }
      }
      if (isDir) {
        if (!ignoredDir(entry.name)) walk(path, `${prefix}${entry.name}/`);
      } else if (isFile && !ignoredFile(entry.name)) {
        files.push(`${prefix}${entry.name}`);
      }
    }
  };
  walk(root, "");
  // An npm package that ships only its build (`"bin": "build/index.js"`): that folder is its code;
  // so is a build of a package inside the tree (a scope folder of installed packages, a
  // monorepo's workspace), which its siblings load by name.
  for (const pkg of ["", ...nestedPackageDirs(files)]) {
    const under = files.filter((f) => f.startsWith(pkg)).map((f) => f.slice(pkg.length));
    for (const folder of shippedBuildFolders(join(root, pkg), under))
      walk(join(root, pkg, folder), `${pkg}${folder}/`);
  }
  return files.sort();
}

/** Folders below the root holding a package.json (`a/b/`), each ending in a slash. */
function nestedPackageDirs(files: readonly string[]): string[] {
  return files.filter((f) => f.endsWith("/package.json")).map((f) => f.slice(0, -"package.json".length));
}
