// Django's `include(arg)` imports a URLconf from "the full Python import path" given as a string,
// alone or first in a 2-tuple `(urlconf_module, app_name)` (django/urls/conf.py). A project that
// computes that path (`module + ".urls"` for each installed app or plugin, read at start from its
// configuration) includes URLconfs the scan cannot name: they are taken to be the project's own
// URLconf modules that no URLconf includes by name, mounted at that include's prefix.

import { includedModules } from "./django-urls.js";
import type { PyProgram } from "./py-evaluator.js";
import type { PyValue } from "./py-values.js";

/** `include(name + ".urls")`, `include((path, app_name))` with a path the scan cannot compute. */
export function isComputedInclude(view: PyValue): boolean {
  if (view.t !== "obj" || view.kind !== "django.include") return false;
  const target = view.data as PyValue;
  const first = target.t === "list" ? target.items[0] : target;
  return first?.t === "unknown";
}

/** The project's `urls` modules that neither the roots nor any other URLconf include by name. */
export function unnamedUrlconfs(program: PyProgram, roots: string[]): string[] {
  const urlModules = program
    .moduleStates()
    .map((m) => m.ref.module)
    .filter((m) => m === "urls" || m.endsWith(".urls"));
  const named = new Set(roots);
  for (const m of urlModules) for (const item of includedModules(program, m)) named.add(item);
  return urlModules.filter((m) => !named.has(m));
}
