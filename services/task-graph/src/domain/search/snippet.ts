// Cuts a readable excerpt of at most `width` characters around the densest cluster of query
// terms: the window holding the most distinct terms wins (earliest on ties). Whitespace is
// collapsed; "…" marks a cut at either end. Without any match, the text's beginning is used.
// Files run to a megabyte: the identifiers are scanned without an object each, each distinct one
// is matched against the query once, and the window slides with counts (this was most of a code
// search's time).
import { forEachIdentifier, identifierStems, tokenize } from "../../../../../lib/embedding/index.js";

const SNIPPET_WIDTH = 200;
const LEAD = 40;

interface Match {
  start: number;
  term: string;
}

export function makeSnippet(text: string, query: string, width = SNIPPET_WIDTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= width) return flat;
  const anchor = densestStart(queryMatches(flat, new Set(tokenize(query, { stem: true }))), width - LEAD);
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

/** Where the identifiers holding a query term start, each with the first such term of its tokens. */
function queryMatches(flat: string, terms: ReadonlySet<string>): Match[] {
  const matches: Match[] = [];
  const termOf = new Map<string, string | null>();
  forEachIdentifier(flat, (start, identifier) => {
    let term = termOf.get(identifier);
    if (term === undefined) {
      term = identifierStems(identifier).find((t) => terms.has(t)) ?? null;
      termOf.set(identifier, term);
    }
    if (term !== null) matches.push({ start, term });
  });
  return matches;
}

/** The start of the first match whose window (`span` characters on) holds the most distinct terms; 0 without any. */
function densestStart(matches: Match[], span: number): number {
  const inWindow = new Map<string, number>();
  let anchor = 0;
  let best = 0;
  for (let i = 0, j = 0; i < matches.length; i++) {
    for (; j < matches.length && matches[j]!.start - matches[i]!.start < span; j++)
      inWindow.set(matches[j]!.term, (inWindow.get(matches[j]!.term) ?? 0) + 1);
    if (inWindow.size > best) {
      best = inWindow.size;
      anchor = matches[i]!.start;
    }
    const left = inWindow.get(matches[i]!.term)!;
    if (left === 1) inWindow.delete(matches[i]!.term);
    else inWindow.set(matches[i]!.term, left - 1);
  }
  return anchor;
}
