/**
 * The `x-` keywords route schemas may use beyond JSON Schema, declared to the services' Ajv.
 * They are OpenAPI extensions, so /docs/json shows them where the limits are:
 * - `x-message` (annotation): wording of a rule's error (validation-message.ts);
 * - `x-trim` (annotation): surrounding whitespace removed before validation (body-trim.ts);
 * - `x-max-graphemes: N`: at most N user-perceived characters (grapheme clusters), the way
 *   people count; JSON Schema's maxLength counts code points, so "é" typed as e + accent is 2;
 * - `x-unique-ignoring-case: true`: array items distinct when compared case-insensitively.
 */

import { TRIM_KEYWORD } from "./body-trim.js";
import { graphemeLength } from "./text.js";

export const MAX_GRAPHEMES = "x-max-graphemes";
export const UNIQUE_IGNORING_CASE = "x-unique-ignoring-case";

interface KeywordDefinition {
  keyword: string;
  type?: string;
  schemaType?: string;
  errors?: boolean;
  validate?: (schema: never, data: never) => boolean;
}

/** The first item equal to an earlier one when compared case-insensitively, as [earlier, later]. */
export function caseInsensitiveDuplicate(items: unknown[]): [string, string] | null {
  const seen = new Map<string, string>();
  for (const item of items) {
    if (typeof item !== "string") continue;
    const key = item.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) return [first, item];
    seen.set(key, item);
  }
  return null;
}

export const SCHEMA_KEYWORDS: KeywordDefinition[] = [
  { keyword: "x-message" },
  { keyword: TRIM_KEYWORD },
  {
    keyword: MAX_GRAPHEMES,
    type: "string",
    schemaType: "number",
    errors: false,
    validate: ((max: number, data: string) => graphemeLength(data) <= max) as never,
  },
  {
    keyword: UNIQUE_IGNORING_CASE,
    type: "array",
    schemaType: "boolean",
    errors: false,
    validate: ((on: boolean, data: unknown[]) => !on || caseInsensitiveDuplicate(data) === null) as never,
  },
];
