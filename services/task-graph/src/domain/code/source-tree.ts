// Reads a code root from disk: every file the source filter lets through, as {path, content}.
// Only regular files inside the root's real path are read (contained-file.ts), on the first walk
// and for the watcher's paths alike; a symlink to a folder is never descended.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { type FileChange, pathProblem } from "../../../../../lib/code-graph/index.js";
import { readContained } from "./contained-file.js";
import {
  GeneratedAttributes,
  GitignoreRules,
  isGeneratedContent,
  MAX_FILE_BYTES,
  SKIPPED_DIRS,
  skippedByName,
} from "./source-filter.js";

/** The files whose rules say what a folder's tree holds: a change to one re-reads the folder. */
const RULE_FILES = [".gitignore", ".gitattributes"] as const;
type RuleFile = (typeof RULE_FILES)[number];

/** A .gitignore (or .gitattributes) longer than this is not one. */
const GITIGNORE_BYTES = 256 * 1024;

/** Files read at once while a tree is read (each holds a descriptor while it is read). */
const READS_IN_FLIGHT = 16;

export class SourceTree {
  readonly rules = new GitignoreRules();
  readonly attributes = new GeneratedAttributes();

  /** `root`: the folder's real path (FolderPolicy resolves it). */
  constructor(readonly root: string) {}

  /**
   * Every indexable file under `dir` ("" = the root), with its content. `admit` sees what has been
   * read so far (bytes, files) and throws to stop: a tree over a quota is never held whole.
   */
  async read(
    dir = "",
    admit: (held: { bytes: number; files: number }) => void = () => {},
  ): Promise<Map<string, string>> {
    await this.#loadRulesAbove(dir);
    const files: string[] = [];
    await this.#walk(dir, files);
    admit({ bytes: 0, files: files.length });
    let bytes = 0;
    // Read several at once: one after another, each file waits for its stat and reads in turn
    // (~0.5 s of an idle event loop for 2k files). Keys keep the walk's order.
    const contents: (FileChange | "dir" | null)[] = new Array(files.length);
    let next = 0;
    const reader = async () => {
      while (next < files.length) {
        const i = next++;
        const change = await this.change(files[i]!);
        contents[i] = change;
        if (change && change !== "dir" && "content" in change) {
          bytes += Buffer.byteLength(change.content);
          admit({ bytes, files: files.length });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, files.length) }, reader));
    const out = new Map<string, string>();
    files.forEach((path, i) => {
      const change = contents[i];
      if (change && change !== "dir" && "content" in change) out.set(path, change.content);
    });
    return out;
  }

  /**
   * What a changed path means now: its content, `deleted`, or null when it is not indexable
   * (a folder, an ignored or generated file). `known` files under a vanished folder are deleted.
   */
  async change(path: string): Promise<FileChange | "dir" | null> {
    if (RULE_FILES.some((f) => path.endsWith(f))) return "dir"; // rules changed: the caller re-reads the tree
    // A name the index cannot key (a '\\' in it, control characters) is not read; never rewritten.
    if (pathProblem(path) !== null) return null;
    if (skippedByName(path) || this.rules.ignores(path) || this.attributes.marks(path))
      return { path, deleted: true };
    const file = await readContained(this.root, path, MAX_FILE_BYTES);
    if (file.kind === "dir") return "dir";
    if (file.kind === "none" || isGeneratedContent(file.content)) return { path, deleted: true };
    return { path, content: file.content };
  }

  /** A folder's .gitignore or .gitattributes, read like any file (inside the root, bounded); null when none. */
  async #ruleFile(dir: string, name: RuleFile): Promise<string | null> {
    const file = await readContained(this.root, dir ? `${dir}/${name}` : name, GITIGNORE_BYTES);
    return file.kind === "file" ? file.content : null;
  }

  /** Reads (or forgets) a folder's rule files. */
  async #loadRules(dir: string): Promise<void> {
    const ignoreText = await this.#ruleFile(dir, ".gitignore");
    if (ignoreText !== null) this.rules.add(dir, ignoreText);
    else this.rules.forget(dir);
    const attributesText = await this.#ruleFile(dir, ".gitattributes");
    if (attributesText !== null) this.attributes.add(dir, attributesText);
    else this.attributes.forget(dir);
  }

  async #loadRulesAbove(dir: string): Promise<void> {
    const parts = dir ? dir.split("/") : [];
    for (let i = 0; i <= parts.length; i++) await this.#loadRules(parts.slice(0, i).join("/"));
  }

  /** The paths of the files under `dir` the rules do not skip as folders, in name order. */
  async #walk(dir: string, out: string[]): Promise<void> {
    const entries = await readdir(join(this.root, dir), { withFileTypes: true }).catch(() => []);
    const hasRules = entries.some((e) => RULE_FILES.includes(e.name as RuleFile) && e.isFile());
    if (hasRules && dir !== "") await this.#loadRules(dir);
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (SKIPPED_DIRS.has(entry.name) || this.rules.ignores(path, true)) continue;
        await this.#walk(path, out);
      } else if (entry.isFile() || entry.isSymbolicLink()) out.push(path); // change() checks links
    }
  }
}
