// Bare specifiers (`require("@acme/paths")`) that name a package inside the scanned tree: a
// monorepo's workspace, or a sibling in a scope folder of installed packages. Node resolves such
// a name to that package (its node_modules lookup finds the folder; a workspace is linked there),
// then to its `main` (default `index.js`) or, for `name/sub`, to that file of the package.

import { posix } from "node:path";

interface TreePackage {
  /** Folder of the package.json, relative to the root ("" for the root), with a trailing slash. */
  dir: string;
  main: string;
}

/** Resolves a bare specifier to a module path of the tree, given a resolver of relative paths. */
export type BareResolver = (spec: string) => string | undefined;

export function treePackages(
  modulePaths: Iterable<string>,
  readFile: (path: string) => string | undefined,
  resolvePath: (path: string) => string | undefined,
): BareResolver {
  const byName = new Map<string, TreePackage>();
  const seen = new Set<string>();
  for (const path of modulePaths) {
    for (let dir = posix.dirname(path); !seen.has(dir); dir = posix.dirname(dir)) {
      seen.add(dir);
      const prefix = dir === "." ? "" : `${dir}/`;
      const pkg = readManifest(readFile(`${prefix}package.json`));
      if (pkg?.name && !byName.has(pkg.name))
        byName.set(pkg.name, { dir: prefix, main: pkg.main ?? "index.js" });
      if (dir === "." || dir === "/") break;
    }
  }
  return (spec) => {
    const name = packageName(spec);
    const pkg = name ? byName.get(name) : undefined;
    if (!pkg || !name) return undefined;
    const sub = spec.slice(name.length).replace(/^\//, "");
    return resolvePath(posix.normalize(`${pkg.dir}${sub || pkg.main}`));
  };
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageName(spec: string): string | undefined {
  const parts = spec.split("/");
  const name = spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  return name && !name.startsWith(".") ? name : undefined;
}

function readManifest(text: string | undefined): { name?: string; main?: string } | undefined {
  if (text === undefined) return undefined;
  try {
    const json = JSON.parse(text) as { name?: unknown; main?: unknown };
    return {
      name: typeof json.name === "string" ? json.name : undefined,
      main: typeof json.main === "string" ? json.main : undefined,
    };
  } catch {
    return undefined;
  }
}
