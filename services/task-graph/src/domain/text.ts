// Strings that cannot be stored faithfully (lone surrogates, NUL) are refused by name, in any
// field. Lengths (grapheme clusters) and blankness are rules of the route schemas
// (src/schemas/common.ts: x-max-graphemes and the visible-character pattern), enforced there.
import { nextTurn } from "../../../../lib/turns/index.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored, or null when it can. */
function malformation(text: string): string | null {
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

/** Work between two turns of the event loop. */
const SLICE_MS = 8;

/**
 * findMalformed of a large body (an 8 MiB code upload), giving way to the event loop between the
 * items of its top-level arrays: the same answer, without holding the loop 50-100 ms for one body
 * (issue 25 point 5).
 */
export async function findMalformedInSlices(value: unknown): Promise<Malformed | null> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return findMalformed(value);
  let since = performance.now();
  for (const [key, inner] of Object.entries(value)) {
    const keyRule = malformation(key);
    if (keyRule) return { field: key, rule: `is a property name that ${keyRule}` };
    if (!Array.isArray(inner)) {
      const found = findMalformed(inner, key);
      if (found) return found;
      continue;
    }
    for (let i = 0; i < inner.length; i++) {
      const found = findMalformed(inner[i], `${key}[${i}]`);
      if (found) return found;
      if (performance.now() - since >= SLICE_MS) {
        await nextTurn();
        since = performance.now();
      }
    }
  }
  return null;
}
