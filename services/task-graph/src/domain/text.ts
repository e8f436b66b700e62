// Text rules for every user-written field: lengths count user-perceived characters (grapheme
// clusters, Intl.Segmenter), a value made only of whitespace or invisible characters is blank,
// and strings that cannot be stored faithfully (lone surrogates, NUL) are refused by name.

import { invalidField } from "./errors.js";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Characters that show nothing on their own: Unicode White_Space, Default_Ignorable_Code_Point
 * (zero-width spaces and joiners, soft hyphen, variation selectors, ...) and format characters
 * (Cf: bidi marks, BOM, invisible operators).
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}]*$/u;

/** Number of grapheme clusters; a string of plain ASCII skips the segmenter. */
export function graphemeLength(text: string): number {
  // Below 0x300 (combining marks) and without CR (CRLF is one cluster), code units are clusters.
  if (/^[\0-\u02ff]*$/.test(text) && !text.includes("\r")) return text.length;
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

/** True when the text has nothing visible: empty, whitespace or invisible characters only. */
export function isBlank(text: string): boolean {
  return INVISIBLE_ONLY.test(text);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored, or null when it can. */
export function malformation(text: string): string | null {
  if (text.includes("\0")) return "must not contain the NUL character (U+0000)";
  if (LONE_SURROGATE.test(text)) return "must not contain a lone UTF-16 surrogate (invalid Unicode)";
  return null;
}

export interface Malformed {
  /** Path of the field, as validation errors name it: `labels[2]`, `title`. */
  field: string;
  rule: string;
}

/** The first string inside `value` (object keys included) that cannot be stored. */
export function findMalformed(value: unknown, path = ""): Malformed | null {
  if (typeof value === "string") {
    const rule = malformation(value);
    return rule ? { field: path || "body", rule } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findMalformed(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      const field = path ? `${path}.${key}` : key;
      const keyRule = malformation(key);
      if (keyRule) return { field, rule: `is a property name that ${keyRule}` };
      const found = findMalformed(inner, field);
      if (found) return found;
    }
  }
  return null;
}

/** A one-line required text: trimmed, not blank, at most `max` characters. */
export function requiredText(field: string, raw: string, max: number): string {
  const value = raw.trim();
  if (isBlank(value))
    throw invalidField(field, "must not be blank (whitespace or invisible characters only)");
  if (graphemeLength(value) > max) {
    throw invalidField(field, `must be at most ${max} characters long after trimming`);
  }
  return value;
}

/** A free text of at most `max` characters (grapheme clusters), kept as given. */
export function limitedText(field: string, value: string, max: number): string {
  if (graphemeLength(value) > max) throw invalidField(field, `must be at most ${max} characters long`);
  return value;
}

/**
 * Labels: each 1..50 characters and not blank, distinct when compared case-insensitively
 * (stored as given).
 */
export function checkLabels(labels: string[]): string[] {
  const seen = new Map<string, string>();
  labels.forEach((label, i) => {
    if (isBlank(label))
      throw invalidField(`labels[${i}]`, "must not be blank (whitespace or invisible characters only)");
    limitedText(`labels[${i}]`, label, 50);
    const key = label.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      throw invalidField(
        "labels",
        `must not contain duplicate items (case-insensitive): "${first}" and "${label}"`,
      );
    }
    seen.set(key, label);
  });
  return labels;
}
