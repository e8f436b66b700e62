// Collects problems and warnings while a config is resolved, attaching source positions.
import { ConfigProblem, type SourcePos } from "./errors.js";
import { type PathSegment, Positions } from "./parse-yaml.js";

export type Path = readonly PathSegment[];

/** Where in the source a problem points: the value, the key, or the key of the enclosing block. */
export type Anchor = "value" | "key" | "parent";

function formatPath(path: Path): string {
  let out = "";
  for (const seg of path) out += typeof seg === "number" ? `[${seg}]` : out ? `.${seg}` : seg;
  return out || "(root)";
}

export class ResolveContext {
  readonly problems: ConfigProblem[] = [];
  readonly warnings: ConfigProblem[] = [];

  constructor(
    readonly positions: Positions = new Positions(),
    /** File name to show; undefined when validating data that did not come from a file. */
    readonly file?: string,
    /** Unknown keys are errors when true, warnings when false. */
    public strict = true,
  ) {}

  error(path: Path, message: string, anchor: Anchor = "value"): void {
    this.problems.push(new ConfigProblem(formatPath(path), message, this.file, this.locate(path, anchor)));
  }

  warn(path: Path, message: string, anchor: Anchor = "key"): void {
    this.warnings.push(new ConfigProblem(formatPath(path), message, this.file, this.locate(path, anchor)));
  }

  /** Reports keys of `raw` that are not in `known` (error when strict, warning when lenient). */
  checkKeys(raw: Record<string, unknown>, path: Path, known: readonly string[]): void {
    for (const key of Object.keys(raw)) {
      if (known.includes(key)) continue;
      const hint = suggest(key, known);
      const text = `unknown option${hint ? ` (did you mean "${hint}"?)` : ""}; known options: ${known.join(", ")}`;
      if (this.strict) this.error([...path, key], text, "key");
      else this.warn([...path, key], `${text} (ignored: verification_level is lenient)`);
    }
  }

  private locate(path: Path, anchor: Anchor): SourcePos | undefined {
    if (!this.file) return undefined;
    if (anchor === "key") return this.positions.key(path) ?? this.nearest(path);
    if (anchor === "parent") return this.nearestKey(path.slice(0, -1)) ?? { line: 1, col: 1 };
    return this.positions.value(path) ?? this.nearest(path.slice(0, -1));
  }

  private nearest(path: Path): SourcePos | undefined {
    for (let i = path.length; i >= 0; i--) {
      const p = path.slice(0, i);
      const pos = (i > 0 ? this.positions.key(p) : undefined) ?? this.positions.value(p);
      if (pos) return pos;
    }
    return { line: 1, col: 1 };
  }

  private nearestKey(path: Path): SourcePos | undefined {
    return path.length === 0 ? undefined : (this.positions.key(path) ?? this.nearest(path));
  }
}

/** The closest known option within edit distance 2, for "did you mean" hints. */
function suggest(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = distance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = current;
    }
  }
  return row[b.length]!;
}
