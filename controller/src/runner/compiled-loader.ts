// The memory-saving loader (the default of `e2e run`): a run of thousands of scenario modules
// keeps a flat peak memory. ES modules can never be unloaded, so with plain import() every module
// stays in memory once it has run (bench figures: the runner README). Here a scenario module is
// compiled to CommonJS with esbuild into a cache file, required through Node's own loader (source
// maps and stack traces as usual) and dropped from require.cache at once: nothing keeps it once
// the runner has let go of its exports. What it imports of the user's own (its page, helpers) is
// compiled the same way and stays, shared by every module; "gantry" is the running package.
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
// The compiled module's `require` becomes the one scenarioRequire() makes for its source file.
const banner = (path: string) =>
  `require = globalThis[Symbol.for(${JSON.stringify(SCENARIO_REQUIRE)})](${JSON.stringify(path)});`;

const NODE_TARGET = `node${process.versions.node.split(".")[0]}`;
/** The user's own code (not a package's): compiled here, so that its "gantry" is this package too. */
const USER_SOURCE = /\.(ts|mts|cts|js|mjs)$/;

function needsEsm(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === "ERR_REQUIRE_ESM" ||
    e?.code === "ERR_REQUIRE_ASYNC_MODULE" ||
    /top-level await/i.test(e?.message ?? "")
  );
}

class Compiler {
  constructor(
    private readonly gantry: Record<string, unknown>,
    private readonly cache: CompileCache,
    private readonly transformSync: typeof import("esbuild").transformSync,
  ) {}

  /**
   * Runs the compiled form of `path`. A scenario module is dropped from require.cache at once;
   * what it imports of the user's (page, helpers) stays there, shared by every module, like a
   * package.
   */
  load(path: string, shared: boolean): Record<string, unknown> {
    const source = readFileSync(path, "utf8");
    const file = this.cache.fileFor(path, source, () => this.compile(path, source));
    // A require of its own: the parent it makes lists every module it loaded (module.children).
    const load = createRequire(file);
    try {
      return load(file) as Record<string, unknown>;
    } finally {
      if (!shared) delete load.cache[file];
    }
  }

  /** The `require` of a compiled module: "gantry" is the running entry; the rest resolves from `from`. */
  requireFrom(from: string): NodeJS.Require {
    const req = createRequire(from);
    const scenarioRequire = (id: string) => {
      if (id === "gantry") return this.gantry;
      const resolved = req.resolve(id);
      return USER_SOURCE.test(resolved) && !resolved.includes("/node_modules/")
        ? this.load(resolved, true)
        : req(id);
    };
    return Object.assign(scenarioRequire, {
      resolve: req.resolve,
      cache: req.cache,
      main: req.main,
      extensions: req.extensions,
    });
  }

  private compile(path: string, source: string): string {
    return this.transformSync(source, {
      loader: /\.[cm]?ts$/.test(path) ? "ts" : "js",
      format: "cjs",
      target: NODE_TARGET,
      sourcemap: "inline",
      sourcefile: path,
      banner: banner(path),
    }).code;
  }
}

let compiler: Promise<Compiler> | undefined;

async function setUp(): Promise<Compiler> {
  const [gantry, esbuild] = await Promise.all([tsxHooks(), import("esbuild")]);
  // Resolves "./helpers" and "./page.js" to the TypeScript files that stand there.
  (await import("tsx/cjs/api")).register();
  const made = new Compiler(
    gantry,
    new CompileCache(`esbuild ${esbuild.version} ${NODE_TARGET} cjs inline-map scenario-require`),
    esbuild.transformSync,
  );
  (globalThis as Record<symbol, unknown>)[Symbol.for(SCENARIO_REQUIRE)] = (from: string) =>
    made.requireFrom(from);
  return made;
}

export class CompiledLoader implements ScenarioLoader {
  private readonly modules = new ImportLoader();

  importFile(path: string): Promise<Record<string, unknown>> {
    return this.modules.importFile(path);
  }

  async loadScenario(path: string): Promise<LoadedScenario> {
    compiler ??= setUp();
    const made = await compiler;
    try {
      // Not in require.cache: once the runner drops the exports, the module can be collected.
      return { exports: made.load(path, false), release: () => {} };
    } catch (err) {
      if (!needsEsm(err)) throw err;
      return this.modules.loadScenario(path);
    }
  }
}
