// How a run imports the TypeScript a user wrote: page classes, scenario modules and reporter
// modules, anywhere on disk. Behind this interface so that a run (or a test) can choose how;
// scenario-loaders.ts picks the default.

export interface LoadedScenario {
  exports: Record<string, unknown>;
  /** Forgets the module so it can be garbage-collected (a no-op where it cannot be). */
  release(): void;
}

export interface ScenarioLoader {
  /** An ES module that stays loaded: a page class, a reporter module. */
  importFile(path: string): Promise<Record<string, unknown>>;
  /** A scenario module, loaded just before it runs and released after. */
  loadScenario(path: string): Promise<LoadedScenario>;
}
