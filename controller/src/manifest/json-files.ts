// The files `e2e manifest` keeps for itself (cache, scan state) and writes: written through a
// temporary file renamed into place, so a crash never leaves half a file; read back tolerantly.

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** A JSON file's content as `T`, or undefined when it is absent, torn, or `valid` says it is foreign. */
export function readJsonFile<T>(path: string, valid: (doc: Partial<T>) => boolean): T | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const doc = JSON.parse(readFileSync(path, "utf8")) as Partial<T> | null;
    return doc && typeof doc === "object" && valid(doc) ? (doc as T) : undefined;
  } catch {
    return undefined; // torn or hand-edited: the caller starts over
  }
}
