// Writing a generated suite without losing anyone's work: a file that is absent, or still exactly
// as generated, is (re)written; a file changed since it was generated, or never generated, is
// replaced only with force. Nothing is written when any file would be refused. A file `e2e init`
// wrote, still as it wrote it, holds nothing of the user's: it is replaced without force, said so.

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { stateOf } from "./marker.js";

export type Action = "create" | "update" | "unchanged" | "refuse" | "remove";

export interface PlannedWrite {
  path: string;
  action: Action;
  /** Why a file is refused: edited since generated, or not generated at all. */
  reason?: string;
  /** Said beside the action (a file of `e2e init`'s that is replaced). */
  note?: string;
}

const read = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : undefined);

/**
 * @param replaceable absolute path → why it may be replaced though not generated (init's files,
 *   unchanged)
 */
export function planWrites(
  outDir: string,
  files: Map<string, string>,
  force: boolean,
  replaceable: ReadonlyMap<string, string> = new Map(),
): PlannedWrite[] {
  const out: PlannedWrite[] = [];
  for (const [rel, text] of files) {
    const path = join(outDir, rel);
    const existing = read(path);
    const state = stateOf(existing);
    if (state === "absent") out.push({ path, action: "create" });
    else if (existing === text) out.push({ path, action: "unchanged" });
    else if (replaceable.has(path)) out.push({ path, action: "update", note: replaceable.get(path)! });
    else if (state === "generated" || force) out.push({ path, action: "update" });
    else
      out.push({
        path,
        action: "refuse",
        reason: state === "edited" ? "changed since it was generated" : "not written by generate-tests",
      });
  }
  // Modules generated earlier for endpoints that are gone, still untouched: removed.
  const modules = join(outDir, "modules");
  if (existsSync(modules)) {
    for (const name of readdirSync(modules)) {
      const path = join(modules, name);
      if (!files.has(`modules/${name}`) && stateOf(read(path)) === "generated")
        out.push({ path, action: "remove" });
    }
  }
  return out;
}

export function applyWrites(files: Map<string, string>, outDir: string, plan: PlannedWrite[]): void {
  const byPath = new Map([...files].map(([rel, text]) => [join(outDir, rel), text]));
  for (const w of plan) {
    if (w.action === "remove") rmSync(w.path);
    if (w.action !== "create" && w.action !== "update") continue;
    mkdirSync(dirname(w.path), { recursive: true });
    writeFileSync(w.path, byPath.get(w.path) as string);
  }
}
