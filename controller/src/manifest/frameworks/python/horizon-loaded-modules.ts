// Which modules of a Horizon plugin the host loads at start ("Pluggable Panels and Groups"):
// each pluggable settings file; unless it says `DISABLED`, the module its `ADD_PANEL` names and
// the packages of `ADD_INSTALLED_APPS` (Django imports each app, Horizon's autodiscovery its
// `dashboard` and `panel` modules); the placed dashboards' and panels' modules and URLconfs; then
// whatever those import, with the packages around each. A REST view that registers itself when
// its module is imported (`@urls.register`) is served only from a module in this set.

import type { PyProgram } from "./py-evaluator.js";
import { asString, type PyValue } from "./py-values.js";

/** Names a pluggable settings file sets (a module setting one of them is such a file). */
const PLUGGABLE_KEYS = ["PANEL_DASHBOARD", "DASHBOARD", "PANEL_GROUP", "ADD_INSTALLED_APPS", "ADD_PANEL"];

/** Undefined when the scan holds no pluggable settings file: nothing says what is loaded. */
export function horizonLoadedModules(program: PyProgram, placed: readonly string[]): Set<string> | undefined {
  const roots: string[] = [];
  let pluggable = false;
  for (const { ref } of program.moduleStates()) {
    const read = (name: string) => program.lookup(ref.module, name);
    if (!PLUGGABLE_KEYS.some((k) => read(k).t !== "unknown")) continue;
    pluggable = true;
    roots.push(ref.module);
    if (isTrue(read("DISABLED"))) continue;
    const panel = asString(read("ADD_PANEL"));
    if (panel !== undefined) roots.push(panel.slice(0, Math.max(0, panel.lastIndexOf("."))));
    for (const app of strings(read("ADD_INSTALLED_APPS")))
      roots.push(app, `${app}.dashboard`, `${app}.panel`, `${app}.models`);
  }
  if (!pluggable) return undefined;
  return closure(program, [...roots.map((m) => program.findModule(m)), ...placed]);
}

/** The modules reached by imports from the roots, each with its enclosing packages. */
function closure(program: PyProgram, roots: readonly (string | undefined)[]): Set<string> {
  const seen = new Set<string>();
  const queue = roots.filter((m): m is string => m !== undefined);
  while (queue.length > 0) {
    const module = queue.pop() as string;
    if (seen.has(module)) continue;
    seen.add(module);
    queue.push(...program.importedModules(module), ...packagesAround(program, module));
  }
  return seen;
}

/** `a.b.c` runs `a/__init__.py` and `a/b/__init__.py` first (and the folder's own package). */
function packagesAround(program: PyProgram, module: string): string[] {
  const parts = module.split(".");
  const out: string[] = [];
  for (let k = 0; k < parts.length; k++) {
    const found = program.findModule(parts.slice(0, k).join("."));
    if (found !== undefined) out.push(found);
  }
  return out;
}

const isTrue = (value: PyValue): boolean => value.t === "bool" && value.v;

const strings = (value: PyValue): string[] =>
  value.t === "list" ? value.items.map(asString).filter((s): s is string => s !== undefined) : [];
