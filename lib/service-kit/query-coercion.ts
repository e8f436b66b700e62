/**
 * Ajv runs without type coercion (so a JSON body "5" is not a number), but query strings are
 * always text. This hook converts only unambiguous decimal text to numbers/booleans for the
 * properties the route's querystring schema types as integer, number or boolean; anything else
 * is left as it is and fails validation with a message naming the parameter.
 */
import type { FastifyRequest } from "fastify";

const INTEGER = /^-?\d{1,15}$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,15})?$/;

interface PropSchema {
  type?: string | string[];
}

function convert(value: string, type: string): unknown {
  if (type === "integer" && INTEGER.test(value)) return Number(value);
  if (type === "number" && NUMBER.test(value)) return Number(value);
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

export async function coerceQueryNumbers(request: FastifyRequest): Promise<void> {
  const schema = request.routeOptions.schema?.querystring as
    | { properties?: Record<string, PropSchema> }
    | undefined;
  const props = schema?.properties;
  if (!props) return;
  const query = request.query as Record<string, unknown>;
  for (const [name, prop] of Object.entries(props)) {
    const value = query[name];
    const type = Array.isArray(prop.type) ? prop.type[0] : prop.type;
    if (typeof value === "string" && type !== undefined && type !== "string")
      query[name] = convert(value, type);
  }
}
