// Texts of uploaded code files (CodeFilesChange.texts), kept beside the journal rather than in
// it: one file per distinct text in graph/texts/, named by the SHA-256 of its content. The journal
// records only which key a file holds, so the graph state, its snapshots and the replay stay small,
// and a text is read from disk only when asked for. A text is written and synced (file, then
// folder) before the journal line naming it, so an acknowledged write has its texts on disk; a
// text no durable line names (a refused write, a crash in between) is removed at the next start.
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { contentHash } from "../../../../../lib/code-graph/index.js";
import { fsyncPath } from "./sync-path.js";

/** Texts written at once (each is a write and an fsync). */
const PARALLEL_WRITES = 16;

/** The key a text is stored under. */
export const textKey = (text: string): string => contentHash(text);

export interface TextBlobs {
  /** Prepares the storage (creates the folder). */
  open(): Promise<void>;
  /** Makes every text durable under its key; resolves once all are on disk. */
  put(texts: Map<string, string>): Promise<void>;
  /** The text under `key`, or null when there is none. */
  read(key: string): Promise<string | null>;
  remove(keys: string[]): Promise<void>;
  /** Removes every stored text whose key `keep` refuses (and leftovers of interrupted writes). */
  sweep(keep: (key: string) => boolean): Promise<void>;
}

/** For a store without a DATA_DIR. */
export class MemoryTextBlobs implements TextBlobs {
  readonly #texts = new Map<string, string>();

  async open(): Promise<void> {}

  async put(texts: Map<string, string>): Promise<void> {
    for (const [key, text] of texts) this.#texts.set(key, text);
  }

  async read(key: string): Promise<string | null> {
    return this.#texts.get(key) ?? null;
  }

  async remove(keys: string[]): Promise<void> {
    for (const key of keys) this.#texts.delete(key);
  }

  async sweep(keep: (key: string) => boolean): Promise<void> {
    for (const key of [...this.#texts.keys()]) if (!keep(key)) this.#texts.delete(key);
  }
}

export class DiskTextBlobs implements TextBlobs {
  constructor(readonly dir: string) {}

  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  async put(texts: Map<string, string>): Promise<void> {
    if (texts.size === 0) return;
    const queue = [...texts];
    const worker = async () => {
      for (let next = queue.pop(); next; next = queue.pop()) await this.#writeOne(next[0], next[1]);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_WRITES, queue.length) }, worker));
    await fsyncPath(this.dir);
  }

  async read(key: string): Promise<string | null> {
    return readFile(join(this.dir, key), "utf8").catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return null;
      throw err;
    });
  }

  async remove(keys: string[]): Promise<void> {
    for (const key of keys) await rm(join(this.dir, key), { force: true });
  }

  async sweep(keep: (key: string) => boolean): Promise<void> {
    const names = await readdir(this.dir);
    await this.remove(names.filter((name) => !keep(name)));
  }

  async #writeOne(key: string, text: string): Promise<void> {
    const tmp = join(this.dir, `${key}.tmp`);
    try {
      await writeFile(tmp, text);
      await fsyncPath(tmp);
      await rename(tmp, join(this.dir, key));
    } catch (err) {
      await rm(tmp, { force: true }).catch(() => {});
      throw err;
    }
  }
}
