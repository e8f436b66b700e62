// Reading, writing and comparing manifest files. `generated_at` is the only field a rescan of an
// unchanged tree changes, so staleness is judged on everything else.

import { basename, dirname, join } from "node:path";
import { readJsonFile, writeAtomically } from "./json-files.js";
import { renderMarkdown } from "./render-markdown.js";
import { hashText } from "./scan-state.js";
import type { Manifest } from "./types.js";

export const readManifest = (path: string): Manifest | undefined =>
  readJsonFile<Manifest>(path, (doc) => Array.isArray(doc.services));

/** The manifest as written to disk: two-space JSON, trailing newline. */
const serialize = (m: Manifest): string => `${JSON.stringify(m, null, 2)}\n`;

const withoutDate = (m: Manifest) => JSON.stringify({ ...m, generated_at: "" });

export const sameContent = (a: Manifest, b: Manifest): boolean => withoutDate(a) === withoutDate(b);

/** The markdown beside the JSON file: `manifest.json` → `manifest.md`. */
export const markdownPath = (jsonPath: string): string =>
  join(dirname(jsonPath), `${basename(jsonPath).replace(/\.json$/, "")}.md`);

/** The cache folder beside the JSON file: `manifest.json` → `manifest.cache/`. */
export const cachePath = (jsonPath: string): string => jsonPath.replace(/(\.json)?$/, ".cache");

/** Where an earlier version kept the whole cache in one file (22 MB on 100k lines): removed on the next save. */
export const legacyCachePath = (jsonPath: string): string => `${cachePath(jsonPath)}.json`;

/** Writes the JSON file and its markdown; returns their content hashes (the scan state records them). */
export function writeManifest(path: string, m: Manifest): WrittenManifest {
  const json = serialize(m);
  const md = renderMarkdown(m);
  writeAtomically(path, json);
  writeAtomically(markdownPath(path), md);
  return { json: hashText(json), md: hashText(md) };
}

export interface WrittenManifest {
  json: string;
  md: string;
}
