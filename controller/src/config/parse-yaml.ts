// YAML text → plain data plus the source position of every key and value, so a problem found
// later can be reported as file:line:col. Aliases and merge keys (`<<: *base`) are expanded here.
import { type Document, isAlias, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { SourcePos } from "./errors.js";

export type PathSegment = string | number;

/** Positions of keys and values by option path. */
export class Positions {
  private readonly keys = new Map<string, SourcePos>();
  private readonly values = new Map<string, SourcePos>();

  static id(path: readonly PathSegment[]): string {
    return path.join("\u0000");
  }
  setKey(path: readonly PathSegment[], pos: SourcePos): void {
    if (!this.keys.has(Positions.id(path))) this.keys.set(Positions.id(path), pos);
  }
  setValue(path: readonly PathSegment[], pos: SourcePos): void {
    if (!this.values.has(Positions.id(path))) this.values.set(Positions.id(path), pos);
  }
  key(path: readonly PathSegment[]): SourcePos | undefined {
    return this.keys.get(Positions.id(path));
  }
  value(path: readonly PathSegment[]): SourcePos | undefined {
    return this.values.get(Positions.id(path));
  }
}

export interface SyntaxProblem {
  message: string;
  pos: SourcePos;
}

export interface ParsedYaml {
  data: unknown;
  positions: Positions;
  /** YAML syntax errors (duplicate keys included); when non-empty, `data` must not be used. */
  syntaxProblems: SyntaxProblem[];
}

const MAX_DEPTH = 64;

export function parseYaml(text: string): ParsedYaml {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number): SourcePos => lines.linePos(offset);
  const syntaxProblems: SyntaxProblem[] = doc.errors.map((err) => ({
    message: err.message.replace(/\s+/g, " ").trim(),
    pos: at(err.pos[0]),
  }));
  const positions = new Positions();
  if (syntaxProblems.length > 0) return { data: undefined, positions, syntaxProblems };
  const walker = new Walker(doc, positions, at, syntaxProblems);
  const data = walker.walk(doc.contents as Node | null, [], 0);
  return { data, positions, syntaxProblems };
}

class Walker {
  constructor(
    private readonly doc: Document,
    private readonly positions: Positions,
    private readonly at: (offset: number) => SourcePos,
    private readonly problems: SyntaxProblem[],
  ) {}

  walk(node: Node | null | undefined, path: PathSegment[], depth: number): unknown {
    if (node === null || node === undefined) return null;
    if (node.range) this.positions.setValue(path, this.at(node.range[0]));
    if (depth > MAX_DEPTH) {
      this.problems.push({
        message: `nesting deeper than ${MAX_DEPTH} levels (a recursive alias?)`,
        pos: this.pos(node),
      });
      return null;
    }
    if (isAlias(node)) return this.walk(node.resolve(this.doc) as Node | undefined, path, depth + 1);
    if (isScalar(node)) return node.value;
    if (isSeq(node)) return node.items.map((item, i) => this.walk(item as Node, [...path, i], depth + 1));
    if (isMap(node)) return this.walkMap(node, path, depth);
    return null;
  }

  private walkMap(node: Node, path: PathSegment[], depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = Object.create(null);
    const merges: Node[] = [];
    for (const pair of (node as unknown as { items: { key: Node | null; value: Node | null }[] }).items) {
      const key = pair.key;
      if (!isScalar(key) || key.value === null || typeof key.value === "object") {
        this.problems.push({ message: "map keys must be plain scalars", pos: this.pos(key ?? node) });
        continue;
      }
      const name = String(key.value);
      if (name === "<<" && key.type === "PLAIN") {
        if (pair.value) merges.push(pair.value);
        continue;
      }
      this.positions.setKey([...path, name], this.pos(key));
      // An empty value (`general:`) has no node of its own: point at the key.
      if (!pair.value?.range) this.positions.setValue([...path, name], this.pos(key));
      out[name] = this.walk(pair.value, [...path, name], depth + 1);
    }
    // Merge keys: explicit keys win, then earlier merge sources win over later ones.
    for (const source of merges.flatMap((m) => (isSeq(m) ? (m.items as Node[]) : [m]))) {
      const merged = this.walk(source, path, depth + 1);
      if (merged === null || typeof merged !== "object" || Array.isArray(merged)) {
        this.problems.push({ message: "a merge key (<<) must refer to a map", pos: this.pos(source) });
        continue;
      }
      for (const [k, v] of Object.entries(merged)) if (!(k in out)) out[k] = v;
    }
    return out;
  }

  private pos(node: Node): SourcePos {
    return this.at(node.range?.[0] ?? 0);
  }
}
