// Discovery + loading + selection: what a run will execute, before anything is booted.

import { relative } from "node:path";
import type { ResolvedConfig } from "../config/types.js";
import { discoverSuites, type ServiceSuite } from "../discovery/index.js";
import { type LoadedModule, loadModule, loadPageClass, type PageClass } from "./load-suite.js";
import { type Selection, serviceSelected, skipReason } from "./select-modules.js";

export interface PlannedModule extends LoadedModule {
  /** Set when the selection leaves the module out. */
  skipReason?: string;
}

export interface PlannedService {
  suite: ServiceSuite;
  Page?: PageClass;
  pageError?: Error;
  modules: PlannedModule[];
  /** Modules that will run. */
  selectedCount: number;
}

export interface RunPlan {
  services: PlannedService[];
  warnings: string[];
  selectedCount: number;
}

export async function planRun(config: ResolvedConfig, selection: Selection): Promise<RunPlan> {
  const { suites, warnings } = discoverSuites(config);
  const rootRel = (p: string) => relative(config.rootDir, p).split("\\").join("/");
  const services: PlannedService[] = [];
  for (const suite of suites) {
    if (!serviceSelected(suite.name, selection)) {
      const modules = suite.modules.map((file) => ({
        file,
        tags: [],
        skipReason: "filtered out by --service",
      }));
      services.push({ suite, modules, selectedCount: 0 });
      continue;
    }
    const modules: PlannedModule[] = [];
    for (const file of suite.modules) {
      const loaded = await loadModule(file);
      const reason = skipReason({ service: suite.name, name: file.name, tags: loaded.tags }, selection);
      // A module that failed to load is kept when only tags filter it: its error must be seen.
      const keep = reason === undefined || (loaded.loadError && reason.endsWith("--tag"));
      modules.push(keep ? loaded : { ...loaded, skipReason: reason });
    }
    const planned: PlannedService = {
      suite,
      modules,
      selectedCount: modules.filter((m) => !m.skipReason).length,
    };
    if (planned.selectedCount > 0) {
      try {
        planned.Page = await loadPageClass(suite, rootRel);
      } catch (err) {
        planned.pageError = err as Error;
      }
    }
    services.push(planned);
  }
  return { services, warnings, selectedCount: services.reduce((n, s) => n + s.selectedCount, 0) };
}
