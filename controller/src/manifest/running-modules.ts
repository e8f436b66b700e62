// Leaves out of a scan the JavaScript modules its Node package never loads (js/reachable-modules.ts):
// their routes are never registered when the app runs. Applied to every scanner reading the
// JavaScript facts; other languages are untouched.

import { readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { FileToExtract } from "./extract-file.js";
import { JS_FACTS_KEY, type JsModule } from "./js/module-facts.js";
import type { ModuleLoads } from "./js/module-loads.js";
import { nodePackageOf } from "./js/package-entries.js";
import { reachableModules } from "./js/reachable-modules.js";
import type { FileHashes } from "./scan-state.js";
import type { FileFacts, FrameworkScanner } from "./scanner.js";

type Extract = (file: FileToExtract, keys: readonly string[]) => Promise<Record<string, unknown>>;

const LANGUAGE_OF_EXTENSION: Record<string, string> = {
  ts: "typescript",
  mts: "typescript",
  cts: "typescript",
  tsx: "tsx",
};
const MAX_CHARS = 1_000_000;
/** Files Node loads as code: JavaScript extensions, and none (`bin/www`). */
const CODE_FILE = /(^|\/)[^./]+$|\.(c|m)?[jt]sx?$/;

export interface Scanned {
  perScanner: Map<FrameworkScanner, FileFacts<unknown>[]>;
  /** Files read outside the listed ones (package.json, modules outside the tree): inputs of the result. */
  reads: FileHashes;
}

/** Drops the unloaded modules from every JavaScript scanner's facts; returns the paths dropped. */
export async function keepRunningModules(
  root: string,
  scanners: readonly FrameworkScanner[],
  scanned: Scanned,
  extract: Extract,
  hash: (text: string | Buffer) => string,
): Promise<string[]> {
  const js = scanners.filter((s) => (s.factsKey ?? "") === JS_FACTS_KEY);
  const files = (js[0] ? (scanned.perScanner.get(js[0]) ?? []) : []) as FileFacts<JsModule>[];
  if (files.length === 0) return [];
  const pkg = nodePackageOf(root);
  if (!pkg) return [];
  const manifest = join(pkg.dir, "package.json");
  scanned.reads[relative(root, manifest)] = hash(readFileSync(manifest));
  const loadsOf = async (abs: string): Promise<ModuleLoads | undefined> => {
    const size = statSync(abs, { throwIfNoEntry: false })?.size;
    // Over a million characters is a bundle (lib/code-graph does not parse those either).
    if (!CODE_FILE.test(abs) || size === undefined || size > MAX_CHARS) return undefined;
    const text = readFileSync(abs, "utf8");
    const path = relative(root, abs);
    // One hash: the scan's record of the input and the extraction cache's key.
    const digest = hash(text);
    scanned.reads[path] = digest;
    const language = LANGUAGE_OF_EXTENSION[abs.split(".").pop() ?? ""] ?? "javascript";
    const facts = (await extract({ path, language, text, hash: digest }, [JS_FACTS_KEY]))[JS_FACTS_KEY];
    return (facts as JsModule | null)?.loads;
  };
  const frameworks = new Set(scanners.flatMap((s) => s.packages ?? []));
  const kept = await reachableModules({ root, files, loadsOf, frameworks }, pkg);
  if (!kept) return [];
  for (const s of js) {
    const all = scanned.perScanner.get(s) ?? [];
    scanned.perScanner.set(
      s,
      all.filter((f) => kept.has(f.path)),
    );
  }
  return files.filter((f) => !kept.has(f.path)).map((f) => f.path);
}
