// A route path written as a regular expression (Express's guide, "Route paths": "route paths can
// be strings, string patterns, or regular expressions"; `app.get(/^\/([a-z0-9-]+)\.json$/, …)`)
// as the manifest's path template: the literal text as it is, each capture group a parameter
// named after its index (Express hands it over as `req.params[0]`, `req.params[1]`…), a named
// group `(?<slug>…)` under its name (a group with literal text in it is written out), any other
// part that varies (`\w+`, `[a-z]+`, `.*`) a parameter `{partN}`, a lone `.` the dot, optional parts (`x?`, `(…)?`, `\/?`) left out, so the path is one the route
// answers. A pattern of alternatives (`^\/a$|^\/b$`) gives one path each. The pattern's text is
// read, not run.

const CLASS_ESCAPES = new Set(["d", "D", "w", "W", "s", "S"]);

/** The templates a route's regex pattern stands for (one per top-level alternative). */
export function regexPathTemplates(pattern: string): string[] {
  const reader = new PatternReader();
  return splitTopLevel(pattern).map((alternative) => {
    let body = alternative.startsWith("^") ? alternative.slice(1) : alternative;
    if (body.endsWith("$") && !body.endsWith("\\$")) body = body.slice(0, -1);
    const path = reader.read(body).replace(/\/{2,}/g, "/");
    return path.startsWith("/") ? path : `/${path}`;
  });
}

class PatternReader {
  private captures = 0;
  private parts = 0;

  read(body: string): string {
    let out = "";
    let varying = false; // the last thing written is a slot: a varying part joins it
    for (let i = 0; i < body.length; ) {
      const { atom, end, kind } = atomAt(body, i);
      const quantifier = /^(\?|\*|\+|\{\d*,?\d*\})\??/.exec(body.slice(end))?.[0] ?? "";
      i = end + quantifier.length;
      if (quantifier.startsWith("?") || quantifier.startsWith("*") || quantifier.startsWith("{0")) {
        if (kind === "group") this.countCaptures(atom);
        continue; // optional: the path without it is answered
      }
      if (kind === "literal") {
        out += atom;
        varying = false;
      } else if (kind === "group") {
        out += this.group(atom);
        varying = out.endsWith("}");
      } else if (kind === "varying" && !varying) {
        out += `{part${++this.parts}}`;
        varying = true;
      }
    }
    return out;
  }

  /**
   * `(…)` → `{paramN}`, `(?<name>…)` → `{name}`, `(?:…)` → its own text; lookarounds → nothing.
   * Alternatives (`(posts|pages)`) vary: one parameter.
   */
  private group(atom: string): string {
    const inner = atom.slice(1, -1);
    if (/^\?<?[=!]/.test(inner)) return "";
    const capture = !inner.startsWith("?:");
    const named = /^\?<([A-Za-z_$][\w$]*)>/.exec(inner);
    const body = capture ? inner.slice(named ? named[0].length : 0) : inner.slice(2);
    const index = capture ? this.captures++ : -1;
    const parts = this.parts;
    const text = splitTopLevel(body).length > 1 ? this.skip(body) : this.read(body);
    // One varying part is the parameter; with literal text around it (`([\w-]+\/favicon.png)`)
    // the group is written out, so the path stays one the route answers.
    if (!capture || !/^\{part\d+\}$/.test(text)) return text;
    this.parts = parts;
    return `{${named ? named[1] : `param${index}`}}`;
  }

  /** A part read as one varying slot, its capture groups counted. */
  private skip(body: string): string {
    this.countCaptures(body);
    return `{part${++this.parts}}`;
  }

  /** Capture groups inside a group taken whole still take their indexes. */
  private countCaptures(text: string): void {
    for (let i = 0; i < text.length; i++) {
      if (text[i] === "\\") i++;
      else if (text[i] === "[") i = classEnd(text, i);
      else if (
        text[i] === "(" &&
        (text[i + 1] !== "?" || text[i + 2] === "<") &&
        !/^\(\?<[=!]/.test(text.slice(i))
      )
        this.captures++;
    }
  }
}

type AtomKind = "literal" | "varying" | "group";

function atomAt(body: string, i: number): { atom: string; end: number; kind: AtomKind } {
  const ch = body[i]!;
  if (ch === "\\") {
    const next = body[i + 1] ?? "";
    return { atom: next, end: i + 2, kind: CLASS_ESCAPES.has(next) ? "varying" : "literal" };
  }
  if (ch === "[") return { atom: "", end: classEnd(body, i) + 1, kind: "varying" };
  if (ch === "(") {
    const end = groupEnd(body, i);
    return { atom: body.slice(i, end + 1), end: end + 1, kind: "group" };
  }
  // `.` matches any character, a dot too: alone it is written as the dot its author meant.
  if (ch === ".")
    return /^[*+]/.test(body.slice(i + 1))
      ? { atom: "", end: i + 1, kind: "varying" }
      : { atom: ".", end: i + 1, kind: "literal" };
  return { atom: ch, end: i + 1, kind: "literal" };
}

/** The index of the `]` closing the class opened at `open`. */
function classEnd(body: string, open: number): number {
  for (let j = open + 1; j < body.length; j++) {
    if (body[j] === "\\") j++;
    else if (body[j] === "]" && j > open + 1) return j;
  }
  return body.length - 1;
}

/** The index of the `)` closing the group opened at `open`. */
function groupEnd(body: string, open: number): number {
  let depth = 0;
  for (let j = open; j < body.length; j++) {
    if (body[j] === "\\") j++;
    else if (body[j] === "[") j = classEnd(body, j);
    else if (body[j] === "(") depth++;
    else if (body[j] === ")" && --depth === 0) return j;
  }
  return body.length - 1;
}

/**
 * `^\/a$|^\/b$` → its alternatives; `|` inside a group or a class, or escaped, belongs to it. Also
 * what splits a string path's alternations (`/users|register`, paths.ts).
 */
export function splitTopLevel(pattern: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let j = 0; j < pattern.length; j++) {
    if (pattern[j] === "\\") j++;
    else if (pattern[j] === "[") j = classEnd(pattern, j);
    else if (pattern[j] === "(") depth++;
    else if (pattern[j] === ")") depth--;
    else if (pattern[j] === "|" && depth === 0) {
      out.push(pattern.slice(start, j));
      start = j + 1;
    }
  }
  out.push(pattern.slice(start));
  return out;
}
