// The names of a project's Python modules: which module a dotted or relative import names, and
// which package the scanned folder itself is (a package scanned in its own folder sees its
// modules as `views`, its code imports them as `pkg.views`). Read from the modules' facts only;
// nothing is evaluated (py-evaluator.ts evaluates).

import { bindsAnywhere, boundNames } from "./py-bound-names.js";
import type { PyModuleFacts } from "./py-facts.js";

/** `views` of package `app` is `app.views`; of the scanned folder's own package ("") `views`. */
export const childModule = (pkg: string, name: string): string => (pkg ? `${pkg}.${name}` : name);

export class PyModuleNames {
  /** The package the scanned folder is, when the folder is a package (see rootPackageName). */
  readonly rootPackage: string | undefined;

  constructor(private readonly modules: ReadonlyMap<string, PyModuleFacts>) {
    this.rootPackage = this.rootPackageName();
  }

  /**
   * A scan of a package's own folder (`e2e manifest site-packages/postorius`) sees its modules
   * as `views.list`, while the code imports them as `postorius.views.list`. The folder does not
   * hold its own name: the name is the dotted head of absolute imports that name the folder's
   * modules (`postorius`, or `octavia.amphorae.backends.agent.api_server` for a sub-package),
   * and that head must do so more often than not: `flask` in
   * `from flask.views import MethodView` (a folder with a `views` package) is Flask's own, as
   * `from flask import Flask` (no `Flask` in the folder's `__init__.py`) shows.
   */
  private rootPackageName(): string | undefined {
    // A namespace package (no `__init__.py`, like ara) has no module "" and no names of its own.
    const root = this.modules.get("");
    const rootNames = new Set([
      ...(root?.imports.map((i) => i.local) ?? []),
      ...(root?.body.flatMap((st) => boundNames(st)) ?? []),
    ]);
    const votes = new Map<string, { inside: number; outside: number; impossible?: boolean }>();
    const vote = (head: string, inside: boolean) => {
      const v = votes.get(head) ?? { inside: 0, outside: 0 };
      if (inside) v.inside++;
      else v.outside++;
      votes.set(head, v);
    };
    for (const facts of this.modules.values()) {
      for (const imp of facts.imports) {
        if (imp.module.startsWith(".") || this.modules.has(imp.module)) continue;
        // Every dotted head may be the folder's name: a sub-package scanned in its own folder
        // (`proj/agent/api`) is imported as `from proj.agent.api import info`. `from
        // django.urls import path` in an app with a `urls` module of its own: the folder's
        // `urls` would have to define `path` for `django` to be the folder's name.
        const parts = imp.module.split(".");
        for (let k = 1; k <= parts.length; k++) {
          const head = parts.slice(0, k).join(".");
          const rest = parts.slice(k).join(".");
          if (rest && rest === facts.module && facts.isPackage && this.hasSubmodule(rest, imp.name)) {
            // A package's `__init__.py` importing its own submodule by its full name (`from
            // proj.conf import auth` in `conf/__init__.py`): the head is the folder's name.
            vote(head, true);
          } else if (rest && rest === facts.module) {
            // A module never imports from itself: `from django.conf.urls import url` in the
            // folder's own `urls.py` rules `django.conf` out, whatever else votes for it.
            vote(head, false);
            votes.get(head)!.impossible = true;
          } else if (rest) vote(head, this.defines(rest, imp.name));
          else if (imp.name && imp.name !== "*")
            vote(head, this.modules.has(imp.name) || rootNames.has(imp.name));
        }
      }
    }
    return [...votes]
      .filter(([, v]) => v.inside > v.outside && !v.impossible)
      .sort((a, b) => b[1].inside - a[1].inside || a[0].localeCompare(b[0]))[0]?.[0];
  }

  private hasSubmodule(module: string, name: string | undefined): boolean {
    return name !== undefined && name !== "*" && this.modules.has(childModule(module, name));
  }

  /** The folder's module `module` exists and can give `name` (a binding, an import or a submodule). */
  private defines(module: string, name: string | undefined): boolean {
    const facts = this.modules.get(module);
    if (!facts) return false;
    if (name === undefined || name === "*") return true;
    return (
      bindsAnywhere(facts.body, name) ||
      facts.imports.some((i) => i.local === name || i.name === "*") ||
      this.modules.has(childModule(module, name))
    );
  }

  /** A project module by dotted name, also when the tree's root sits above the import root. */
  find(name: string): string | undefined {
    if (this.modules.has(name)) return name;
    const root = this.rootPackage;
    if (root !== undefined && (name === root || name.startsWith(`${root}.`))) {
      const inside = name.slice(root.length + 1);
      if (this.modules.has(inside)) return inside;
    }
    // The folder is the package `root`: Python finds its modules as `root.…` only, so `flask`
    // is the library even where the package has a `server/flask` of its own.
    if (root !== undefined && name !== root && !name.startsWith(`${root}.`)) return undefined;
    const suffix = `.${name}`;
    const matches = [...this.modules.keys()].filter((m) => m.endsWith(suffix));
    return matches.sort((a, b) => a.length - b.length)[0];
  }

  /** The project modules a module imports (`from pkg import sub` names the submodule too). */
  imported(module: string): string[] {
    const facts = this.modules.get(module);
    if (!facts) return [];
    const out: string[] = [];
    for (const imp of facts.imports) {
      const target = this.resolve(facts, imp.loads ?? imp.module);
      if (target === undefined) continue;
      out.push(target);
      const sub = imp.name && imp.name !== "*" ? childModule(target, imp.name) : undefined;
      if (sub !== undefined && this.modules.has(sub)) out.push(sub);
    }
    return out;
  }

  /** `..models` from `app.api.views` → `app.models`; `app.models` → the project module, if any. */
  resolve(from: PyModuleFacts, name: string): string | undefined {
    if (!name.startsWith(".")) return this.find(name);
    let dots = 0;
    while (name[dots] === ".") dots++;
    const parts = from.module.split(".");
    const keep = parts.length - dots + (from.isPackage ? 1 : 0);
    if (keep < 0) return undefined;
    const base = parts.slice(0, keep);
    const rest = name.slice(dots);
    const full = [...base, ...(rest ? rest.split(".") : [])].join(".");
    return this.modules.has(full) ? full : undefined;
  }
}
