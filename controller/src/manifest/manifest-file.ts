// Reading, writing and comparing manifest files. `generated_at` is the only field a rescan of an
// unchanged tree changes, so staleness is judged on everything else.

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { renderMarkdown } from "./render-markdown.js";
import type { Manifest } from "./types.js";

export function readManifest(path: string): Manifest | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const doc = JSON.parse(readFileSync(path, "utf8")) as Manifest;
    return doc && Array.isArray(doc.services) ? doc : undefined;
  } catch {
    return undefined;
  }
}

/** The manifest as written to disk: two-space JSON, trailing newline. */
const serialize = (m: Manifest): string => `${JSON.stringify(m, null, 2)}\n`;

const withoutDate = (m: Manifest) => JSON.stringify({ ...m, generated_at: "" });

export const sameContent = (a: Manifest, b: Manifest): boolean => withoutDate(a) === withoutDate(b);

/** The markdown beside the JSON file: `manifest.json` → `manifest.md`. */
export const markdownPath = (jsonPath: string): string =>
  join(dirname(jsonPath), `${basename(jsonPath).replace(/\.json$/, "")}.md`);

/** The cache beside the JSON file: `manifest.json` → `manifest.cache.json`. */
export const cachePath = (jsonPath: string): string => jsonPath.replace(/(\.json)?$/, ".cache.json");

function writeAtomically(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

export function writeManifest(path: string, m: Manifest): void {
  writeAtomically(path, serialize(m));
  writeAtomically(markdownPath(path), renderMarkdown(m));
}
