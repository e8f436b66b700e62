// Which modules of a Node package ever run: those its entry points (package-entries.ts) load,
// directly or through the modules they load (module-loads.ts), as Node's loader follows them. A
// file nothing loads (an edition's part the package does not use, an example, a script kept for
// the maintainers) registers no route when the app runs, so its routes are not the app's.
//
// Only modules importing a framework are left out (below, reachableModules' end).
// Whenever the graph cannot be seen whole, nothing is left out (undefined): no package.json
// above the tree, no entry point, bare names that may be the package's own (`imports`, tsconfig
// `paths`), more than MAX_OUTSIDE files outside the tree to follow, or a framework the tree
// imports that no reached module imports (its app is started from somewhere we do not see: a
// Dockerfile, a Procfile). A module loading a name it computes (`require(file)`) reaches every
// file of its folder; a string naming a folder of the package (`path.join(__dirname, "routes")`,
// handed to a loader such as @fastify/autoload) reaches every file in it.

import { dirname, join, resolve, sep } from "node:path";
import type { FileFacts } from "../scanner.js";
import type { JsModule } from "./module-facts.js";
import type { ModuleLoads } from "./module-loads.js";
import { nestedPackages, nodePackageOf, resolveModule } from "./package-entries.js";

const MAX_OUTSIDE = 40;

export interface ReachInput {
  /** Absolute path of the scanned tree. */
  root: string;
  /** The tree's JavaScript modules. */
  files: readonly FileFacts<JsModule>[];
  /** What a file outside the tree (or not listed in it) loads; undefined if it cannot be read. */
  loadsOf(absolutePath: string): Promise<ModuleLoads | undefined>;
  /** Packages whose import makes a module a framework's code (`express`, `@nestjs/core`). */
  frameworks: ReadonlySet<string>;
}

/** The tree's paths of the modules that run, or undefined when that cannot be told. */
export async function reachableModules(
  input: ReachInput,
  pkg = nodePackageOf(input.root),
): Promise<Set<string> | undefined> {
  if (!pkg) return undefined;
  const root = resolve(input.root);
  const packages = [
    pkg,
    ...nestedPackages(
      root,
      pkg.dir,
      input.files.map((f) => f.path),
    ),
  ];
  const entries = packages.flatMap((p) => p.entries);
  if (entries.length === 0 || packages.some((p) => p.aliases)) return undefined;
  const inTree = new Map(input.files.map((f) => [join(root, f.path), f]));
  const reached = new Set<string>();
  // Only the package's own files: not its dependencies, nor the packages beside it.
  const own = (abs: string) =>
    abs.startsWith(pkg.dir + sep) && !abs.slice(pkg.dir.length).split(sep).includes("node_modules");
  const queue = entries.filter(own);
  let outside = 0;
  const reach = (abs: string | undefined) => {
    if (abs && !reached.has(abs) && own(abs)) queue.push(abs);
  };
  const reachFolder = (dir: string) => {
    for (const abs of inTree.keys()) if (abs.startsWith(dir + sep)) reach(abs);
  };
  while (queue.length > 0) {
    const abs = queue.pop()!;
    if (reached.has(abs)) continue;
    reached.add(abs);
    let loads = inTree.get(abs)?.facts.loads;
    if (!inTree.has(abs)) {
      if (++outside > MAX_OUTSIDE) return undefined;
      loads = await input.loadsOf(abs);
    }
    if (!loads) continue;
    const here = dirname(abs);
    for (const spec of loads.specifiers) {
      if (spec.startsWith("#")) return undefined;
      if (spec.startsWith(".") || spec.startsWith("/")) reach(resolveModule(resolve(here, spec)));
      // A package of the tree by name (itself, Node's "self-referencing", or a workspace): its
      // main is an entry already, a subpath is its file.
      else
        for (const p of packages)
          if (p.name && spec.startsWith(`${p.name}/`))
            reach(resolveModule(join(p.dir, spec.slice(p.name.length))));
    }
    for (const p of loads.paths) {
      // A glob (`./routes/*.js`, `routes/**/index.js`) reaches the folder before its first pattern.
      const plain = p.replace(/\/?[^/]*[*?[{].*$/, "");
      const target = plain.startsWith("cwd:") ? resolve(pkg.dir, plain.slice(4)) : resolve(here, plain);
      reach(resolveModule(target));
      reachFolder(target);
    }
    if (loads.dynamic) reachFolder(here);
  }
  const reachedPaths = new Set<string>();
  for (const [abs, f] of inTree) if (reached.has(abs)) reachedPaths.add(f.path);
  if (!frameworksReached(input, reachedPaths)) return undefined;
  // Only a module making the framework's own objects is left out: one handed an app
  // (`module.exports = (app) => …`) registers nothing unless called, and may be loaded in a way
  // this graph cannot see (a path computed from a setting).
  return new Set(
    input.files
      .filter((f) => reachedPaths.has(f.path) || frameworksOf(input, f).length === 0)
      .map((f) => f.path),
  );
}

const frameworksOf = (input: ReachInput, f: FileFacts<JsModule>): string[] =>
  (f.facts.loads?.specifiers ?? []).filter((s) => input.frameworks.has(s));

/** Every framework a module of the tree imports is imported by a module that runs. */
function frameworksReached(input: ReachInput, reached: ReadonlySet<string>): boolean {
  const wanted = new Set(input.files.flatMap((f) => frameworksOf(input, f)));
  const found = new Set(
    input.files.filter((f) => reached.has(f.path)).flatMap((f) => frameworksOf(input, f)),
  );
  return [...wanted].every((p) => found.has(p));
}
