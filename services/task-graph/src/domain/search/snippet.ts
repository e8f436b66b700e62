// Cuts a readable excerpt of at most `width` characters around the densest cluster of query
// terms: the window holding the most distinct terms wins (earliest on ties). Whitespace is
// collapsed; "…" marks a cut at either end. Without any match, the text's beginning is used.
import { identifierSpans, stem, tokenize } from "../../../../../lib/embedding/index.js";

const SNIPPET_WIDTH = 200;
const LEAD = 40;

export function makeSnippet(text: string, query: string, width = SNIPPET_WIDTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= width) return flat;
  const terms = new Set(tokenize(query, { stem: true }));
  const matches = identifierSpans(flat)
    .map((span) => ({ start: span.start, term: span.tokens.map(stem).find((t) => terms.has(t)) }))
    .filter((m): m is { start: number; term: string } => m.term !== undefined);
  let anchor = 0;
  let best = 0;
  for (let i = 0, j = 0; i < matches.length; i++) {
    while (j < matches.length && matches[j]!.start - matches[i]!.start < width - LEAD) j++;
    const distinct = new Set(matches.slice(i, j).map((m) => m.term)).size;
    if (distinct > best) {
      best = distinct;
      anchor = matches[i]!.start;
    }
  }
  let start = Math.max(0, anchor - LEAD);
  if (start > 0) {
    const space = flat.indexOf(" ", start);
    start = space >= 0 && space < anchor ? space + 1 : start;
  }
  let end = Math.min(flat.length, start + width - 2);
  if (end < flat.length) {
    const space = flat.lastIndexOf(" ", end);
    if (space > start + width / 2) end = space;
  }
  return `${start > 0 ? "…" : ""}${flat.slice(start, end)}${end < flat.length ? "…" : ""}`;
}
