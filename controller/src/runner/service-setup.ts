// services/<name>/setup.ts (SPEC §3b): `setup(page)` once before the service's first module,
// `teardown(page)` once after its last, also after failures. What setup puts on the page is the
// service's shared state; with `parallel: true` each module's own page gets a copy of it.

import { relative } from "node:path";
import type { BasePage } from "../http/index.js";
import type { ScenarioLoader } from "./scenario-loader.js";

type Hook = (page: BasePage) => unknown;

export class ServiceSetup {
  private teardownFn: Hook | undefined;
  private state: Record<string, unknown> = {};

  private constructor(
    private readonly where: string,
    private readonly setupFn: Hook | undefined,
    teardownFn: Hook | undefined,
  ) {
    this.teardownFn = teardownFn;
  }

  /** Loads setup.ts; a file that cannot load or exports neither hook throws, naming the file. */
  static async load(file: string, rootDir: string, loader: ScenarioLoader): Promise<ServiceSetup> {
    const where = relative(rootDir, file).split("\\").join("/");
    let mod: Record<string, unknown>;
    try {
      mod = await loader.importFile(file);
    } catch (err) {
      throw new Error(`${where}: cannot be loaded: ${(err as Error).message}`, { cause: err });
    }
    const hook = (name: string): Hook | undefined => {
      const fn = mod[name];
      if (fn === undefined) return undefined;
      if (typeof fn !== "function")
        throw new Error(`${where}: export ${name} must be a function (page) => …`);
      return fn as Hook;
    };
    const setup = hook("setup");
    const teardown = hook("teardown");
    if (!setup && !teardown) throw new Error(`${where}: exports neither setup(page) nor teardown(page)`);
    return new ServiceSetup(where, setup, teardown);
  }

  /** Runs setup on `page`; a failure is rethrown naming setup.ts (the service's modules then error). */
  async setup(page: BasePage): Promise<void> {
    if (!this.setupFn) return;
    const before = new Map(Object.entries(page));
    try {
      await this.setupFn(page);
    } catch (err) {
      this.teardownFn = undefined; // nothing was set up to tear down
      const e = err instanceof Error ? err : new Error(String(err));
      e.message = `${this.where}: setup failed: ${e.message}`;
      throw e;
    }
    for (const [key, value] of Object.entries(page)) if (before.get(key) !== value) this.state[key] = value;
  }

  /** What setup put on its page, for the pages of a parallel service's modules. */
  share(page: BasePage): void {
    Object.assign(page, this.state);
  }

  /** Runs teardown; a failure is returned as a message (the modules' results stand). */
  async teardown(page: BasePage): Promise<string | undefined> {
    if (!this.teardownFn) return undefined;
    try {
      await this.teardownFn(page);
      return undefined;
    } catch (err) {
      return `${this.where}: teardown failed: ${(err as Error).message ?? err}`;
    }
  }
}
