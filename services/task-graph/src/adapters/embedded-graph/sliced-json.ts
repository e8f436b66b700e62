// A large value's JSON text (a snapshot of a 20,000-file code graph is hundreds of MB) written to
// a file in pieces, giving way to the event loop between them: JSON.stringify of the whole and
// the string's conversion to bytes each held the loop for seconds (issue 25 point 5). The text is
// exactly JSON.stringify's; arrays and objects down to `depth` levels are walked here, anything
// deeper is stringified whole (one record: small), except a long array or a record holding one
// (one large file's symbols and edges: 30-100 ms stringified whole), which is walked too.
import { open } from "node:fs/promises";
import { nextTurn } from "../../../../../lib/turns/index.js";

/** Bytes gathered before a write; a slice of the loop's time is spent on about this much. */
const PIECE_CHARS = 256 * 1024;
/** Work between two turns of the event loop. */
const SLICE_MS = 8;

type Sink = (text: string) => Promise<void> | undefined;

/** Writes JSON.stringify(value) to `path` (created or truncated), walking `depth` levels in slices. */
export async function writeJsonSliced(path: string, value: unknown, depth = 3): Promise<void> {
  const file = await open(path, "w");
  try {
    let buffered: string[] = [];
    let chars = 0;
    let since = performance.now();
    const flush = async () => {
      if (chars === 0) return;
      const text = buffered.join("");
      [buffered, chars] = [[], 0];
      await file.write(text);
    };
    const sink: Sink = (text) => {
      buffered.push(text);
      chars += text.length;
      if (chars < PIECE_CHARS && performance.now() - since < SLICE_MS) return undefined;
      return flush()
        .then(nextTurn)
        .then(() => {
          since = performance.now();
        });
    };
    await walk(value, depth, sink);
    await flush();
  } finally {
    await file.close();
  }
}

async function walk(value: unknown, depth: number, sink: Sink): Promise<void> {
  if (
    value === null ||
    typeof value !== "object" ||
    "toJSON" in value ||
    (depth <= 0 && !holdsLongArray(value))
  ) {
    await sink(JSON.stringify(value) ?? "null");
    return;
  }
  if (Array.isArray(value)) {
    await sink("[");
    for (let i = 0; i < value.length; i++) {
      if (i > 0) await sink(",");
      const item = value[i];
      // As JSON.stringify: what has no JSON form is null in an array.
      if (item === undefined || typeof item === "function" || typeof item === "symbol") await sink("null");
      else await walk(item, depth - 1, sink);
    }
    await sink("]");
    return;
  }
  await sink("{");
  let first = true;
  // for-in, not Object.entries: a record of 176k ids (a snapshot's map of symbols) was 176k pairs
  // made in one task. A plain record's for-in order is its own keys' order, as JSON.stringify's.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    // As JSON.stringify: a property with no JSON form is left out of an object.
    if (item === undefined || typeof item === "function" || typeof item === "symbol") continue;
    await sink(`${first ? "" : ","}${JSON.stringify(key)}:`);
    first = false;
    await walk(item, depth - 1, sink);
  }
  await sink("}");
}

/** Items of an array (or members of a record) stringified in one call at most, below `depth`. */
const LONG_ARRAY = 256;

/**
 * Too big to stringify in one call: a long array, a record of many members (a snapshot's map of
 * 176k symbols: looking through all its members here was itself a 30 ms task), or a record
 * holding a long array.
 */
function holdsLongArray(value: object): boolean {
  if (Array.isArray(value)) return value.length > LONG_ARRAY;
  let members = 0;
  for (const key in value) {
    if (++members > LONG_ARRAY) return true;
    const member = (value as Record<string, unknown>)[key];
    if (Array.isArray(member) && member.length > LONG_ARRAY) return true;
  }
  return false;
}
