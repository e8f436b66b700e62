// Scenario modules and pages are TypeScript files anywhere on disk, loaded at run time through
// tsx. `import ... from "gantry"` in them is this very package's running entry (source or
// built), so pages extend the same BasePage class the runner checks.
//
// Pages are ES modules (import()). Scenario modules are compiled to CommonJS with esbuild and
// evaluated as modules of their own that nothing keeps once they have run: ES modules can never
// be unloaded, and tsx keeps every compiled file in memory, so a run of thousands of modules would
// grow without bound. Their own imports (the page, helpers) go through tsx and are shared.
// A module that needs ES-only features (top-level await) falls back to import().

import { readFileSync } from "node:fs";
import Module, { register } from "node:module";
import { dirname, extname } from "node:path";
import { pathToFileURL } from "node:url";
import { CompileCache } from "./compile-cache.js";

// A tiny resolve hook (runs in the loader thread); tsx's own hooks handle everything else.
// Scenario projects need no package.json: a .ts file outside node_modules that would default to
// CommonJS is loaded as an ES module, which is what pages are written as.
const GANTRY_HOOK = `
let target;
export async function initialize(data) { target = data.target; }
export async function resolve(specifier, context, next) {
  if (specifier === "gantry") return { url: target, format: "module", shortCircuit: true };
  const resolved = await next(specifier, context);
  if (resolved.format === "commonjs" && resolved.url.startsWith("file:") && resolved.url.endsWith(".ts")
      && !resolved.url.includes("/node_modules/")) {
    return { ...resolved, format: "module" };
  }
  return resolved;
}`;

let ready: Promise<void> | undefined;

function packageEntryUrl(): string {
  const ext = extname(new URL(import.meta.url).pathname) || ".js";
  return new URL(`../index${ext}`, import.meta.url).href;
}

type LoadFn = (request: string, parent: unknown, isMain: boolean) => unknown;

interface ModuleInternals {
  _load: LoadFn;
  _nodeModulePaths(dir: string): string[];
}

interface CompilableModule {
  exports: Record<string, unknown>;
  filename: string;
  paths: string[];
  loaded: boolean;
  _compile(code: string, filename: string): void;
}

let transformSync: typeof import("esbuild").transformSync;
let compileCache: CompileCache;
const NODE_TARGET = `node${process.versions.node.split(".")[0]}`;

async function setUp(): Promise<void> {
  // The package entry and esbuild first: once tsx's hooks are registered, every import goes
  // through its loader thread (several hundred ms for the entry's module graph); loaded before,
  // the entry is already in the module map when a page imports "gantry".
  const [gantry, esbuild] = await Promise.all([import(packageEntryUrl()), import("esbuild")]);
  // Lazy: tsx is only needed by `e2e run`, not by `e2e --help`.
  const esm = await import("tsx/esm/api");
  esm.register();
  register(`data:text/javascript,${encodeURIComponent(GANTRY_HOOK)}`, {
    data: { target: packageEntryUrl() },
  });
  const cjs = await import("tsx/cjs/api");
  cjs.register();
  // require("gantry") from a compiled scenario module gets the same running package.
  transformSync = esbuild.transformSync;
  compileCache = new CompileCache(`esbuild ${esbuild.version} ${NODE_TARGET} cjs inline-map`);
  const internals = Module as unknown as ModuleInternals;
  const load = internals._load;
  internals._load = function (this: unknown, request, parent, isMain) {
    return request === "gantry" ? gantry : load.call(this, request, parent, isMain);
  };
}

export function ensureLoader(): Promise<void> {
  ready ??= setUp();
  return ready;
}

/** An ES module import (pages). */
export async function importFile(path: string): Promise<Record<string, unknown>> {
  await ensureLoader();
  return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
}

export interface Loaded {
  exports: Record<string, unknown>;
  /** Forgets the module so it can be garbage-collected (no-op for an ES module fallback). */
  release(): void;
}

function needsEsm(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === "ERR_REQUIRE_ESM" ||
    e?.code === "ERR_REQUIRE_ASYNC_MODULE" ||
    /top-level await/i.test(e?.message ?? "")
  );
}

function compileScenario(path: string): Record<string, unknown> {
  const source = readFileSync(path, "utf8");
  const key = compileCache.key(path, source);
  let code = compileCache.get(key);
  if (code === undefined) {
    code = transformSync(source, {
      loader: path.endsWith(".ts") || path.endsWith(".mts") ? "ts" : "js",
      format: "cjs",
      target: NODE_TARGET,
      sourcemap: "inline",
      sourcefile: path,
    }).code;
    compileCache.set(key, code);
  }
  const Ctor = Module as unknown as new (id: string) => CompilableModule;
  const mod = new Ctor(path);
  mod.filename = path;
  mod.paths = (Module as unknown as ModuleInternals)._nodeModulePaths(dirname(path));
  mod._compile(code, path);
  mod.loaded = true;
  return mod.exports;
}

/** A scenario module, loaded so that it can be released after it ran. */
export async function loadScenario(path: string): Promise<Loaded> {
  await ensureLoader();
  try {
    // Not in require.cache: once the runner drops the exports, the module can be collected.
    return { exports: compileScenario(path), release: () => {} };
  } catch (err) {
    if (!needsEsm(err)) throw err;
    return { exports: await importFile(path), release: () => {} };
  }
}
