// A large JSON request body (a code upload is up to 8 MiB) parsed in pieces, with turns of the
// event loop between them: JSON.parse of the whole held the loop for 40-170 ms per body while a
// 20,000-file repository was uploaded (issue 25 point 5). The top-level object's members, and the
// items of a member that is an array, are cut out by a scanner that knows only strings and
// brackets, and each piece goes through the service's own safe parser (`parsePiece`); the
// punctuation between pieces is checked here. The result is JSON.parse's; a body that is not
// valid JSON is refused like by one parse (a SyntaxError with status 400), and anything this
// scanner does not handle (a top level that is not an object, a `__proto__` or `constructor`
// key) is parsed whole by `parsePiece`.

/** Work between two turns of the event loop. */
const SLICE_MS = 8;

export async function parseJsonInSlices(
  text: string,
  parsePiece: (piece: string) => unknown,
  sliceMs = SLICE_MS,
): Promise<unknown> {
  let since = performance.now();
  const tick = async () => {
    if (performance.now() - since < sliceMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
  const scan = new Scanner(text);
  if (text[scan.skipSpace(0)] !== "{") return parsePiece(text);
  const out: Record<string, unknown> = {};
  let pos = scan.skipSpace(scan.skipSpace(0) + 1);
  if (text[pos] === "}") return scan.end(pos + 1, out);
  for (;;) {
    if (text[pos] !== '"') throw invalid(pos);
    const keyEnd = scan.stringEnd(pos);
    const key = parsePiece(text.slice(pos, keyEnd)) as string;
    if (key === "__proto__" || key === "constructor") return parsePiece(text);
    pos = scan.expect(scan.skipSpace(keyEnd), ":");
    pos = scan.skipSpace(pos);
    if (text[pos] === "[") {
      const items: unknown[] = [];
      pos = scan.skipSpace(pos + 1);
      if (text[pos] === "]") pos++;
      else {
        for (;;) {
          const end = scan.valueEnd(pos);
          items.push(parsePiece(text.slice(pos, end)));
          await tick();
          pos = scan.skipSpace(end);
          if (text[pos] === "]") {
            pos++;
            break;
          }
          pos = scan.skipSpace(scan.expect(pos, ","));
        }
      }
      out[key] = items;
    } else {
      const end = scan.valueEnd(pos);
      out[key] = parsePiece(text.slice(pos, end));
      pos = end;
    }
    await tick();
    pos = scan.skipSpace(pos);
    if (text[pos] === "}") return scan.end(pos + 1, out);
    pos = scan.skipSpace(scan.expect(pos, ","));
  }
}

/** The refusal of a body that is not JSON: what the error handler maps to 400 INVALID_JSON. */
function invalid(pos: number): Error {
  return Object.assign(new SyntaxError(`Unexpected token in JSON at position ${pos}`), { statusCode: 400 });
}

class Scanner {
  constructor(private readonly text: string) {}

  skipSpace(pos: number): number {
    const t = this.text;
    while (pos < t.length) {
      const c = t.charCodeAt(pos);
      // JSON's whitespace: space, tab, line feed, carriage return.
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
      pos++;
    }
    return pos;
  }

  expect(pos: number, char: string): number {
    if (this.text[pos] !== char) throw invalid(pos);
    return pos + 1;
  }

  /** Only whitespace may follow the top-level value. */
  end<T>(pos: number, value: T): T {
    if (this.skipSpace(pos) !== this.text.length) throw invalid(pos);
    return value;
  }

  /** The index after the string starting (with its quote) at `pos`. */
  stringEnd(pos: number): number {
    const t = this.text;
    for (let from = pos + 1; ; ) {
      const quote = t.indexOf('"', from);
      if (quote < 0) throw invalid(t.length);
      // Escaped when an odd number of backslashes comes before it.
      let backslashes = 0;
      while (t.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
      if (backslashes % 2 === 0) return quote + 1;
      from = quote + 1;
    }
  }

  /** The index after the value starting at `pos` (its validity is parsePiece's to check). */
  valueEnd(pos: number): number {
    const t = this.text;
    const first = t.charCodeAt(pos);
    if (first === 0x22) return this.stringEnd(pos);
    if (first === 0x7b || first === 0x5b) {
      // From one quote or bracket to the next (a native search), strings skipped whole.
      const marks = /["{}[\]]/g;
      let depth = 0;
      for (let i = pos; ; ) {
        marks.lastIndex = i;
        const found = marks.exec(t);
        if (!found) throw invalid(t.length);
        const c = found[0];
        if (c === '"') {
          i = this.stringEnd(found.index);
          continue;
        }
        if (c === "{" || c === "[") depth++;
        else if (--depth === 0) return found.index + 1;
        i = found.index + 1;
      }
    }
    // A number or a literal: up to the next punctuation or whitespace.
    let i = pos;
    while (i < t.length && !",]} \t\n\r".includes(t[i]!)) i++;
    if (i === pos) throw invalid(pos);
    return i;
  }
}
