// Small helpers shared by the search and embedder benchmarks: percentiles, timing, results file.
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const RESULTS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../results");

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

export interface LatencySummary {
  runs: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
}

/** Runs `op` once per input (after `warmup` unmeasured runs) and summarises the latencies. */
export async function measure<T>(
  inputs: T[],
  op: (input: T) => unknown,
  warmup = 5,
): Promise<LatencySummary> {
  for (let i = 0; i < Math.min(warmup, inputs.length); i++) await op(inputs[i]!);
  const times: number[] = [];
  for (const input of inputs) {
    const start = performance.now();
    await op(input);
    times.push(performance.now() - start);
  }
  return summarize(times);
}

/** Sorts `times` (ms) in place and summarises them. */
export function summarize(times: number[]): LatencySummary {
  times.sort((a, b) => a - b);
  return {
    runs: times.length,
    p50_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    max_ms: round(times.at(-1)!),
  };
}

export const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

export function writeResult(name: string, result: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = resolve(RESULTS_DIR, `${name}.json`);
  // The machine is shared: record how busy it was, as latencies compare only at similar load.
  const machine = { cpus: cpus().length, load_average_1m: round(loadavg()[0]!) };
  const document = {
    benchmark: name,
    at: new Date().toISOString(),
    node: process.version,
    machine,
    ...(result as object),
  };
  writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
  return path;
}
