/**
 * `"x-trim": true` on a top-level string property of a body schema: surrounding whitespace is
 * removed before validation, so the schema's limits (minLength, maxLength, pattern) apply to
 * the trimmed text, which is also what the handler stores. The document shows the annotation
 * and the limits; a value the document allows is never refused for its padding.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";

export const TRIM_KEYWORD = "x-trim";

type BodyTrimmer = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** Trims, in place, the `x-trim` properties of an object valid for `schema`; null when none asks. */
export function trimmerFor(schema: unknown): ((data: unknown) => void) | null {
  const props = (schema as { properties?: Record<string, Record<string, unknown>> } | undefined)?.properties;
  if (!props) return null;
  const names = Object.entries(props)
    .filter(([, prop]) => prop[TRIM_KEYWORD] === true)
    .map(([name]) => name);
  if (names.length === 0) return null;
  return (data) => {
    if (data !== null && typeof data === "object" && !Array.isArray(data)) {
      const fields = data as Record<string, unknown>;
      for (const name of names) {
        const value = fields[name];
        if (typeof value === "string") fields[name] = value.trim();
      }
    }
  };
}

/** The trimming hook for one route's body schema, or null when no property asks for it. */
export function bodyTrimmerFor(body: unknown): BodyTrimmer | null {
  const trim = trimmerFor(body);
  if (!trim) return null;
  return (request, _reply, done) => {
    trim(request.body);
    done();
  };
}
