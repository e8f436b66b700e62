// Long work on the event loop in slices (issue 25 point 5: no task over 50 ms while a
// 20,000-file repository is indexed): lib/code-graph's Yielder gives the turns.
import { Yielder } from "../../../../../lib/turns/index.js";

/** Bytes gathered into one buffer (and encoded between two looks at the clock). */
const BUFFER_BYTES = 1024 * 1024;

/**
 * `pieces` joined, as UTF-8 buffers of about a MiB, encoded a piece at a time: a code write's
 * journal line is tens of MB, and one string of it cost a flatten and an encode of the whole in
 * one task. Each piece must be whole characters (no lone half of a surrogate pair at its ends).
 */
export async function utf8InSlices(pieces: readonly string[], slices = new Yielder()): Promise<Buffer[]> {
  // A batch of ordinary lines (group commit: a few hundred bytes each) is one small buffer from
  // Buffer.from's pool. A MiB buffer per batch, as the large path below would take, made V8 count
  // hundreds of MB a second of memory outside the heap and run a full collection 4-5 times a
  // second under steady writes (CPU per write ×3.5 in bench/task-graph/events.ts).
  let chars = 0;
  for (const piece of pieces) chars += piece.length;
  if (chars <= PART_CHARS) return [Buffer.from(pieces.length === 1 ? pieces[0]! : pieces.join(""))];
  // Each part is encoded straight into a buffer of about a MiB: a buffer per piece and a concat
  // of them doubled what was allocated outside the heap, and with the heap of a 20,000-file
  // repository those allocations cost 60-130 ms a MiB (issue 25 point 5). A buffer is never
  // larger than what is left to encode (at most 3 bytes a UTF-16 unit).
  const out: Buffer[] = [];
  let left = chars * 3;
  let group = Buffer.allocUnsafeSlow(Math.min(BUFFER_BYTES, left));
  let used = 0;
  for (const piece of pieces) {
    for (const part of partsOf(piece)) {
      const bytes = Buffer.byteLength(part);
      if (used + bytes > group.length) {
        if (used > 0) out.push(group.subarray(0, used));
        group = Buffer.allocUnsafeSlow(Math.max(Math.min(BUFFER_BYTES, left), bytes));
        used = 0;
      }
      left -= part.length * 3;
      used += group.write(part, used);
      await slices.tick();
    }
  }
  if (used > 0) out.push(group.subarray(0, used));
  return out;
}

/**
 * Characters encoded in one call. One piece can be a file's text of 4 MB: encoded whole it was
 * one task of 60-270 ms with the heap of a 20,000-file repository (issue 25 point 5).
 */
const PART_CHARS = 256 * 1024;

/** `piece` cut every PART_CHARS characters, never between the two halves of a surrogate pair. */
function* partsOf(piece: string): Generator<string> {
  if (piece.length <= PART_CHARS) {
    yield piece;
    return;
  }
  for (let start = 0; start < piece.length; ) {
    let end = Math.min(start + PART_CHARS, piece.length);
    const last = piece.charCodeAt(end - 1);
    if (end < piece.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield piece.slice(start, end);
    start = end;
  }
}
