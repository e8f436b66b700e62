// Options of `e2e run`, as parsed from the command line.

import type { Selection } from "./select-modules.js";

export interface RunOptions {
  /** --config; else the seed's search order. */
  configPath?: string;
  selection: Selection;
  /** --reporter (overrides reporting.format). */
  reporters?: string[];
  /** --report-dir, relative to the working directory. */
  reportDir?: string;
  /** Extra attempts for a failed module. @default 0 */
  retries: number;
  bail: boolean;
  /** Services run in parallel. @default 1 */
  workers: number;
  /** Print the selected modules and exit without booting anything. */
  list: boolean;
  /** false with --no-start: only check health. */
  start: boolean;
  keep: boolean;
  reuse: boolean;
  verbose: boolean;
  /** Console output. @default process.stdout */
  out?: NodeJS.WritableStream;
  /** Colour on the console. */
  color: boolean;
  signal?: AbortSignal;
}
