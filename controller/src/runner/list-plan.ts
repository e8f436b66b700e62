// `e2e run --list`: the modules a run would execute, without booting anything.

import type { RunPlan } from "./plan-run.js";

export function formatPlanList(plan: RunPlan, verbose: boolean): string {
  const lines: string[] = [];
  for (const s of plan.services) {
    for (const m of s.modules) {
      const tags = m.tags.length ? ` [${m.tags.join(", ")}]` : "";
      if (!m.skipReason) lines.push(`${s.suite.name}/${m.file.name}${tags}`);
      else if (verbose) lines.push(`${s.suite.name}/${m.file.name}${tags} (skipped: ${m.skipReason})`);
    }
  }
  lines.push(`${plan.selectedCount} module${plan.selectedCount === 1 ? "" : "s"} selected`);
  return `${lines.join("\n")}\n`;
}
