// What the runner tells a reporter as a run goes (vitest style: optional async hooks). Reporters
// (report/, or a module named by path) implement it; the ReporterHub calls it.

import type { ModuleResult, RunContext, RunResult } from "./run-result.js";

export interface Reporter {
  onInit?(ctx: RunContext): void | Promise<void>;
  onServiceStart?(service: string, baseUrl: string): void | Promise<void>;
  onModuleStart?(service: string, module: string): void | Promise<void>;
  onModuleResult?(result: ModuleResult): void | Promise<void>;
  /** Lifecycle and other progress lines (booting, health polling). */
  onLog?(line: string): void | Promise<void>;
  onRunEnd?(result: RunResult): void | Promise<void>;
  /** The files it wrote (absolute paths), asked after onRunEnd: the run says where its reports went. */
  reportFiles?(): string[];
}

export interface ConsoleSettings {
  color: boolean;
  verbose: boolean;
  /** Console output. @default process.stdout */
  out?: NodeJS.WritableStream;
}

/** Where a run gets its reporters: report/ provides them, the CLI hands them to the run. */
export interface ReporterSource {
  /** Checks the names before anything boots; paths are resolved against rootDir. @returns them distinct, in order */
  check(names: string[], rootDir: string): string[];
  /** Builds the reporters; a reporter module named by path is loaded with importModule. */
  create(
    names: string[],
    run: RunContext,
    console: ConsoleSettings,
    importModule: (path: string) => Promise<Record<string, unknown>>,
  ): Promise<Reporter[]>;
}
