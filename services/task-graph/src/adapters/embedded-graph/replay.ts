// Rebuilds the state from DATA_DIR: the snapshot (if any), then every journal of its generation
// or later, in order. A torn last line (a write cut by a crash, never acknowledged) is cut off.
import { readdir, readFile, rm, truncate } from "node:fs/promises";
import { join } from "node:path";
import type { GraphState } from "./graph-state.js";
import type { Mutation, SnapshotData } from "./mutations.js";

export const SNAPSHOT_FILE = "snapshot.json";
const JOURNAL_RE = /^journal-(\d+)\.ndjson$/;

export function journalFile(generation: number): string {
  return `journal-${String(generation).padStart(6, "0")}.ndjson`;
}

export interface ReplayReport {
  /** Generation of the journal to append to. */
  generation: number;
  mutations: number;
  /** Bytes cut from torn journal tails. */
  truncatedBytes: number;
}

export async function replay(dir: string, state: GraphState): Promise<ReplayReport> {
  await rm(join(dir, `${SNAPSHOT_FILE}.tmp`), { force: true });
  let generation = 0;
  const snapshot = await readSnapshot(dir);
  if (snapshot) {
    state.load(snapshot);
    generation = snapshot.generation;
  }
  const journals = (await readdir(dir))
    .map((name) => ({ name, gen: Number(JOURNAL_RE.exec(name)?.[1] ?? Number.NaN) }))
    .filter((j) => !Number.isNaN(j.gen))
    .sort((a, b) => a.gen - b.gen);
  let mutations = 0;
  let truncatedBytes = 0;
  for (const j of journals) {
    const path = join(dir, j.name);
    // Older than the snapshot: a compaction finished its rename but not the delete.
    if (j.gen < generation) {
      await rm(path, { force: true });
      continue;
    }
    const r = await replayJournal(path, state);
    mutations += r.mutations;
    truncatedBytes += r.truncatedBytes;
    generation = j.gen;
  }
  return { generation, mutations, truncatedBytes };
}

async function readSnapshot(dir: string): Promise<SnapshotData | null> {
  let text: string;
  try {
    text = await readFile(join(dir, SNAPSHOT_FILE), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  const data = JSON.parse(text) as SnapshotData;
  if (data.format !== 1)
    throw new Error(`${join(dir, SNAPSHOT_FILE)}: unknown snapshot format ${data.format}`);
  return data;
}

async function replayJournal(
  path: string,
  state: GraphState,
): Promise<{ mutations: number; truncatedBytes: number }> {
  const buf = await readFile(path);
  let offset = 0;
  let line = 0;
  let mutations = 0;
  while (offset < buf.length) {
    const nl = buf.indexOf(0x0a, offset);
    line++;
    const end = nl === -1 ? buf.length : nl;
    let m: Mutation | null = null;
    try {
      m = JSON.parse(buf.subarray(offset, end).toString("utf8")) as Mutation;
    } catch {
      m = null;
    }
    if (nl === -1 || m === null) {
      // Only the last line may be torn; damage before it means the file is corrupt.
      if (nl !== -1 && nl + 1 < buf.length) {
        throw new Error(
          `${path}: line ${line} is not valid JSON and is not the last line; refusing to start`,
        );
      }
      await truncate(path, offset);
      return { mutations, truncatedBytes: buf.length - offset };
    }
    state.apply(m);
    mutations++;
    offset = end + 1;
  }
  return { mutations, truncatedBytes: 0 };
}
