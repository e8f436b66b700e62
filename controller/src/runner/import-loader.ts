// The plain loader: every file is an ES module imported through tsx. ES modules are never
// unloaded, so each scenario module stays in memory once it has run.

import { pathToFileURL } from "node:url";
import type { LoadedScenario, ScenarioLoader } from "./scenario-loader.js";
import { tsxHooks } from "./tsx-hooks.js";

export class ImportLoader implements ScenarioLoader {
  async importFile(path: string): Promise<Record<string, unknown>> {
    await tsxHooks();
    return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  }

  async loadScenario(path: string): Promise<LoadedScenario> {
    return { exports: await this.importFile(path), release: () => {} };
  }
}
