// The memory-saving loader (the default of `e2e run`): a run of thousands of scenario modules
// keeps a flat peak memory. ES modules can never be unloaded, so with plain import() every module
// stays in memory once it has run (bench: peak RSS grows by half from 1,000 to 5,000 modules; see
// the runner README). Here a scenario module is compiled to CommonJS with esbuild into a cache
// file, required through Node's own loader (source maps and stack traces as usual) and dropped
// from require.cache at once: nothing keeps it once the runner has let go of its exports.
// Only public interfaces: esbuild, module.createRequire, require.cache, tsx's register APIs.
// Pages and reporter modules are ES modules (ImportLoader); a scenario module that needs ES-only
// features (top-level await) falls back to import().

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { CompileCache } from "./compile-cache.js";
import { ImportLoader } from "./import-loader.js";
import type { LoadedScenario, ScenarioLoader } from "./scenario-loader.js";
import { tsxHooks } from "./tsx-hooks.js";

/** Where a compiled module finds its require (set once per process; see the banner). */
const SCENARIO_REQUIRE = "gantry.scenarioRequire";
// The compiled module's `require` becomes one that resolves from the scenario's own folder (its
// page, helpers, packages) and answers "gantry" with the running package entry.
const banner = (path: string) =>
  `require = globalThis[Symbol.for(${JSON.stringify(SCENARIO_REQUIRE)})](${JSON.stringify(path)});`;

const NODE_TARGET = `node${process.versions.node.split(".")[0]}`;

interface Compiler {
  cache: CompileCache;
  transformSync: typeof import("esbuild").transformSync;
}

function needsEsm(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === "ERR_REQUIRE_ESM" ||
    e?.code === "ERR_REQUIRE_ASYNC_MODULE" ||
    /top-level await/i.test(e?.message ?? "")
  );
}

let compiler: Promise<Compiler> | undefined;

async function setUp(): Promise<Compiler> {
  const [gantry, esbuild] = await Promise.all([tsxHooks(), import("esbuild")]);
  // A compiled scenario's require("../page.ts") or of a TypeScript helper goes through tsx.
  (await import("tsx/cjs/api")).register();
  (globalThis as Record<symbol, unknown>)[Symbol.for(SCENARIO_REQUIRE)] = (from: string) => {
    const req = createRequire(from);
    return Object.assign((id: string) => (id === "gantry" ? gantry : req(id)), {
      resolve: req.resolve,
      cache: req.cache,
    });
  };
  return {
    cache: new CompileCache(`esbuild ${esbuild.version} ${NODE_TARGET} cjs inline-map scenario-require`),
    transformSync: esbuild.transformSync,
  };
}

export class CompiledLoader implements ScenarioLoader {
  private readonly modules = new ImportLoader();

  importFile(path: string): Promise<Record<string, unknown>> {
    return this.modules.importFile(path);
  }

  async loadScenario(path: string): Promise<LoadedScenario> {
    compiler ??= setUp();
    const { cache, transformSync } = await compiler;
    try {
      const source = readFileSync(path, "utf8");
      const file = cache.fileFor(
        path,
        source,
        () =>
          transformSync(source, {
            loader: /\.m?ts$/.test(path) ? "ts" : "js",
            format: "cjs",
            target: NODE_TARGET,
            sourcemap: "inline",
            sourcefile: path,
            banner: banner(path),
          }).code,
      );
      // A require of its own: the parent it makes lists every module it loaded (module.children).
      const load = createRequire(file);
      try {
        return { exports: load(file) as Record<string, unknown>, release: () => {} };
      } finally {
        // Not in require.cache: once the runner drops the exports, the module can be collected.
        delete load.cache[file];
      }
    } catch (err) {
      if (!needsEsm(err)) throw err;
      return this.modules.loadScenario(path);
    }
  }
}
