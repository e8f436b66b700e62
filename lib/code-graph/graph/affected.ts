// Which files' resolved edges a change of some files' facts can alter (paths and resolution configs
// unchanged). A file's references resolve through its own scope, the scopes of the files it
// imports (re-exports), and the symbol table by name; so besides the changed files themselves:
// - files referring to a name whose declarations changed (added, removed, or changed in what
//   resolution reads: kind, container, export, default, id);
// - when a changed file's imports changed (its scope, so what it re-exports), every file that
//   imports it, directly or through others;
// - Go and Java/Kotlin files in the folder or package of a changed file (package-wide scope).
// - files whose scope is resolved again because a path came or went (scope-dependents.ts), and
//   every file that imports them, directly or through others.
// A superset is safe (those files are resolved again); buildGraph's test checks it against a full build.

import { Yielder } from "../../turns/index.js";
import type { FileFacts } from "../facts.js";
import type { FileScope } from "./scopes.js";
import { packageKey } from "./symbol-table.js";

export interface PreviousBuild {
  facts: ReadonlyMap<string, FileFacts>;
  scopes: ReadonlyMap<string, FileScope>;
}

const namesCache = new WeakMap<FileFacts, Set<string>>();

/** Every name a file's references use (as a name or as a qualifier). */
function referencedNames(facts: FileFacts): Set<string> {
  let names = namesCache.get(facts);
  if (!names) {
    names = new Set();
    for (const ref of facts.references) {
      names.add(ref.name);
      if (ref.qualifier !== undefined) names.add(ref.qualifier);
    }
    namesCache.set(facts, names);
  }
  return names;
}

/** What resolution reads of each declaration, by name (the line only where it makes the id). */
function declarationKeys(facts: FileFacts | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!facts) return out;
  const seen = new Map<string, number>();
  for (const s of facts.symbols) seen.set(s.qualified, (seen.get(s.qualified) ?? 0) + 1);
  for (const s of facts.symbols) {
    const key = [
      s.qualified,
      s.kind,
      s.parent ?? "",
      s.exported ? 1 : 0,
      s.isDefault ? 1 : 0,
      (seen.get(s.qualified) ?? 0) > 1 ? s.line : "",
    ].join("\0");
    const list = out.get(s.name);
    if (list) list.push(key);
    else out.set(s.name, [key]);
  }
  return out;
}

function changedNames(before: FileFacts | undefined, after: FileFacts | undefined): Set<string> {
  const a = declarationKeys(before);
  const b = declarationKeys(after);
  const out = new Set<string>();
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    const x = (a.get(name) ?? []).sort().join("\u0001");
    const y = (b.get(name) ?? []).sort().join("\u0001");
    if (x !== y) out.add(name);
  }
  return out;
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf("/") + 1);
const PACKAGE_SCOPED = new Set(["go", "java", "kotlin"]);

/** The paths to resolve again (the changed ones included); gives way to the event loop between files. */
export async function affectedFiles(
  changed: ReadonlySet<string>,
  previous: PreviousBuild,
  facts: ReadonlyMap<string, FileFacts>,
  /** Files whose facts are the same but whose scope is resolved again (a path came or went). */
  rescoped: ReadonlySet<string> = new Set(),
  yielder: Yielder = Yielder.never,
): Promise<Set<string>> {
  const affected = new Set([...changed, ...rescoped]);
  const names = new Set<string>();
  // A scope resolved again may re-export something else: its importers are resolved again too.
  const reachFrom: string[] = [...rescoped];
  const folders = new Set<string>();
  const packages = new Set<string>();
  for (const path of changed) {
    await yielder.tick();
    const before = previous.facts.get(path);
    const after = facts.get(path);
    for (const name of changedNames(before, after)) names.add(name);
    if (JSON.stringify(before?.imports ?? []) !== JSON.stringify(after?.imports ?? [])) reachFrom.push(path);
    for (const f of [before, after]) {
      if (!f || !PACKAGE_SCOPED.has(f.language)) continue;
      folders.add(folderOf(path));
      const key = packageKey(path, f);
      if (key) packages.add(key);
    }
  }
  if (reachFrom.length > 0) {
    const importers = new Map<string, string[]>();
    for (const [path, scope] of previous.scopes) {
      await yielder.tick();
      for (const entry of scope.imported) {
        for (const target of entry.files) {
          const list = importers.get(target);
          if (list) list.push(path);
          else importers.set(target, [path]);
        }
      }
    }
    const queue = [...reachFrom];
    const seen = new Set(queue);
    while (queue.length > 0) {
      for (const importer of importers.get(queue.pop()!) ?? []) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        affected.add(importer);
        queue.push(importer);
      }
    }
  }
  for (const [path, f] of facts) {
    await yielder.tick();
    if (affected.has(path)) continue;
    if (PACKAGE_SCOPED.has(f.language)) {
      const key = packageKey(path, f);
      if (folders.has(folderOf(path)) || (key && packages.has(key))) {
        affected.add(path);
        continue;
      }
    }
    if (names.size === 0) continue;
    for (const name of referencedNames(f)) {
      if (names.has(name)) {
        affected.add(path);
        break;
      }
    }
  }
  return affected;
}
