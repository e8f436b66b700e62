// --workers N asks for N things at a time; a service whose config lacks `parallel: true` runs its
// modules one after another (SPEC §3b). When that leaves workers idle, the run says so once,
// naming the setting that would use them, instead of running serially without a word.

import type { ResolvedConfig } from "../config/index.js";
import type { RunPlan } from "./plan-run.js";

/** The line to show, or undefined when every worker has something to run. */
export function workersNote(config: ResolvedConfig, plan: RunPlan, workers: number): string | undefined {
  if (workers <= 1) return undefined;
  const selected = plan.services.filter((s) => s.selectedCount > 0);
  const parallel = (name: string) => config.services[name]?.parallel === true;
  // What can run at once: each serial service is one unit, each module of a parallel service one.
  const units = selected.reduce((n, s) => n + (parallel(s.suite.name) ? s.selectedCount : 1), 0);
  const serial = selected
    .filter((s) => !parallel(s.suite.name) && s.selectedCount > 1)
    .map((s) => s.suite.name);
  if (units >= workers || serial.length === 0) return undefined;
  const setting = serial.map((name) => `services.${name}.parallel: true`).join(", ");
  const [runs, its] = serial.length === 1 ? ["runs", "its"] : ["run", "their"];
  return (
    `--workers ${workers}: ${serial.join(", ")} ${runs} ${its} modules one at a time (parallel is false ` +
    `in e2e.conf); set ${setting} if ${its} modules do not depend on each other's data`
  );
}
