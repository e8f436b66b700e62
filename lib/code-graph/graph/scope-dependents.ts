// Which files' import resolution a path coming or going can change, so an incremental build
// re-resolves their scopes instead of every file's (issue 25: a one-file upload rebuilt all).
// An import can only start or stop resolving to a path its specifier names: the path's file
// stem, one of its folders (index files, Python packages, Go packages, workspace packages), or
// a top-level name it declares (Java and Kotlin types). So a file is a dependent when one of its
// imports names one of those; a file whose scope resolved to a removed path is one too. The set
// is a superset (the incremental tests compare with full builds); a Python package marker
// (`__init__.py`) changes the roots every Python import is read against, so it reaches them all.

import type { Yielder } from "../../turns/index.js";
import type { FileFacts, ImportFact } from "../facts.js";
import type { FileScope } from "./scopes.js";

const SOURCE_EXTENSION = /\.(d\.ts|[cm]?[jt]sx?|py|go|java|kt|kts)$/;
const INDEX_STEMS = ["index", "__init__", "mod"];

/** The names by which an import of `path` may be written. */
function pathStems(path: string, facts: (FileFacts | undefined)[]): Set<string> {
  const parts = path.split("/");
  const file = parts.pop() ?? "";
  const stems = new Set(parts);
  const stem = file.replace(SOURCE_EXTENSION, "");
  stems.add(stem);
  stems.add(stem.split(".")[0] ?? stem); // user.test -> user
  for (const f of facts) for (const s of f?.symbols ?? []) if (s.parent === undefined) stems.add(s.name);
  return stems;
}

/** The names an import is written with: the specifier's last segments, and what it binds. */
function importStems(fact: ImportFact): string[] {
  const spec = fact.specifier.replace(SOURCE_EXTENSION, "");
  const last = spec.split("/").pop() ?? "";
  const dotted = last.split(".");
  const out = [dotted[dotted.length - 1] ?? "", dotted[dotted.length - 2] ?? ""];
  // `.`, `..`, `./`: a folder's index; Python `from . import x`: the binding names the module.
  if (last === "" || /^\.+$/.test(last) || spec.endsWith("/")) out.push(...INDEX_STEMS, "");
  for (const b of fact.bindings) out.push(b.imported, b.local);
  return out;
}

export async function scopeDependents(
  moved: ReadonlySet<string>,
  previous: { facts: ReadonlyMap<string, FileFacts>; scopes: ReadonlyMap<string, FileScope> },
  facts: ReadonlyMap<string, FileFacts>,
  yielder: Yielder,
): Promise<Set<string>> {
  const out = new Set<string>();
  const stems = new Set<string>();
  let pythonRoots = false;
  // Every loop gives way: a large upload moves thousands of paths, and a repository has 20,000 scopes.
  for (const path of moved) {
    for (const s of pathStems(path, [previous.facts.get(path), facts.get(path)])) stems.add(s);
    if (path === "__init__.py" || path.endsWith("/__init__.py")) pythonRoots = true;
    await yielder.tick();
  }
  for (const [path, scope] of previous.scopes) {
    if (scope.imported.some((entry) => entry.files.some((f) => moved.has(f)))) out.add(path);
    await yielder.tick();
  }
  for (const [path, f] of facts) {
    await yielder.tick();
    if (out.has(path) || moved.has(path)) continue;
    if (pythonRoots && f.language === "python") out.add(path);
    else if (f.imports.some((fact) => importStems(fact).some((s) => stems.has(s)))) out.add(path);
  }
  return out;
}
