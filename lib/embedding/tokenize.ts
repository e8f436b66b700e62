// Identifier-aware tokenizer shared by the hashing embedder and the lexical side of RAG search.
// Code and issue texts mix prose with identifiers (getUserById, auth_service, api.v1.login), so
// each identifier yields its parts and, when it has more than one part, itself as a whole.

import { remember } from "../collections/index.js";
import { stem } from "./stem.js";
import { isStopword } from "./stopwords.js";

// An identifier: letters/digits/underscore/$, optionally joined by . - / into one dotted path.
const IDENTIFIER = /[\p{L}\p{N}_$]+(?:[.\-/:][\p{L}\p{N}_$]+)*/gu;
// Boundaries inside an identifier: separators, lower→Upper, ACRONYMWord, letter↔digit.
const PART_SPLIT = /[._\-/:$]+|(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

export interface TokenizeOptions {
  /** Drop common English words among the parts (whole identifiers are always kept). @default true */
  dropStopwords?: boolean;
  /** Reduce each part to its stem ("charts" → "chart"); whole identifiers are kept as written. @default false */
  stem?: boolean;
}

/** Splits one identifier into lowercase parts: "getHTTPResponse_v2" → ["get","http","response","v2"]. */
export function splitIdentifier(identifier: string): string[] {
  const parts: string[] = [];
  for (const raw of identifier.split(PART_SPLIT)) {
    if (raw.length > 0) parts.push(raw.toLowerCase());
  }
  return parts;
}

export interface IdentifierSpan {
  /** Offset of the identifier in the text (UTF-16 code units). */
  start: number;
  end: number;
  /** Its lowercase parts, plus the whole identifier when it has several parts. */
  tokens: string[];
}

/** Every identifier in `text` with its position, for callers that cut snippets around matches. */
export function identifierSpans(text: string): IdentifierSpan[] {
  const spans: IdentifierSpan[] = [];
  for (const match of text.matchAll(IDENTIFIER)) {
    const parts = splitIdentifier(match[0]);
    const tokens = parts.length > 1 ? [...parts, match[0].toLowerCase()] : parts;
    spans.push({ start: match.index, end: match.index + match[0].length, tokens });
  }
  return spans;
}

/**
 * Identifiers whose tokens are remembered per option set before the memo starts over. At 50,000 the
 * memos were 390,000 live objects in a service indexing 2,000 files, a sixth of its heap, for the
 * collector to visit (issue 25 point 5); 10,000 keeps most of the hits (tokenizing 20,000 files
 * costs about 5 % more CPU).
 */
const MEMO_LIMIT = 10_000;
/**
 * The tokens of one identifier, per option set (index: 2 × stemmed + stopwords dropped): code
 * repeats its identifiers, and splitting and stemming each again was most of indexing a file for
 * search.
 */
const identifierTokens = new Map<number, Map<string, readonly string[]>>();

/** identifierStems' memo, bounded like tokenize's. */
const identifierStemMemo = new Map<string, readonly string[]>();

/** identifierSpans' tokens of one identifier, each stemmed. */
export function identifierStems(identifier: string): readonly string[] {
  const stems = identifierStemMemo.get(identifier);
  if (stems) return stems;
  const parts = splitIdentifier(identifier);
  const made = (parts.length > 1 ? [...parts, identifier.toLowerCase()] : parts).map(stem);
  return remember(identifierStemMemo, identifier, made, MEMO_LIMIT);
}

/**
 * Calls `visit` for every identifier of `text`, in order, with its offset: identifierSpans without
 * an object per identifier of a long file (snippets are cut out of megabyte files). The
 * identifiers come from one match(), each offset from indexOf at the previous one's end: an
 * occurrence before the regex's own match would have been matched first.
 */
export function forEachIdentifier(text: string, visit: (start: number, identifier: string) => void): void {
  let at = 0;
  for (const identifier of text.match(IDENTIFIER) ?? []) {
    const start = text.indexOf(identifier, at);
    at = start + identifier.length;
    visit(start, identifier);
  }
}

function tokensOfIdentifier(
  identifier: string,
  memo: Map<string, readonly string[]>,
  dropStopwords: boolean,
  stemmed: boolean,
): readonly string[] {
  const known = memo.get(identifier);
  if (known) return known;
  const tokens: string[] = [];
  const parts = splitIdentifier(identifier);
  for (const part of parts) {
    if (!dropStopwords || !isStopword(part)) tokens.push(stemmed ? stem(part) : part);
  }
  if (parts.length > 1) tokens.push(identifier.toLowerCase());
  return remember(memo, identifier, tokens, MEMO_LIMIT);
}

/** Lowercase tokens of `text`, in order, with repeats (term frequency matters to callers). */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  const tokens: string[] = [];
  forEachToken(text, options, (token) => tokens.push(token));
  return tokens;
}

/**
 * tokenize()'s tokens handed to `visit` one by one, without an array of them: indexing counts
 * terms straight into a map (a 20,000-file upload made hundreds of MB of token arrays).
 */
export function forEachToken(text: string, options: TokenizeOptions, visit: (token: string) => void): void {
  const dropStopwords = options.dropStopwords ?? true;
  const stemmed = options.stem ?? false;
  const optionSet = (stemmed ? 2 : 0) + (dropStopwords ? 1 : 0);
  let memo = identifierTokens.get(optionSet);
  if (!memo) {
    memo = new Map();
    identifierTokens.set(optionSet, memo);
  }
  // match(), not matchAll(): the identifiers alone, without a match object for each.
  for (const identifier of text.match(IDENTIFIER) ?? []) {
    for (const token of tokensOfIdentifier(identifier, memo, dropStopwords, stemmed)) visit(token);
  }
}
