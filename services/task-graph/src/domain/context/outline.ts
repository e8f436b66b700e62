// What of a ranked file is shown: its relevant symbols (named by the issue, sharing its words,
// used by other ranked files) with signatures, and a signature-level snippet: those symbols'
// declaration lines plus the lines that name what the issue names, each with its line number.
// Never the whole file.

import type { CodeSymbol } from "../../../../../lib/code-graph/index.js";
import { tokenize } from "../../../../../lib/embedding/index.js";

export interface ShownSymbol {
  name: string;
  kind: string;
  line: number;
  signature: string;
  score: number;
}

export interface OutlineInput {
  symbols: CodeSymbol[];
  /** Names the issue names in this file. */
  named: Set<string>;
  /** The stemmed terms. */
  terms: Set<string>;
  /** Symbol ids of this file referenced from other ranked files. */
  usedElsewhere: Set<string>;
  text: string | undefined;
  /** What makes a line worth showing: naming one of the identifiers (linesNaming). */
  linePattern: RegExp | null;
}

/**
 * A line names one of `words` (lower-cased, as the lines are compared): one test of a pattern of
 * them all instead of an includes() per word, the same lines. Null for no word.
 */
export function linesNaming(words: string[]): RegExp | null {
  if (words.length === 0) return null;
  return new RegExp(words.map((w) => w.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"));
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** A symbol's name as stemmed words (symbols are replaced, never changed, when their file is). */
const nameParts = new WeakMap<CodeSymbol, Set<string>>();

function partsOf(symbol: CodeSymbol): Set<string> {
  let parts = nameParts.get(symbol);
  if (!parts) {
    parts = new Set(tokenize(symbol.name, { stem: true }));
    nameParts.set(symbol, parts);
  }
  return parts;
}

/** The last texts' lines as written and lower-cased: a request renders a file at up to three detail levels. */
const recentLines = new Map<string, { lines: string[]; lower: string[] }>();
const RECENT_TEXTS = 64;

function linesOf(text: string): { lines: string[]; lower: string[] } {
  let found = recentLines.get(text);
  if (found) {
    recentLines.delete(text);
  } else {
    const lines = text.split("\n");
    found = { lines, lower: lines.map((l) => l.toLowerCase()) };
    if (recentLines.size >= RECENT_TEXTS) recentLines.delete(recentLines.keys().next().value!);
  }
  recentLines.set(text, found);
  return found;
}

export function relevantSymbols(input: OutlineInput, max: number): ShownSymbol[] {
  const scored = input.symbols.map((s) => {
    const parts = partsOf(s);
    let overlap = 0;
    for (const p of parts) if (input.terms.has(p)) overlap++;
    const score =
      (input.named.has(s.name) ? 0.6 : 0) +
      (parts.size ? 0.25 * (overlap / parts.size) : 0) +
      (input.usedElsewhere.has(s.id) ? 0.1 : 0) +
      (s.exported ? 0.05 : 0);
    return { symbol: s, score: round(Math.min(1, score)) };
  });
  const useful = scored.filter((x) => x.score > 0.05);
  // Nothing points inside the file: show its exported outline, the way a repository map does.
  const chosen = (useful.length ? useful : scored.filter((x) => x.symbol.exported))
    .sort((a, b) => b.score - a.score || a.symbol.line - b.symbol.line)
    .slice(0, max);
  return chosen.map(({ symbol, score }) => ({
    name: symbol.name,
    kind: symbol.kind,
    line: symbol.line,
    signature: symbol.signature,
    score,
  }));
}

/** `line: text` for the shown symbols' declarations and up to `maxLines` lines naming the issue's words. */
export function snippetOf(symbols: ShownSymbol[], input: OutlineInput, maxLines: number): string {
  const lines = new Map<number, string>();
  for (const s of symbols) lines.set(s.line, s.signature);
  const pattern = input.linePattern;
  if (input.text && maxLines > 0 && pattern) {
    const { lines: source, lower: lowered } = linesOf(input.text);
    let added = 0;
    for (let i = 0; i < source.length && added < maxLines; i++) {
      if (lines.has(i + 1)) continue;
      if (!pattern.test(lowered[i]!)) continue;
      const trimmed = source[i]!.trim();
      if (!trimmed) continue;
      lines.set(i + 1, trimmed.length > 160 ? `${trimmed.slice(0, 157)}...` : trimmed);
      added++;
    }
  }
  return [...lines.entries()]
    .sort(([a], [b]) => a - b)
    .map(([n, text]) => `${n}: ${text}`)
    .join("\n");
}
