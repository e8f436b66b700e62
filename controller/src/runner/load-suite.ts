// Imports a service's page class and scenario modules, checking their shape. Problems are kept,
// not thrown: they become the `error` outcome of the modules concerned.

import type { ModuleFile, ServiceSuite } from "../discovery/index.js";
import { BasePage } from "../http/index.js";
import type { LoadedScenario, ScenarioLoader } from "./scenario-loader.js";

export type PageClass = new (...args: ConstructorParameters<typeof BasePage>) => BasePage;

export type ScenarioRun = (page: BasePage) => unknown;

export interface LoadedModule {
  file: ModuleFile;
  run?: ScenarioRun;
  tags: string[];
  /** Why the module cannot run (import failed, no run export, bad tags). */
  loadError?: Error;
  /** Lets the module be garbage-collected once it has run. */
  release(): void;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function loadPageClass(
  suite: ServiceSuite,
  rootRel: (p: string) => string,
  loader: ScenarioLoader,
): Promise<PageClass> {
  if (!suite.pageFile) return BasePage;
  const where = rootRel(suite.pageFile);
  let mod: Record<string, unknown>;
  try {
    mod = await loader.importFile(suite.pageFile);
  } catch (err) {
    throw new Error(`${where}: cannot be loaded: ${describe(err)}`, { cause: err });
  }
  const Page = mod.default;
  if (typeof Page !== "function" || !(Page === BasePage || Page.prototype instanceof BasePage)) {
    throw new Error(
      `${where}: the default export must be a class extending BasePage (import { BasePage } from "gantry")`,
    );
  }
  return Page as PageClass;
}

const noop = () => {};

export async function loadModule(file: ModuleFile, loader: ScenarioLoader): Promise<LoadedModule> {
  let loaded: LoadedScenario;
  try {
    loaded = await loader.loadScenario(file.path);
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    error.message = `${file.file}: cannot be loaded: ${error.message}`;
    return { file, tags: [], loadError: error, release: noop };
  }
  const { exports: mod, release } = loaded;
  const tags = mod.tags ?? [];
  if (!Array.isArray(tags) || !tags.every((t) => typeof t === "string")) {
    return {
      file,
      tags: [],
      loadError: new Error(`${file.file}: "tags" must be an array of strings`),
      release,
    };
  }
  if (typeof mod.run !== "function") {
    return { file, tags, loadError: new Error(`${file.file}: must export a function run(page)`), release };
  }
  return { file, tags, run: mod.run as ScenarioRun, release };
}
