// Discovery + selection: what a run will execute, before anything is booted. Modules are only
// loaded here when their tags are needed (--tag, --exclude-tag, --list), and released at once;
// otherwise each is loaded just before it runs.

import { relative } from "node:path";
import type { ResolvedConfig } from "../config/types.js";
import { discoverSuites, type ModuleFile, type ServiceSuite } from "../discovery/index.js";
import { loadModule, loadPageClass, type PageClass } from "./load-suite.js";
import { type Selection, serviceSelected, skipReason } from "./select-modules.js";

export interface PlannedModule {
  file: ModuleFile;
  /** Known when the module was loaded for planning; else filled in when it runs. */
  tags: string[];
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

async function tagsOf(file: ModuleFile): Promise<{ tags: string[]; broken: boolean }> {
  const loaded = await loadModule(file);
  loaded.release();
  return { tags: loaded.tags, broken: loaded.loadError !== undefined };
}

export async function planRun(
  config: ResolvedConfig,
  selection: Selection,
  options: { readTags?: boolean } = {},
): Promise<RunPlan> {
  const { suites, warnings } = discoverSuites(config);
  const rootRel = (p: string) => relative(config.rootDir, p).split("\\").join("/");
  const readTags = options.readTags || !!selection.tags?.length || !!selection.excludeTags?.length;
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
      const { tags, broken } = readTags ? await tagsOf(file) : { tags: [], broken: false };
      const reason = skipReason({ service: suite.name, name: file.name, tags }, selection);
      // A module that cannot be loaded stays selected when only tags would leave it out: its error must show.
      const keep = reason === undefined || (broken && reason.endsWith("--tag"));
      modules.push(keep ? { file, tags } : { file, tags, skipReason: reason });
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
