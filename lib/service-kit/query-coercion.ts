/**
 * Ajv runs without type coercion (so a JSON body "5" is not a number), but query strings are
 * always text. This hook converts only unambiguous decimal text to numbers/booleans for the
 * properties the route's querystring schema types as integer, number or boolean; anything else
 * is left as it is and fails validation with a message naming the parameter.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { httpError } from "./errors.js";

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,15})?$/;

interface PropSchema {
  type?: string | string[];
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
  const typed: [name: string, type: string][] = [];
  for (const [name, prop] of Object.entries(props)) {
    const type = Array.isArray(prop.type) ? prop.type[0] : prop.type;
    if (type !== undefined && type !== "string") typed.push([name, type]);
  }
  if (typed.length === 0) return null;
  return (request, _reply, done) => {
    const query = request.query as Record<string, unknown>;
    for (const [name, type] of typed) {
      const value = query[name];
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
