// Text measured as people see it: lengths in user-perceived characters (grapheme clusters), and
// "blank" meaning nothing visible (whitespace or invisible characters only).

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Characters that show nothing on their own: Unicode White_Space, Default_Ignorable_Code_Point
 * (zero-width spaces and joiners, soft hyphen, variation selectors, ...) and format characters
 * (Cf: bidi marks, BOM, invisible operators).
 */
const INVISIBLE = "\\p{White_Space}\\p{Default_Ignorable_Code_Point}\\p{Cf}";

/**
 * JSON Schema `pattern` (ECMAScript, unicode mode) that a not-blank text matches: it holds at
 * least one visible character. Being a standard keyword, any validator reading the document
 * applies the same rule as the service.
 */
export const VISIBLE_PATTERN = `[^${INVISIBLE}]`;

/** Number of grapheme clusters; a string of plain ASCII skips the segmenter. */
export function graphemeLength(text: string): number {
  // Below 0x300 (combining marks) and without CR (CRLF is one cluster), code units are clusters.
  if (/^[\0-\u02ff]*$/.test(text) && !text.includes("\r")) return text.length;
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}
