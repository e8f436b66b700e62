// `e2e run`: turns command-line options into RunOptions, runs, maps errors to exit codes.

import { resolve } from "node:path";
import { isReporterPath } from "../config/index.js";
import { runReporters } from "../report/index.js";
import { parseShard, type RunOptions, runE2e, UsageError } from "../runner/index.js";
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

function isUsageOrConfig(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return (
    typeof code === "string" &&
    (code === "E2E_USAGE" ||
      code === "E2E_UNKNOWN_REPORTER" ||
      code === "E2E_REPORTER_MODULE" ||
      code.startsWith("E2E_CONFIG"))
  );
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
    if (abort.signal.aborted) {
      process.stderr.write(`e2e run: interrupted: ${(err as Error).message}\n`);
      return 130;
    }
    if (isUsageOrConfig(err)) {
      process.stderr.write(`e2e run: ${(err as Error).message}\n`);
      return 2;
    }
    process.stderr.write(`e2e run: unexpected error: ${(err as Error).stack ?? err}\n`);
    return 1;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
