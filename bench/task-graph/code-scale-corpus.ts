// The corpus of bench/task-graph/code-scale.ts: 20,000 source files nobody here wrote. First every
// JavaScript/TypeScript file of this repository's node_modules, then the Python standard library
// (and, if still short, its site-packages) of the machine's python3, in path order, each kept only
// when the service would index it (size, generated, minified, binary and vendored-name rules of
// source-filter.ts) and when an upload can carry it (no NUL, no lone surrogate). Folder names the
// service skips (node_modules, dist, build…) get a "-src" suffix, as in bench/context/speed.ts.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { languageOf } from "../../lib/code-graph/index.js";
import {
  isGeneratedContent,
  MAX_FILE_BYTES,
  SKIPPED_DIRS,
  skippedByName,
} from "../../services/task-graph/src/domain/code/source-filter.js";
import { findMalformed } from "../../services/task-graph/src/domain/text.js";
import { REPO } from "../code-graph/corpus.js";

/**
 * The service's settings with room for this corpus (set for code-scale.ts's baseline too, which
 * has no quotas): 20,000 files, ~125 MB of text, are over the default quotas (CODE_MAX_*: 10,000
 * files and 16 MiB a repository), and the baseline's event loop is held for seconds per upload,
 * long enough for a store write to miss the default 5 s backend deadline (503).
 */
export const CORPUS_ROOM = {
  CODE_MAX_REPO_FILES: "50000",
  CODE_MAX_TOTAL_FILES: "50000",
  CODE_MAX_REPO_BYTES: String(512 * 2 ** 20),
  CODE_MAX_TOTAL_BYTES: String(512 * 2 ** 20),
  TASK_GRAPH_BACKEND_TIMEOUT_MS: "60000",
};

export interface ScaleFile {
  path: string;
  content: string;
}

/** Paths of the source files under `root` (every folder, nested node_modules too), sorted. */
function sourcesUnder(root: string, skip: (dir: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory() && !skip(full)) walk(full);
      else if (entry.isFile() && languageOf(entry.name)) out.push(full);
    }
  };
  if (existsSync(root)) walk(root);
  return out.sort();
}

/** The python3 standard library folder, or undefined without a python3. */
function pythonStdlib(): string | undefined {
  try {
    const code = "import sysconfig; print(sysconfig.get_paths()['stdlib'])";
    return execFileSync("python3", ["-c", code], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** What the service refuses to store (domain/text.ts): NUL, a lone surrogate. */
const uploadable = (text: string) => findMalformed(text) === null;
const minified = (text: string) => text.length / text.split("\n").length > 300;

/** The path a file is uploaded under: `prefix` + its path below `root`, skipped folder names renamed. */
function uploadPath(prefix: string, root: string, absolute: string): string {
  const parts = relative(root, absolute).split("\\").join("/").split("/");
  const dirs = parts.slice(0, -1).map((d) => (SKIPPED_DIRS.has(d) ? `${d}-src` : d));
  return [prefix, ...dirs, parts[parts.length - 1]].join("/");
}

/** `count` files as the service would index them; throws when the machine has fewer. */
export function scaleCorpus(count: number): ScaleFile[] {
  const stdlib = pythonStdlib();
  const sitePackages = (dir: string) => dir.endsWith("/site-packages");
  const sources: [prefix: string, root: string, files: () => string[]][] = [
    ["js", join(REPO, "node_modules"), () => sourcesUnder(join(REPO, "node_modules"))],
    ...(stdlib
      ? ([
          ["py", stdlib, () => sourcesUnder(stdlib, sitePackages)],
          ["py", stdlib, () => sourcesUnder(join(stdlib, "site-packages"))],
        ] as [string, string, () => string[]][])
      : []),
  ];
  const out: ScaleFile[] = [];
  for (const [prefix, root, files] of sources) {
    for (const absolute of files()) {
      if (out.length === count) return out;
      const path = uploadPath(prefix, root, absolute);
      if (skippedByName(path) || statSync(absolute).size > MAX_FILE_BYTES) continue;
      const content = readFileSync(absolute, "utf8");
      if (!uploadable(content) || isGeneratedContent(content) || minified(content)) continue;
      out.push({ path, content });
    }
  }
  if (out.length < count)
    throw new Error(`corpus: ${out.length} indexable files found, ${count} wanted (run npm ci; python3?)`);
  return out;
}

/** The corpus in upload bodies of at most `maxBytes` of JSON each. */
export function uploadBatches(files: ScaleFile[], maxBytes: number): string[] {
  const bodies: string[] = [];
  let batch: string[] = [];
  let size = 0;
  for (const file of files) {
    const json = JSON.stringify(file);
    const bytes = Buffer.byteLength(json) + 1;
    if (batch.length > 0 && size + bytes > maxBytes) {
      bodies.push(`{"files":[${batch.join(",")}]}`);
      [batch, size] = [[], 0];
    }
    batch.push(json);
    size += bytes;
  }
  if (batch.length > 0) bodies.push(`{"files":[${batch.join(",")}]}`);
  return bodies;
}
