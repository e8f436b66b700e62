// TypeScript/JavaScript module resolution over the indexed file set: relative paths (with the
// NodeNext habit of writing `.js` for a `.ts` file), `tsconfig` `paths`/`baseUrl` (nearest
// tsconfig, `extends` followed), and packages of the same repository by their package.json name.
// Anything else is an external package: no edge.
import type { ImportFact } from "../facts.js";
import { parseJsonc } from "./jsonc.js";
import { ancestors, dirOf, joinPath } from "./paths.js";
import type { ImportResolver, ResolvedImport, SourceSet } from "./source-set.js";

const EXTENSIONS = [".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts"];
const JS_TO_TS: Record<string, string[]> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};

interface PathsConfig {
  /** Directory `paths` targets are relative to (baseUrl, else the tsconfig's directory). */
  base: string;
  baseUrl?: string;
  paths: [pattern: string, targets: string[]][];
}

interface WorkspacePackage {
  dir: string;
  entries: string[];
}

export class TypeScriptResolver implements ImportResolver {
  private readonly tsconfigs = new Map<string, PathsConfig | undefined>();
  private packages: Map<string, WorkspacePackage> | undefined;

  constructor(private readonly files: SourceSet) {}

  resolve(from: string, fact: ImportFact): ResolvedImport | undefined {
    const file = this.resolveSpecifier(from, fact.specifier);
    return file ? { files: [file] } : undefined;
  }

  resolveSpecifier(from: string, specifier: string): string | undefined {
    if (specifier.startsWith(".") || specifier.startsWith("/")) {
      const base = specifier.startsWith("/") ? joinPath("", specifier) : joinPath(dirOf(from), specifier);
      return base === undefined ? undefined : this.asFile(base);
    }
    return this.throughTsconfig(from, specifier) ?? this.throughWorkspace(specifier);
  }

  /** The file a module path names: itself, with an extension, `.js` written for `.ts`, or its index. */
  private asFile(base: string): string | undefined {
    if (this.files.has(base)) return base;
    const dot = base.lastIndexOf(".");
    const ext = dot > base.lastIndexOf("/") ? base.slice(dot) : "";
    for (const replacement of JS_TO_TS[ext] ?? []) {
      const candidate = base.slice(0, dot) + replacement;
      if (this.files.has(candidate)) return candidate;
    }
    for (const extension of EXTENSIONS) if (this.files.has(base + extension)) return base + extension;
    for (const extension of EXTENSIONS) {
      const index = `${base}/index${extension}`;
      if (this.files.has(index)) return index;
    }
    return undefined;
  }

  private throughTsconfig(from: string, specifier: string): string | undefined {
    const config = this.nearestTsconfig(dirOf(from));
    if (!config) return undefined;
    const matches = config.paths
      .map(([pattern, targets]) => ({
        targets,
        star: matchPattern(pattern, specifier),
        length: pattern.length,
      }))
      .filter((m) => m.star !== undefined)
      .sort((a, b) => b.length - a.length);
    for (const match of matches) {
      for (const target of match.targets) {
        const base = joinPath(config.base, target.replace("*", match.star ?? ""));
        const file = base === undefined ? undefined : this.asFile(base);
        if (file) return file;
      }
    }
    if (config.baseUrl !== undefined) {
      const base = joinPath(config.baseUrl, specifier);
      return base === undefined ? undefined : this.asFile(base);
    }
    return undefined;
  }

  private nearestTsconfig(dir: string): PathsConfig | undefined {
    for (const candidate of ancestors(dir)) {
      const path = candidate === "" ? "tsconfig.json" : `${candidate}/tsconfig.json`;
      if (this.files.config(path) !== undefined) return this.loadTsconfig(path);
    }
    return undefined;
  }

  private loadTsconfig(path: string, depth = 0): PathsConfig | undefined {
    if (this.tsconfigs.has(path)) return this.tsconfigs.get(path);
    this.tsconfigs.set(path, undefined); // guards an `extends` cycle
    const json = parseJsonc(this.files.config(path) ?? "") as
      | { extends?: string; compilerOptions?: { baseUrl?: string; paths?: Record<string, string[]> } }
      | undefined;
    const dir = dirOf(path);
    let inherited: PathsConfig | undefined;
    const parent =
      typeof json?.extends === "string" && json.extends.startsWith(".") ? json.extends : undefined;
    if (parent && depth < 5) {
      const parentPath = joinPath(dir, parent.endsWith(".json") ? parent : `${parent}.json`);
      if (parentPath !== undefined) inherited = this.loadTsconfig(parentPath, depth + 1);
    }
    const options = json?.compilerOptions;
    const baseUrl = options?.baseUrl !== undefined ? joinPath(dir, options.baseUrl) : inherited?.baseUrl;
    const ownPaths = options?.paths ? Object.entries(options.paths) : undefined;
    const config: PathsConfig = {
      base: ownPaths ? (baseUrl ?? dir) : (inherited?.base ?? baseUrl ?? dir),
      paths: ownPaths ?? inherited?.paths ?? [],
      ...(baseUrl !== undefined ? { baseUrl } : {}),
    };
    this.tsconfigs.set(path, config);
    return config;
  }

  private throughWorkspace(specifier: string): string | undefined {
    this.packages ??= this.readPackages();
    const parts = specifier.split("/");
    const nameLength = specifier.startsWith("@") ? 2 : 1;
    const pkg = this.packages.get(parts.slice(0, nameLength).join("/"));
    if (!pkg) return undefined;
    const subpath = parts.slice(nameLength).join("/");
    if (subpath) {
      for (const base of [joinPath(pkg.dir, subpath), joinPath(pkg.dir, `src/${subpath}`)]) {
        const file = base === undefined ? undefined : this.asFile(base);
        if (file) return file;
      }
      return undefined;
    }
    for (const entry of pkg.entries) {
      const base = joinPath(pkg.dir, entry);
      const file = base === undefined ? undefined : this.asFile(base);
      if (file) return file;
    }
    return undefined;
  }

  private readPackages(): Map<string, WorkspacePackage> {
    const packages = new Map<string, WorkspacePackage>();
    for (const path of this.files.paths()) {
      if (!path.endsWith("package.json") || (path !== "package.json" && !path.endsWith("/package.json")))
        continue;
      if (path.includes("node_modules/")) continue;
      const json = parseJsonc(this.files.config(path) ?? "") as Record<string, unknown> | undefined;
      if (!json || typeof json.name !== "string") continue;
      packages.set(json.name, { dir: dirOf(path), entries: packageEntries(json) });
    }
    return packages;
  }
}

/** `*` in a tsconfig paths pattern: what it matched, or undefined when the pattern does not match. */
function matchPattern(pattern: string, specifier: string): string | undefined {
  const star = pattern.indexOf("*");
  if (star < 0) return pattern === specifier ? "" : undefined;
  const prefix = pattern.slice(0, star);
  const suffix = pattern.slice(star + 1);
  if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix)) return undefined;
  if (specifier.length < prefix.length + suffix.length) return undefined;
  return specifier.slice(prefix.length, specifier.length - suffix.length);
}

/** Where a package's own source starts: `source`, `exports["."]`, `types`, `module`, `main`, then `src/index`, `index`. */
function packageEntries(json: Record<string, unknown>): string[] {
  const entries: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === "string") entries.push(value);
  };
  add(json.source);
  const root =
    typeof json.exports === "object" && json.exports !== null
      ? ((json.exports as Record<string, unknown>)["."] ?? json.exports)
      : json.exports;
  if (typeof root === "string") add(root);
  else if (typeof root === "object" && root !== null) {
    const conditions = root as Record<string, unknown>;
    for (const key of ["source", "types", "import", "default", "require"]) add(conditions[key]);
  }
  add(json.types);
  add(json.module);
  add(json.main);
  entries.push("src/index", "index");
  return entries;
}
