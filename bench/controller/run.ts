// `npm run bench:controller`: every controller benchmark, one after the other (they share the
// two cores; never in parallel). Each writes bench/results/controller-<name>.json.

import { benchCliStartup } from "./cli-startup.js";
import { benchListTags } from "./list-tags.js";
import { benchMemory } from "./memory.js";
import { benchModuleOverhead } from "./module-overhead.js";
import { benchParallelModules } from "./parallel-modules.js";
import { benchReporters } from "./reporters-overhead.js";
import { benchRequestTimeout } from "./request-timeout.js";

const only = process.argv.slice(2);
const benches = {
  "cli-startup": benchCliStartup,
  "list-tags": benchListTags,
  "module-overhead": benchModuleOverhead,
  memory: benchMemory,
  "parallel-modules": benchParallelModules,
  reporters: benchReporters,
  "request-timeout": benchRequestTimeout,
};
let failed = false;
for (const [name, bench] of Object.entries(benches)) {
  if (only.length && !only.includes(name)) continue;
  const result = await bench();
  if (result.met !== true) failed = true;
}
process.exitCode = failed ? 1 : 0;
