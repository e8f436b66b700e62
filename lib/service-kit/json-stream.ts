// A large JSON request body parsed while it arrives. Decoding a code upload (up to 8 MiB) and
// then parsing it, even in slices, first made one string of it all: with a few non-Latin-1
// characters that is a copy of 16 MB in one task of the event loop, 20-45 ms at 20,000 files
// (issue 25 point 5). Here each decoded piece goes through a scanner of the top-level object as it
// comes: a member's value, or each item of a member that is an array, is cut out once its last
// character has arrived and goes through the service's own safe parser (`parsePiece`), so no
// string longer than one item is ever made. The result is JSON.parse's; a body that is not valid
// JSON is refused like by one parse (a SyntaxError with status 400). What the scanner does not
// handle (a top level that is not an object, a `__proto__` or `constructor` key) is parsed whole
// at the end from the pieces it keeps.

import { Yielder } from "../turns/index.js";

type State =
  | "start"
  | "key"
  | "firstKey"
  | "colon"
  | "value"
  | "firstItem"
  | "item"
  | "afterItem"
  | "afterMember"
  | "done";

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

function invalid(at: number): Error {
  return Object.assign(new SyntaxError(`Unexpected token in JSON at position ${at}`), { statusCode: 400 });
}

export class JsonBodyStream {
  #state: State = "start";
  /** Every piece, for the few bodies parsed whole at the end. */
  readonly #pieces: string[] = [];
  #whole = false;
  #error: Error | null = null;
  /** Characters before the current piece. */
  #offset = 0;

  readonly #out: Record<string, unknown> = {};
  #key = "";
  #items: unknown[] | null = null;
  /** The value being cut out: its parts so far, and where the scan of it stands. */
  #parts: string[] = [];
  #collecting: "string" | "nested" | "scalar" | null = null;
  #depth = 0;
  #inString = false;
  #escaped = false;

  constructor(private readonly parsePiece: (text: string) => unknown) {}

  write(piece: string): void {
    this.#pieces.push(piece);
    if (this.#whole || this.#error) return;
    try {
      this.#scan(piece);
    } catch (err) {
      this.#error = err as Error;
    }
    this.#offset += piece.length;
  }

  /** The parsed body; throws what a parse of the whole would. */
  end(): unknown {
    if (this.#whole) return this.parsePiece(this.#pieces.join(""));
    if (this.#error) throw this.#error;
    if (this.#state !== "done" || this.#collecting) throw invalid(this.#offset);
    return this.#out;
  }

  #scan(text: string): void {
    let i = 0;
    while (i < text.length) {
      if (this.#collecting) {
        i = this.#collect(text, i);
        if (this.#whole) return;
        continue;
      }
      const c = text.charCodeAt(i);
      if (isSpace(c)) {
        i++;
        continue;
      }
      i = this.#structure(text, i, c);
      if (this.#whole) return;
    }
  }

  /** One character of the top level's punctuation; returns where to go on. */
  #structure(text: string, i: number, c: number): number {
    const at = this.#offset + i;
    switch (this.#state) {
      case "start":
        if (c !== 0x7b) {
          this.#whole = true;
          return i;
        }
        this.#state = "firstKey";
        return i + 1;
      case "firstKey":
      case "key":
        if (c === 0x7d && this.#state === "firstKey") {
          this.#state = "done";
          return i + 1;
        }
        if (c !== 0x22) throw invalid(at);
        return this.#startValue(text, i, "string");
      case "colon":
        if (c !== 0x3a) throw invalid(at);
        this.#state = "value";
        return i + 1;
      case "value":
        if (c === 0x5b) {
          this.#items = [];
          this.#state = "firstItem";
          return i + 1;
        }
        return this.#startValueAt(text, i, c);
      case "firstItem":
      case "item":
        if (c === 0x5d && this.#state === "firstItem") return this.#closeArray(i);
        return this.#startValueAt(text, i, c);
      case "afterItem":
        if (c === 0x5d) return this.#closeArray(i);
        if (c !== 0x2c) throw invalid(at);
        this.#state = "item";
        return i + 1;
      case "afterMember":
        if (c === 0x7d) {
          this.#state = "done";
          return i + 1;
        }
        if (c !== 0x2c) throw invalid(at);
        this.#state = "key";
        return i + 1;
      case "done":
        throw invalid(at);
    }
  }

  #closeArray(i: number): number {
    this.#out[this.#key] = this.#items;
    this.#items = null;
    this.#state = "afterMember";
    return i + 1;
  }

  #startValueAt(text: string, i: number, c: number): number {
    if (c === 0x22) return this.#startValue(text, i, "string");
    if (c === 0x7b || c === 0x5b) return this.#startValue(text, i, "nested");
    if (c === 0x5d || c === 0x7d || c === 0x2c || c === 0x3a) throw invalid(this.#offset + i);
    return this.#startValue(text, i, "scalar");
  }

  #startValue(text: string, i: number, kind: "string" | "nested" | "scalar"): number {
    this.#collecting = kind;
    this.#parts = [];
    this.#depth = 0;
    this.#inString = false;
    this.#escaped = false;
    return this.#collect(text, i);
  }

  /** Scans the value being cut out from `i`; returns where the scan stopped in `text`. */
  #collect(text: string, from: number): number {
    const end = this.#collecting === "scalar" ? scalarEnd(text, from) : this.#nestedEnd(text, from);
    if (end < 0) {
      this.#parts.push(from === 0 ? text : text.slice(from));
      return text.length;
    }
    this.#finishValue(text.slice(from, end));
    return end;
  }

  /**
   * The index after the string or the bracketed value being scanned, or -1 when it goes on past
   * `text`. Strings are skipped a quote or backslash at a time (native searches).
   */
  #nestedEnd(text: string, from: number): number {
    const stringOnly = this.#collecting === "string";
    let i = from;
    if (stringOnly && this.#parts.length === 0 && !this.#inString) {
      this.#inString = true;
      i++;
    }
    for (;;) {
      if (this.#inString) {
        if (this.#escaped) {
          if (i >= text.length) return -1;
          this.#escaped = false;
          i++;
        }
        const next = nextQuoteOrBackslash(text, i);
        if (next < 0) return -1;
        if (text.charCodeAt(next) === 0x5c) {
          this.#escaped = true;
          i = next + 1;
          continue;
        }
        this.#inString = false;
        i = next + 1;
        if (stringOnly) return i;
        continue;
      }
      const mark = nextMark(text, i);
      if (mark < 0) return -1;
      const c = text.charCodeAt(mark);
      i = mark + 1;
      if (c === 0x22) this.#inString = true;
      else if (c === 0x7b || c === 0x5b) this.#depth++;
      else if (--this.#depth === 0) return i;
    }
  }

  #finishValue(last: string): void {
    this.#parts.push(last);
    const text = this.#parts.length === 1 ? last : this.#parts.join("");
    const wasKey = this.#collecting === "string" && (this.#state === "key" || this.#state === "firstKey");
    this.#collecting = null;
    this.#parts = [];
    const value = this.parsePiece(text);
    if (wasKey) {
      const key = value as string;
      if (key === "__proto__" || key === "constructor") this.#whole = true;
      this.#key = key;
      this.#state = "colon";
      return;
    }
    if (this.#items) {
      this.#items.push(value);
      this.#state = "afterItem";
      return;
    }
    this.#out[this.#key] = value;
    this.#state = "afterMember";
  }
}

const MARKS = /["{}[\]]/g;
const QUOTE_OR_BACKSLASH = /["\\]/g;

function nextMark(text: string, from: number): number {
  MARKS.lastIndex = from;
  return MARKS.exec(text)?.index ?? -1;
}

function nextQuoteOrBackslash(text: string, from: number): number {
  QUOTE_OR_BACKSLASH.lastIndex = from;
  return QUOTE_OR_BACKSLASH.exec(text)?.index ?? -1;
}

/** A number or a literal ends at punctuation or whitespace; -1: not in `text`. */
function scalarEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2c || c === 0x5d || c === 0x7d || isSpace(c)) return i;
  }
  return -1;
}

/**
 * A JsonBodyStream fed from the body's data events, scanning at most `sliceMs` of pieces per turn
 * of the event loop: one turn's poll phase can hand over dozens of 64 KiB reads at once, 2 MB and
 * 50 ms of scanning and parsing in one task.
 */
export class SlicedJsonBody {
  readonly #stream: JsonBodyStream;
  readonly #queue: string[] = [];
  #next = 0;
  #running: Promise<void> | null = null;

  constructor(
    parsePiece: (text: string) => unknown,
    private readonly sliceMs = 8,
  ) {
    this.#stream = new JsonBodyStream(parsePiece);
  }

  write(piece: string): void {
    this.#queue.push(piece);
    this.#kick();
  }

  /** The parsed body, once every piece written is scanned. */
  async end(): Promise<unknown> {
    while (this.#running) await this.#running;
    return this.#stream.end();
  }

  /** Starts the scan unless it runs; once it stops, again if pieces came meanwhile. */
  #kick(): void {
    if (this.#running) return;
    this.#running = this.#run().then(() => {
      this.#running = null;
      if (this.#next < this.#queue.length) this.#kick();
    });
  }

  async #run(): Promise<void> {
    const slices = new Yielder(this.sliceMs);
    while (this.#next < this.#queue.length) {
      this.#stream.write(this.#queue[this.#next]!);
      this.#queue[this.#next++] = "";
      await slices.tick();
    }
    this.#queue.length = 0;
    this.#next = 0;
  }
}
