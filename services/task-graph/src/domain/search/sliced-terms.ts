// A document's lexical terms (LexicalIndex.set's) computed piece by piece, pausing in between: a
// megabyte source file took ~50 ms to tokenise in one go. Pieces are cut where no token spans,
// so they give the same tokens in the same order: the same terms map.
import { addFieldTerms, type Field } from "../../../../../lib/search/index.js";
import type { TimeSlicer } from "./time-slicer.js";

/**
 * Characters tokenised between two pauses: about a millisecond of work, but while V8 marks the
 * heap every 64 KB allocated costs up to 5 ms more, and 32K characters at once (the tokens and
 * the terms map) were tasks of 40-50 ms at 20,000 files (issue 25 point 5).
 */
export const PIECE_CHARS = 8192;

export async function slicedTerms(fields: Field[], slicer: TimeSlicer): Promise<Map<string, number>> {
  const terms = new Map<string, number>();
  for (const [text, boost, names = false] of fields) {
    for (let at = 0; at < text.length; ) {
      const end = pieceEnd(text, at);
      addFieldTerms(terms, at === 0 && end === text.length ? text : text.slice(at, end), boost, names);
      at = end;
      await slicer.pause();
    }
  }
  return terms;
}

/**
 * The end of the piece starting at `at`: the first character after PIECE_CHARS that no token
 * spans (not a letter, digit, `_`, `$`, nor a joiner `.-/:`), or the text's end. Whitespace alone
 * is not enough: a one-line file (`var a=b+b+…+b`, minified code) has none, and was one piece.
 */
function pieceEnd(text: string, at: number): number {
  if (text.length - at <= PIECE_CHARS) return text.length;
  const boundary = /[^\p{L}\p{N}_$.\-/:]/gu;
  boundary.lastIndex = at + PIECE_CHARS;
  return boundary.exec(text)?.index ?? text.length;
}
