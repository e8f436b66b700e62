// `e2e run`: turns command-line options into RunOptions, runs; a thrown error becomes its exit code
// in commandFailed (command-errors.ts), as for every command.

import { resolve } from "node:path";
import { isReporterPath } from "../config/index.js";
import { InterruptedError, UsageError } from "../errors/index.js";
import { runReporters } from "../report/index.js";
import { parseShard, type RunOptions, runE2e } from "../runner/index.js";
import { commandFailed } from "./command-errors.js";
import { useColor } from "./use-color.js";

function count(option: string, value: unknown, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    throw new UsageError(`${option}: must be an integer >= ${min}, got "${value}"`);
  }
  return n;
}

function pattern(value: unknown): RegExp | undefined {
  if (value === undefined) return undefined;
  try {
    return new RegExp(String(value), "i");
  } catch (err) {
    throw new UsageError(`--grep: not a valid regular expression: ${(err as Error).message}`);
  }
}

function toRunOptions(opts: Record<string, unknown>, signal?: AbortSignal): RunOptions {
  const strings = (v: unknown) => (v as string[] | undefined) ?? undefined;
  const grep = pattern(opts.grep);
  return {
    ...(opts.config ? { configPath: String(opts.config) } : {}),
    selection: {
      services: strings(opts.service),
      modules: strings(opts.module),
      tags: strings(opts.tag),
      excludeTags: strings(opts.excludeTag),
      ...(grep ? { grep } : {}),
      ...(opts.shard !== undefined ? { shard: parseShard(String(opts.shard)) } : {}),
    },
    // A reporter module named on the command line is found from the working directory.
    ...(opts.reporter
      ? { reporters: strings(opts.reporter)!.map((name) => (isReporterPath(name) ? resolve(name) : name)) }
      : {}),
    ...(opts.reportDir ? { reportDir: String(opts.reportDir) } : {}),
    retries: count("--retries", opts.retries ?? 0, 0),
    workers: count("--workers", opts.workers ?? 1, 1),
    bail: !!opts.bail,
    list: !!opts.list,
    start: opts.start !== false,
    keep: !!opts.keep,
    reuse: !!opts.reuse,
    verbose: !!opts.verbose,
    color: useColor(process.stdout),
    ...(signal ? { signal } : {}),
  };
}

export async function runCommand(opts: Record<string, unknown>): Promise<number> {
  const abort = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (abort.signal.aborted) process.exit(130); // second Ctrl-C: leave now
    process.stderr.write(
      `\ne2e: ${signal} received, stopping: running modules end interrupted (again to force)\n`,
    );
    abort.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    const code = await runE2e(toRunOptions(opts, abort.signal), { reporters: runReporters });
    return abort.signal.aborted ? 130 : code;
  } catch (err) {
    // Whatever ended a run that was interrupted, it ends as an interrupted run (130).
    const ended = abort.signal.aborted
      ? new InterruptedError(`interrupted: ${(err as Error).message}`, { cause: err })
      : err;
    return commandFailed("run", ended);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
