/**
 * Ajv runs without type coercion (so a JSON body "5" is not a number), but query strings are
 * always text. This hook converts only unambiguous decimal text to numbers/booleans for the
 * properties the route's querystring schema types as integer, number or boolean; anything else
 * is left as it is and fails validation with a message naming the parameter. A property typed
 * array is a comma list (`status=OPEN,CLOSED`; repeating the parameter works too), documented
 * as such (explode: false) by openapi.ts; its entries are then validated by the schema. An entry
 * naming one of the items' enum values, ignoring case and surrounding spaces, is read as that
 * value (`status=open, closed`): lenient where the document is exact, never the reverse.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { httpError } from "./errors.js";

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,15})?$/;

interface PropSchema {
  type?: string | string[];
  items?: { enum?: unknown[] };
}

type QueryCoercer = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** Past 2^53 - 1 a JSON number is no longer exact: such text is refused naming the limit. */
function outOfRange(name: string, value: string): Error {
  const negative = value.startsWith("-");
  const limit = `${negative ? "-" : ""}${Number.MAX_SAFE_INTEGER}`;
  return httpError(
    "VALIDATION_ERROR",
    `Query parameter "${name}" must be ${negative ? "at least" : "at most"} ${limit} (2^53 - 1).`,
    { field: name, location: "querystring", rule: negative ? "minimum" : "maximum" },
  );
}

/** Upper-cased, trimmed entry → the enum value it names. */
function enumLookup(values: unknown[] | undefined): Map<string, string> | null {
  if (!values) return null;
  const strings = values.filter((v): v is string => typeof v === "string");
  return new Map(strings.map((v) => [v.trim().toUpperCase(), v]));
}

function commaList(value: unknown, known: Map<string, string> | null): unknown {
  const entries = (v: unknown) =>
    typeof v === "string" ? v.split(",").map((e) => known?.get(e.trim().toUpperCase()) ?? e) : [v];
  if (Array.isArray(value)) return value.flatMap(entries);
  return typeof value === "string" ? entries(value) : value;
}

function convert(value: string, type: string): unknown {
  if (type === "integer" && INTEGER.test(value)) return Number(value);
  if (type === "number" && NUMBER.test(value)) return Number(value);
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

/**
 * The coercion hook for one route's querystring schema, or null when nothing in it is typed
 * other than string. Built once per route: reading the schema per request (routeOptions is
 * rebuilt on every access) and an async hook were a visible share of a list page's cost.
 */
export function queryCoercerFor(querystring: unknown): QueryCoercer | null {
  const props = (querystring as { properties?: Record<string, PropSchema> } | undefined)?.properties;
  if (!props) return null;
  const typed: [name: string, type: string, known: Map<string, string> | null][] = [];
  for (const [name, prop] of Object.entries(props)) {
    const type = Array.isArray(prop.type) ? prop.type[0] : prop.type;
    if (type !== undefined && type !== "string") typed.push([name, type, enumLookup(prop.items?.enum)]);
  }
  if (typed.length === 0) return null;
  return (request, _reply, done) => {
    const query = request.query as Record<string, unknown>;
    for (const [name, type, known] of typed) {
      const value = query[name];
      if (type === "array") {
        if (value !== undefined) query[name] = commaList(value, known);
        continue;
      }
      if (typeof value !== "string") continue;
      const converted = convert(value, type);
      if (typeof converted === "number" && type === "integer" && !Number.isSafeInteger(converted)) {
        done(outOfRange(name, value));
        return;
      }
      query[name] = converted;
    }
    done();
  };
}
