// Rebuilds the state from DATA_DIR: the snapshot (if any), then every journal of its generation
// or later, in order.
// Damage: bytes after the last newline of the last journal are a torn tail (a write cut by a
// crash, never acknowledged) and are cut off. A damaged complete line anywhere else was once
// written whole, maybe acknowledged: start-up refuses, naming file:line, unless repair is
// "truncate" (JOURNAL_REPAIR=truncate or --repair), which copies the journal to a backup beside
// it, cuts it at that line and sets later journals aside as backups too.
import { copyFile, readdir, readFile, rename, rm, truncate } from "node:fs/promises";
import { join } from "node:path";
import type { Mutation, SnapshotData } from "./mutations.js";

export const SNAPSHOT_FILE = "snapshot.json";
const JOURNAL_RE = /^journal-(\d+)\.ndjson$/;

export type RepairMode = "truncate";

export function journalFile(generation: number): string {
  return `journal-${String(generation).padStart(6, "0")}.ndjson`;
}

/** What replay feeds the state with. */
export interface ReplayTarget {
  load(snapshot: SnapshotData): void;
  apply(m: Mutation): void;
}

/** A damaged journal line: start-up refuses with its file:line. */
class JournalDamagedError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly linesAfter: number,
  ) {
    super(
      `${file}:${line}: damaged journal record (not a JSON record); refusing to start. ` +
        `Start with --repair (or JOURNAL_REPAIR=truncate) to keep a backup and cut the journal ` +
        `there, dropping this line and the ${linesAfter} after it.`,
    );
    this.name = "JournalDamagedError";
  }
}

export interface ReplayReport {
  /** Generation of the journal to append to. */
  generation: number;
  mutations: number;
  /** Bytes cut from torn journal tails. */
  truncatedBytes: number;
  /** What was cut or repaired, one sentence each (logged at start). */
  notes: string[];
}

export async function replay(
  dir: string,
  state: ReplayTarget,
  options: { repair?: RepairMode } = {},
): Promise<ReplayReport> {
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
  const notes: string[] = [];
  const live = journals.filter((j) => j.gen >= generation);
  // Older than the snapshot: a compaction finished its rename but not the delete.
  for (const j of journals) if (j.gen < generation) await rm(join(dir, j.name), { force: true });
  for (const [k, j] of live.entries()) {
    const path = join(dir, j.name);
    const isLast = k === live.length - 1;
    const r = await replayJournal(path, state, isLast);
    mutations += r.mutations;
    truncatedBytes += r.tornBytes;
    generation = j.gen;
    if (r.tornBytes > 0)
      notes.push(`${path}: cut a torn last line of ${r.tornBytes} bytes (never acknowledged)`);
    if (!r.damage) continue;
    if (options.repair !== "truncate")
      throw new JournalDamagedError(path, r.damage.line, r.damage.linesAfter);
    notes.push(
      await repairAt(
        path,
        r.damage,
        live.slice(k + 1).map((later) => join(dir, later.name)),
      ),
    );
    break;
  }
  return { generation, mutations, truncatedBytes, notes };
}

interface Damage {
  line: number;
  /** Byte offset where the damaged line starts. */
  offset: number;
  linesAfter: number;
}

// Keeps a copy of the journal, cuts it at the damaged line, and sets later journals aside (they
// continue a history that is now cut short).
async function repairAt(path: string, damage: Damage, later: string[]): Promise<string> {
  const stamp = new Date().toISOString().replace(/[-:.]/g, "");
  const backup = `${path}.bak-${stamp}`;
  await copyFile(path, backup);
  await truncate(path, damage.offset);
  for (const file of later) await rename(file, `${file}.bak-${stamp}`);
  return (
    `${path}:${damage.line}: damaged journal record; repaired by cutting there ` +
    `(${damage.linesAfter + 1} line(s) dropped${later.length ? `, ${later.length} later journal(s) set aside` : ""}); ` +
    `the journal as it was is kept in ${backup}`
  );
}

async function readSnapshot(dir: string): Promise<SnapshotData | null> {
  let text: string;
  try {
    text = await readFile(join(dir, SNAPSHOT_FILE), "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  let data: SnapshotData;
  try {
    data = JSON.parse(text) as SnapshotData;
  } catch (err) {
    throw new Error(
      `${join(dir, SNAPSHOT_FILE)}: damaged snapshot (${(err as Error).message}); refusing to start`,
    );
  }
  if (data.format !== 1)
    throw new Error(`${join(dir, SNAPSHOT_FILE)}: unknown snapshot format ${data.format}`);
  return data;
}

async function replayJournal(
  path: string,
  state: ReplayTarget,
  isLast: boolean,
): Promise<{ mutations: number; tornBytes: number; damage: Damage | null }> {
  const buf = await readFile(path);
  // Bytes after the last newline never completed a line: a torn tail, when this is the last journal.
  const complete = buf.lastIndexOf(0x0a) + 1;
  let offset = 0;
  let line = 0;
  let mutations = 0;
  // Fast path: the complete lines parsed as one JSON array (a line never holds a raw newline),
  // a third of the cost of a parse per line; any damage falls back to the line-by-line scan below,
  // which finds and reports it.
  const whole = parseAll(buf, complete);
  if (whole) {
    for (const m of whole) state.apply(m);
    mutations = whole.length;
    offset = complete;
  }
  while (offset < complete) {
    const end = buf.indexOf(0x0a, offset);
    line++;
    const m = parseRecord(buf.subarray(offset, end));
    if (!m) {
      let linesAfter = 0;
      for (let i = end + 1; i < buf.length; i++) if (buf[i] === 0x0a) linesAfter++;
      if (complete < buf.length) linesAfter++;
      return { mutations, tornBytes: 0, damage: { line, offset, linesAfter } };
    }
    state.apply(m);
    mutations++;
    offset = end + 1;
  }
  if (complete === buf.length) return { mutations, tornBytes: 0, damage: null };
  if (!isLast)
    return { mutations, tornBytes: 0, damage: { line: line + 1, offset: complete, linesAfter: 0 } };
  await truncate(path, complete);
  return { mutations, tornBytes: buf.length - complete, damage: null };
}

function parseAll(buf: Buffer, complete: number): Mutation[] | null {
  if (complete === 0) return [];
  let all: unknown;
  try {
    all = JSON.parse(`[${buf.toString("utf8", 0, complete - 1).replaceAll("\n", ",")}]`);
  } catch {
    return null;
  }
  // One value per line, or the per-line scan decides (e.g. two records joined on one line).
  let lines = 0;
  for (let i = buf.indexOf(0x0a); i >= 0 && i < complete; i = buf.indexOf(0x0a, i + 1)) lines++;
  if (!Array.isArray(all) || all.length !== lines) return null;
  for (const m of all) {
    if (!m || typeof m !== "object" || typeof (m as { op?: unknown }).op !== "string") return null;
  }
  return all as Mutation[];
}

function parseRecord(bytes: Buffer): Mutation | null {
  try {
    const m = JSON.parse(bytes.toString("utf8")) as unknown;
    if (m && typeof m === "object" && typeof (m as { op?: unknown }).op === "string") return m as Mutation;
  } catch {
    // fall through: damaged
  }
  return null;
}
