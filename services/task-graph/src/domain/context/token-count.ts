// Exact o200k_base token counts, piece by piece. The tokenizer first cuts a text into pieces with
// one pattern and byte-pair encodes each piece alone, never across two: a text's count is the sum
// of its pieces' counts, and a piece's count can be remembered. Agent context counts thousands of
// short JSON texts a request whose pieces ("repo", ":\"", "function") repeat from one request to
// the next; it also needs a text's last piece to count two texts joined (answer-tokens.ts).
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { remember } from "../../../../../lib/collections/index.js";

/**
 * o200k_base's pre-tokenizer, as gpt-tokenizer 4 writes it (its encodingParams/constants.js).
 * test/context/token-count.test.ts checks the counts against countTokens itself.
 */
const CONTRACTION = "(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?";
const PIECES = new RegExp(
  [
    String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+${CONTRACTION}`,
    String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*${CONTRACTION}`,
    String.raw`\p{N}{1,3}`,
    String.raw` ?[^\s\p{L}\p{N}]+[\r\n/]*`,
    String.raw`\s*[\r\n]+`,
    String.raw`\s+(?!\S)`,
    String.raw`\s+`,
  ].join("|"),
  "gu",
);

/** Pieces' counts, kept between requests; bounded (cleared when full: most pieces are short words). */
const COUNTS = new Map<string, number>();
const COUNTS_KEPT = 200_000;

/** The token count of one piece of the pre-tokenizer (a piece alone is cut into itself). */
export function pieceTokens(piece: string): number {
  return COUNTS.get(piece) ?? remember(COUNTS, piece, countTokens(piece), COUNTS_KEPT);
}

export interface PieceCount {
  /** countTokens(text). */
  tokens: number;
  /** The text's last piece ("" for an empty text). */
  last: string;
}

/** countTokens(text), and the last piece it was cut into. Throws as countTokens does on a special token. */
export function countPieces(text: string): PieceCount {
  // Every o200k special token starts "<|"; countTokens refuses them (and counts the rest alike).
  if (text.includes("<|")) countTokens(text);
  let tokens = 0;
  let last = "";
  PIECES.lastIndex = 0;
  for (let match = PIECES.exec(text); match !== null; match = PIECES.exec(text)) {
    last = match[0];
    tokens += pieceTokens(last);
  }
  return { tokens, last };
}
