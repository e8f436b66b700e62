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

/** Characters encoded per slice (about a millisecond of work). */
const ENCODE_CHARS = 1024 * 1024;

/** `text` as UTF-8, converted a piece at a time (a code write's journal line may be 50 MB). */
export async function utf8InSlices(text: string, slices = new LoopSlices()): Promise<Buffer[]> {
  if (text.length <= ENCODE_CHARS) return [Buffer.from(text)];
  const out: Buffer[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + ENCODE_CHARS);
    // Never between the two halves of a surrogate pair: each half alone would encode as U+FFFD.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    out.push(Buffer.from(text.slice(start, end)));
    start = end;
    await slices.tick();
  }
  return out;
}
