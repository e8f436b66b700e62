// Long work on the event loop in slices: `tick()` resolves at once inside a slice and after the
// loop's next turn past it, so requests interleave with a large write (issue 25 point 5: no task
// over 50 ms while a 20,000-file repository is indexed). Copied from lib/code-graph's Yielder in
// spirit; the adapters do not depend on the code-graph library.
export class LoopSlices {
  #since = performance.now();

  constructor(readonly sliceMs = 8) {}

  tick(): Promise<void> | undefined {
    if (performance.now() - this.#since < this.sliceMs) return undefined;
    return new Promise((resolve) =>
      setImmediate(() => {
        this.#since = performance.now();
        resolve();
      }),
    );
  }
}

/** Bytes gathered into one buffer (and encoded between two looks at the clock). */
const BUFFER_BYTES = 1024 * 1024;

/**
 * `pieces` joined, as UTF-8 buffers of about a MiB, encoded a piece at a time: a code write's
 * journal line is tens of MB, and one string of it cost a flatten and an encode of the whole in
 * one task. Each piece must be whole characters (no lone half of a surrogate pair at its ends).
 */
export async function utf8InSlices(pieces: readonly string[], slices = new LoopSlices()): Promise<Buffer[]> {
  if (pieces.length === 1) return [Buffer.from(pieces[0]!)];
  const out: Buffer[] = [];
  let group: Buffer[] = [];
  let bytes = 0;
  for (const piece of pieces) {
    const buffer = Buffer.from(piece);
    group.push(buffer);
    bytes += buffer.length;
    if (bytes < BUFFER_BYTES) continue;
    out.push(Buffer.concat(group, bytes));
    [group, bytes] = [[], 0];
    await slices.tick();
  }
  if (group.length) out.push(Buffer.concat(group, bytes));
  return out;
}
