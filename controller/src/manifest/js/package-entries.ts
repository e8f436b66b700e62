// Where a Node package starts running: the files its package.json names (Node's "Modules:
// Packages": `main`, default `index.js`; `exports` with every condition; npm's `bin`; the
// bundlers' `module`) and the files its npm scripts run (`node server.js`, `nodemon src/app.ts`,
// `fastify start app.js`). Only files that exist count.

import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";

const EXTENSIONS = [".js", ".cjs", ".mjs", ".ts", ".cts", ".mts", ".tsx", ".jsx"];

/** package.json fields whose strings are not modules Node loads (`files` lists what is published). */
const NOT_MODULES = new Set(["files", "directories", "scripts", "repository", "types", "typings", "browser"]);
const CODE_EXTENSION = /\.(c|m)?[jt]sx?$/;

export interface NodePackage {
  /** Absolute folder holding package.json. */
  dir: string;
  name?: string;
  /** Absolute paths of the files the package starts from. */
  entries: string[];
  /** `imports` (`#internal`) or a tsconfig `paths`/`baseUrl`: bare names that may be its own files. */
  aliases: boolean;
}

/**
 * The packages inside the scanned tree below `pkgDir` (a monorepo's workspaces: each runs from
 * its own entry points, and its siblings import it by name): every folder holding a package.json
 * between a listed file and the root.
 */
export function nestedPackages(root: string, pkgDir: string, files: readonly string[]): NodePackage[] {
  const seen = new Map<string, NodePackage | undefined>();
  const top = resolve(root);
  for (const file of files) {
    for (let dir = dirname(join(top, file)); dir.startsWith(top) && dir !== pkgDir; dir = dirname(dir)) {
      if (seen.has(dir)) break;
      const manifest = join(dir, "package.json");
      seen.set(dir, existsSync(manifest) ? readPackage(dir, manifest) : undefined);
      if (dir === top) break;
    }
  }
  return [...seen.values()].filter((p): p is NodePackage => p !== undefined);
}

/** The package whose package.json is nearest at or above `root`. */
export function nodePackageOf(root: string): NodePackage | undefined {
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (existsSync(file)) return readPackage(dir, file);
    if (dirname(dir) === dir) return undefined;
  }
}

function readPackage(dir: string, file: string): NodePackage | undefined {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const named = [
    typeof pkg.main === "string" ? pkg.main : "index",
    pkg.module,
    ...leaves(pkg.bin),
    ...leaves(pkg.exports).filter((s) => !s.includes("*")),
  ].filter((s): s is string => typeof s === "string");
  const scripted = Object.values(asRecord(pkg.scripts)).flatMap((cmd) =>
    typeof cmd === "string" ? cmd.split(/[\s;&|]+/) : [],
  );
  const entries = new Set<string>();
  for (const spec of named) {
    const found = resolveModule(join(dir, spec));
    if (found) entries.add(found);
  }
  // A script's words that name a file of the package (not a folder: `tsc -p .`, `rm -rf dist`).
  for (const word of scripted) {
    if (!/^[\w./@-]+$/.test(word) || word.startsWith("-")) continue;
    const found = resolveFile(join(dir, word));
    if (found?.startsWith(dir + sep)) entries.add(found);
  }
  // A host's own field naming its plugin's modules (Node-RED's `"node-red": { "nodes": … }`,
  // Homebridge's, an editor's extension): a code file named anywhere else in package.json.
  for (const [key, value] of Object.entries(pkg)) {
    if (NOT_MODULES.has(key)) continue;
    for (const s of leaves(value)) {
      const found = CODE_EXTENSION.test(s) ? resolveFile(join(dir, s)) : undefined;
      if (found?.startsWith(dir + sep)) entries.add(found);
    }
  }
  return {
    dir,
    name: typeof pkg.name === "string" ? pkg.name : undefined,
    entries: [...entries],
    aliases: pkg.imports !== undefined || hasPathAliases(dir),
  };
}

const asRecord = (v: unknown): Record<string, unknown> =>
  typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};

/** Every string in a `bin` or `exports` value (conditions, subpaths, nested). */
function leaves(v: unknown): string[] {
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return v.flatMap(leaves);
  return Object.values(asRecord(v)).flatMap(leaves);
}

function hasPathAliases(dir: string): boolean {
  for (const name of ["tsconfig.json", "jsconfig.json"]) {
    const file = join(dir, name);
    if (existsSync(file) && /"(paths|baseUrl)"\s*:/.test(readFileSync(file, "utf8"))) return true;
  }
  return false;
}

/** A file as Node or TypeScript resolves a path: as written, with an extension, `.js` for `.ts`. */
function resolveFile(path: string): string | undefined {
  const stem = path.replace(/\.(c|m)?jsx?$/, "");
  for (const candidate of [path, ...EXTENSIONS.map((e) => path + e), ...EXTENSIONS.map((e) => stem + e)]) {
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return undefined;
}

/** A file, or a folder's `index` file. */
export function resolveModule(path: string): string | undefined {
  return resolveFile(path) ?? resolveFile(join(path, "index"));
}
