// Building blocks shared by the route schemas.
import { type TSchema, Type } from "@fastify/type-provider-typebox";
import {
  MAX_GRAPHEMES,
  MAX_PARAM_LENGTH,
  PageQueryProperties,
  VISIBLE_PATTERN,
} from "../../../../lib/service-kit/index.js";

export const Timestamp = Type.String({
  description: "UTC, ISO 8601 without offset, milliseconds: 2026-11-21T23:44:37.588",
  examples: ["2026-11-21T23:44:37.588"],
});

// An id is also a path parameter: its limit is the router's.
export const Id = Type.String({
  minLength: 1,
  maxLength: MAX_PARAM_LENGTH,
  description: "Identifier (UUID).",
});

/**
 * A string from a fixed list, as JSON Schema `enum` rather than TypeBox's anyOf of literals:
 * the validation message then lists the allowed values ("must be one of: ..."), and the
 * response serializer needs no per-value schema matching.
 */
export function StringEnum<T extends string>(values: readonly T[], options: { description?: string } = {}) {
  return Type.Unsafe<T>({ type: "string", enum: [...values], ...options });
}

/** A string or null (OpenAPI 3.0 `nullable`), without an anyOf. */
export function NullableString(
  options: { minLength?: number; maxLength?: number; description?: string } = {},
) {
  return Type.Unsafe<string | null>({ type: "string", nullable: true, ...options });
}

const BLANK = "must not be blank (whitespace or invisible characters only)";

/**
 * User text, measured as people count it: at most `max` characters (grapheme clusters,
 * `x-max-graphemes`, enforced by the kit's Ajv). JSON Schema's own maxLength would count code
 * points, so a name of 100 "é" typed as e + accent would be refused at 101.
 */
export function LimitedText(max: number, description = `At most ${max} characters (grapheme clusters).`) {
  return Type.String({ [MAX_GRAPHEMES]: max, description });
}

/** Like LimitedText, and not blank: at least one visible character (a standard `pattern`). */
export function VisibleText(max: number, description: string) {
  return Type.String({
    minLength: 1,
    pattern: VISIBLE_PATTERN,
    [MAX_GRAPHEMES]: max,
    "x-message": { pattern: BLANK },
    description,
  });
}

/**
 * A required one-line text whose surrounding whitespace is removed before validation (`x-trim`,
 * lib/service-kit/body-trim.ts): `max` is the limit after trimming. Top-level body properties.
 */
export function TrimmedText(max: number, description = "") {
  return Type.String({
    ...VisibleText(max, ""),
    "x-trim": true,
    // Trimmed to nothing is blank too.
    "x-message": { minLength: BLANK, pattern: BLANK },
    description: `1..${max} characters (grapheme clusters) after removing surrounding whitespace; not blank (whitespace or invisible characters only).${description ? ` ${description}` : ""}`,
  });
}

/** A free text kept as given, not blank, at most `max` code points (JSON Schema maxLength). */
export function NonBlankText(max: number, description: string) {
  return Type.String({
    minLength: 1,
    maxLength: max,
    pattern: VISIBLE_PATTERN,
    "x-message": { pattern: BLANK },
    description,
  });
}

/**
 * A query parameter holding a comma list of known values (`status=OPEN,CLOSED`): documented as an
 * array with explode: false, split by the kit's query coercion, each entry checked by the schema.
 */
export function CommaList<T extends string>(values: readonly T[], description: string) {
  return Type.Array(StringEnum(values), { description });
}

export const STATUSES = ["OPEN", "IN_PROGRESS", "BLOCKED", "CLOSED"] as const;
export const PRIORITIES = ["LOW", "MEDIUM", "HIGH", "CRITICAL"] as const;
export const StatusSchema = StringEnum(STATUSES, { description: "Issue status." });
export const PrioritySchema = StringEnum(PRIORITIES, { description: "Issue priority." });

export const PageQuery = PageQueryProperties(20);

/** The list envelope every list endpoint answers with. */
export function ListEnvelope<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    limit: Type.Integer(),
    total_pages: Type.Integer(),
  });
}

export interface Envelope<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  total_pages: number;
}

export function envelope<T>(items: T[], total: number, page: number, limit: number): Envelope<T> {
  return { items, total, page, limit, total_pages: Math.ceil(total / limit) };
}

export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });

/** SPEC §2c: the agent a write is recorded for (`actor` of its event); "anonymous" when absent. */
export const AgentHeader = {
  "x-agent": Type.Optional(
    VisibleText(
      100,
      "Who makes the change (an agent's name), recorded as the event's actor; 1..100 characters.",
    ),
  ),
};

/** The headers of a write: only X-Agent. */
export const AgentHeaders = Type.Object(AgentHeader);
