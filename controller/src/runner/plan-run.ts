// Discovery + selection: what a run will execute, before anything is booted. Tags (--tag,
// --exclude-tag, --list) are read from the module's source text (static-tags.ts); a module is
// loaded here only when its tags are not a literal array, and released at once. Otherwise each is
// loaded just before it runs. Page classes can be loaded separately (loadPages),
// so that `e2e run` boots services while tsx compiles them.

import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import type { ResolvedConfig } from "../config/index.js";
import { discoverSuites, type ModuleFile, type ServiceSuite } from "../discovery/index.js";
// load-suite (tsx, undici) is imported when first needed: `e2e run` boots services before that.
import type { PageClass } from "./load-suite.js";
import type { ScenarioLoader } from "./scenario-loader.js";
import { type Selection, serviceSelected, skipReason } from "./select-modules.js";
import { applyShard } from "./shard.js";
import { staticTags } from "./static-tags.js";

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
  /** What the filters selected before --shard took this machine's part (= selectedCount without it). */
  selectedBeforeShard: number;
}

async function tagsOf(
  file: ModuleFile,
  loader: ScenarioLoader,
): Promise<{ tags: string[]; broken: boolean }> {
  const source = await readFile(file.path, "utf8").catch(() => undefined);
  const tags = source === undefined ? undefined : staticTags(source);
  if (tags) return { tags, broken: false };
  const { loadModule } = await import("./load-suite.js");
  const loaded = await loadModule(file, loader);
  loaded.release();
  return { tags: loaded.tags, broken: loaded.loadError !== undefined };
}

export async function planRun(
  config: ResolvedConfig,
  selection: Selection,
  /** pages: false leaves the page classes to loadPages (so services can boot meanwhile). */
  options: { readTags?: boolean; pages?: boolean; loader: ScenarioLoader },
): Promise<RunPlan> {
  const { suites, warnings } = discoverSuites(config);
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
      const { tags, broken } = readTags ? await tagsOf(file, options.loader) : { tags: [], broken: false };
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
    services.push(planned);
  }
  const selectedBeforeShard = services.reduce((n, s) => n + s.selectedCount, 0);
  if (selection.shard) {
    applyShard(
      services.map((s) => ({
        parallel: config.services[s.suite.name]?.parallel === true,
        modules: s.modules,
      })),
      selection.shard,
    );
    for (const s of services) s.selectedCount = s.modules.filter((m) => !m.skipReason).length;
  }
  const plan = {
    services,
    warnings,
    selectedCount: services.reduce((n, s) => n + s.selectedCount, 0),
    selectedBeforeShard,
  };
  if (options.pages !== false) await loadPages(config, plan, options.loader);
  return plan;
}

/** Loads the page class of every service with selected modules; a page that fails is kept as pageError. */
export async function loadPages(
  config: ResolvedConfig,
  plan: RunPlan,
  loader: ScenarioLoader,
): Promise<void> {
  const rootRel = (p: string) => relative(config.rootDir, p).split("\\").join("/");
  const { loadPageClass } = await import("./load-suite.js");
  for (const planned of plan.services) {
    if (planned.selectedCount === 0) continue;
    try {
      planned.Page = await loadPageClass(planned.suite, rootRel, loader);
    } catch (err) {
      planned.pageError = err as Error;
    }
  }
}
