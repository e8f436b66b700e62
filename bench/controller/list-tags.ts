// `e2e run --list` of 1,000 modules that export tags, median of several runs: tags read from the
// source text (a literal array, what suites write) against the same suite whose tags are computed
// (`[...].slice()`), which still loads every module through the TypeScript loader as every
// `--list` did before; `node -e 0` side by side. Target (issue 13, point 11): ≤ 1.5 s.

import { generateModuleTree } from "./fixtures.js";
import { cliUnderTest, median, round, timeNode, writeResult } from "./measure.js";

const MODULES = 1000;
const RUNS = 5;

export async function benchListTags(): Promise<Record<string, unknown>> {
  const cli = cliUnderTest();
  const literal = generateModuleTree(MODULES, "http://127.0.0.1:9", { tags: `["smoke", "item"]` });
  const computed = generateModuleTree(MODULES, "http://127.0.0.1:9", { tags: `["smoke", "item"].slice()` });
  const times = { baseline: [] as number[], list: [] as number[], loading: [] as number[] };
  // CPU time too: on a shared, loaded machine wall time mostly measures the queue for a core.
  const cpu = { baseline: [] as number[], list: [] as number[], loading: [] as number[] };
  try {
    for (let i = 0; i < RUNS + 1; i++) {
      const a = await timeNode(["-e", "0"], { usage: true });
      const b = await timeNode([...cli.args, "run", "--list", "--config", literal.config], { usage: true });
      const c = await timeNode([...cli.args, "run", "--list", "--config", computed.config], { usage: true });
      for (const [name, m] of [
        ["literal", b],
        ["computed", c],
      ] as const) {
        const lines = m.stdout.split("\n").filter((l) => l.includes("[smoke, item]")).length;
        if (m.code !== 0 || lines !== MODULES)
          throw new Error(
            `--list (${name} tags) listed ${lines} tagged modules, exit ${m.code}: ${m.stderr}`,
          );
      }
      if (i === 0) continue; // warm the file cache
      times.baseline.push(a.ms);
      times.list.push(b.ms);
      times.loading.push(c.ms);
      cpu.baseline.push(a.cpuMs!);
      cpu.list.push(b.cpuMs!);
      cpu.loading.push(c.cpuMs!);
    }
  } finally {
    literal.remove();
    computed.remove();
  }
  const list = median(times.list);
  const result = {
    runs: RUNS,
    modules: MODULES,
    cli: cli.label,
    baseline: "node -e 0; and the same --list when every module must be loaded (computed tags)",
    median_ms: {
      node: round(median(times.baseline)),
      list_static_tags: round(list),
      list_loading_modules: round(median(times.loading)),
    },
    cpu_median_ms: {
      node: round(median(cpu.baseline)),
      list_static_tags: round(median(cpu.list)),
      list_loading_modules: round(median(cpu.loading)),
    },
    ratio_vs_node: round(list / median(times.baseline)),
    ratio_vs_loading: round(list / median(times.loading)),
    target: `e2e run --list of ${MODULES} modules ≤ 1500 ms`,
    met: list <= 1500,
  };
  const file = writeResult("controller-list-tags", result);
  console.log(
    `list-tags: --list of ${MODULES} modules ${result.median_ms.list_static_tags} ms (tags read statically) ` +
      `vs ${result.median_ms.list_loading_modules} ms loading every module (×${result.ratio_vs_loading}), ` +
      `node -e 0 ${result.median_ms.node} ms; CPU ${result.cpu_median_ms.list_static_tags} vs ${result.cpu_median_ms.list_loading_modules} ms; target ≤1500 ms: ${result.met ? "met" : "NOT met"} → ${file}`,
  );
  return result;
}
