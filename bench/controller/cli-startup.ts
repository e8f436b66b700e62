// `e2e --help` cold start: median of 20 runs, against `node -e 0` run side by side (interleaved).
// Target: the shipped (built) CLI under 150 ms.

import { cliUnderTest, median, round, SOURCE_ENV, timeNode, writeResult } from "./measure.js";

const RUNS = 20;

export async function benchCliStartup(): Promise<Record<string, unknown>> {
  const cli = cliUnderTest();
  const node: number[] = [];
  const built: number[] = [];
  const source: number[] = [];
  const cpu = { node: [] as number[], built: [] as number[] };
  for (let i = 0; i < RUNS + 1; i++) {
    const a = await timeNode(["-e", "0"], { usage: true });
    const b = await timeNode([...cli.args, "--help"], { usage: true });
    const c = await timeNode(["bin/e2e.js", "--help"], { env: SOURCE_ENV });
    if (b.code !== 0 || !b.stdout.includes("Usage: e2e")) throw new Error(`e2e --help failed: ${b.stderr}`);
    if (i === 0) continue; // warm the file cache, like every run after the first on a machine
    node.push(a.ms);
    built.push(b.ms);
    source.push(c.ms);
    cpu.node.push(a.cpuMs!);
    cpu.built.push(b.cpuMs!);
  }
  const result = {
    runs: RUNS,
    cli: cli.label,
    baseline: "node -e 0",
    median_ms: {
      baseline: round(median(node)),
      e2e_help: round(median(built)),
      e2e_help_from_source: round(median(source)),
    },
    cpu_median_ms: { baseline: round(median(cpu.node)), e2e_help: round(median(cpu.built)) },
    ratio_vs_baseline: round(median(built) / median(node)),
    added_ms: round(median(built) - median(node)),
    target: "e2e --help median < 150 ms",
    met: median(built) < 150,
  };
  const file = writeResult("controller-cli-startup", result);
  console.log(
    `cli-startup: e2e --help ${result.median_ms.e2e_help} ms vs node -e 0 ${result.median_ms.baseline} ms ` +
      `(×${result.ratio_vs_baseline}, +${result.added_ms} ms; CPU ${result.cpu_median_ms.e2e_help} vs ${result.cpu_median_ms.baseline} ms; ` +
      `from source ${result.median_ms.e2e_help_from_source} ms) ` +
      `target <150 ms: ${result.met ? "met" : "NOT met"} → ${file}`,
  );
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCliStartup();
