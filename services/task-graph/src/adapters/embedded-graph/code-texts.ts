// Texts of uploaded code files (CodeFilesChange.texts), kept beside the journal rather than in
// it: each write that carries texts adds one pack file to graph/texts/ holding them end to end,
// and its journal line records where each file's text is (pack, byte offset, length). The graph
// state, its snapshots and the replay stay small, and a text is read from disk only when asked
// for. A pack is written and synced (file, then folder) before the journal line naming it, so an
// acknowledged write has its texts on disk: one write and two fsyncs per upload, whatever its
// number of files. A pack goes once no file holds a text in it; one no durable line names (a
// refused write, a crash in between) is removed at once or at the next start.
import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { utf8InSlices } from "./loop-slices.js";
import { fsyncPath } from "./sync-path.js";

/** Where a stored text is: its pack and its bytes in it. */
export interface TextRef {
  pack: string;
  at: number;
  bytes: number;
}

export interface TextPacks {
  /** Prepares the storage (creates the folder). */
  open(): Promise<void>;
  /** Stores the texts as one new pack; resolves with where each is, once all are durable. */
  write(texts: string[]): Promise<TextRef[]>;
  /** The text at each ref, in order (null where its pack is gone); each pack is opened once. */
  readMany(refs: readonly TextRef[]): Promise<(string | null)[]>;
  remove(packs: string[]): Promise<void>;
  /** Removes every pack `keep` refuses (and anything else left in the folder). */
  sweep(keep: (pack: string) => boolean): Promise<void>;
}

/**
 * The texts end to end, as buffers of about a MiB encoded between turns of the event loop (an
 * upload's 7.5 MB in one Buffer.concat held the loop 60-100 ms, issue 25 point 5), with where
 * each text is.
 */
async function pack(texts: string[]): Promise<{ data: Buffer[]; refs: TextRef[] }> {
  const name = randomUUID();
  let at = 0;
  const refs = texts.map((text) => {
    const ref = { pack: name, at, bytes: Buffer.byteLength(text, "utf8") };
    at += ref.bytes;
    return ref;
  });
  return { data: await utf8InSlices(texts), refs };
}

/** The positions of `refs` per pack they point into. */
function byPack(refs: readonly TextRef[]): Map<string, number[]> {
  const packs = new Map<string, number[]>();
  refs.forEach((ref, i) => {
    const indexes = packs.get(ref.pack);
    if (indexes) indexes.push(i);
    else packs.set(ref.pack, [i]);
  });
  return packs;
}

/** For a store without a DATA_DIR. */
export class MemoryTextPacks implements TextPacks {
  readonly #packs = new Map<string, Buffer>();

  async open(): Promise<void> {}

  async write(texts: string[]): Promise<TextRef[]> {
    const { data, refs } = await pack(texts);
    if (refs[0]) this.#packs.set(refs[0].pack, Buffer.concat(data));
    return refs;
  }

  async readMany(refs: readonly TextRef[]): Promise<(string | null)[]> {
    return refs.map((ref) => this.#packs.get(ref.pack)?.toString("utf8", ref.at, ref.at + ref.bytes) ?? null);
  }

  async remove(packs: string[]): Promise<void> {
    for (const name of packs) this.#packs.delete(name);
  }

  async sweep(keep: (pack: string) => boolean): Promise<void> {
    for (const name of [...this.#packs.keys()]) if (!keep(name)) this.#packs.delete(name);
  }
}

export class DiskTextPacks implements TextPacks {
  constructor(readonly dir: string) {}

  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  async write(texts: string[]): Promise<TextRef[]> {
    const { data, refs } = await pack(texts);
    if (!refs[0]) return refs;
    const path = join(this.dir, refs[0].pack);
    try {
      const fh = await open(path, "wx");
      try {
        // Each from where the one before ended (a file handle's position).
        for (const piece of data) await fh.writeFile(piece);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await fsyncPath(this.dir);
    } catch (err) {
      await rm(path, { force: true }).catch(() => {});
      throw err;
    }
    return refs;
  }

  async readMany(refs: readonly TextRef[]): Promise<(string | null)[]> {
    const out: (string | null)[] = refs.map(() => null);
    for (const [name, indexes] of byPack(refs)) {
      const fh = await open(join(this.dir, name), "r").catch((err: NodeJS.ErrnoException) => {
        if (err.code === "ENOENT") return null; // removed since: its texts read as absent
        throw err;
      });
      if (!fh) continue;
      try {
        for (const i of indexes) {
          const ref = refs[i]!;
          const buffer = Buffer.alloc(ref.bytes);
          const { bytesRead } = await fh.read(buffer, 0, ref.bytes, ref.at);
          if (bytesRead !== ref.bytes) throw new Error(`text pack ${name} is shorter than its journal says`);
          out[i] = buffer.toString("utf8");
        }
      } finally {
        await fh.close();
      }
    }
    return out;
  }

  async remove(packs: string[]): Promise<void> {
    for (const name of packs) await rm(join(this.dir, name), { force: true });
  }

  async sweep(keep: (pack: string) => boolean): Promise<void> {
    await this.remove((await readdir(this.dir)).filter((name) => !keep(name)));
  }
}
