/**
 * Error responses as OpenAPI sees them: the shared error body with a description per status.
 * Routes declare the statuses their own logic can answer (`errorResponses(404, 409)`); the
 * statuses the kit itself answers on any route are added to every documented operation by
 * `withSharedErrorResponses`, so no route can forget them.
 */
import { maxHeaderSize } from "node:http";
import { type TObject, Type } from "@fastify/type-provider-typebox";
import { ErrorBodySchema } from "./schemas.js";

const MEANING: Record<number, string> = {
  400: "Bad input: VALIDATION_ERROR (the message and `details.field` name the field), INVALID_JSON or BAD_REQUEST.",
  401: "UNAUTHORIZED: credentials are missing or not valid.",
  403: "FORBIDDEN: the credentials are valid but do not allow this action.",
  404: "Not found: the code names what is missing.",
  405: "METHOD_NOT_ALLOWED: the path exists, but not with this method; the Allow header lists the methods.",
  409: "Conflict with the current state: the code says which rule, `details` what conflicts.",
  412: "PRECONDITION_FAILED: If-Match does not match the current representation.",
  413: "PAYLOAD_TOO_LARGE: the body is larger than the limit.",
  415: "UNSUPPORTED_MEDIA_TYPE: a body must be sent as Content-Type: application/json.",
  431: `HEADERS_TOO_LARGE: the request line and headers are larger than ${maxHeaderSize} bytes.`,
  500: "INTERNAL_ERROR: an unexpected failure; the message is generic and the details are only logged.",
  503: "Unavailable: a backend the route needs does not answer (BACKEND_UNAVAILABLE).",
};

/** The error body documented for one status, with `description` (becomes the response's). */
function errorResponse(status: number, description = MEANING[status]): TObject {
  return Type.Object(ErrorBodySchema.properties, {
    description: description ?? `Error ${status}.`,
  });
}

/** `{[status]: error body}` for a route's `schema.response`. */
export function errorResponses(...statuses: number[]): Record<number, TObject> {
  return Object.fromEntries(statuses.map((s) => [s, errorResponse(s)]));
}

/** One status with a route's own description (a 413 that is a quota, not a body limit). */
export function describedErrorResponse(status: number, description: string): Record<number, TObject> {
  return { [status]: errorResponse(status, description) };
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

interface RouteLike {
  method: string | string[];
  bodyLimit?: number;
  schema?: unknown;
}

/** True when the route's OpenAPI security asks for credentials (route-security.ts enforces it). */
function needsCredentials(route: RouteLike): boolean {
  const security = (route.schema as { security?: unknown } | undefined)?.security;
  return Array.isArray(security) && security.some((requirement) => Object.keys(requirement).length > 0);
}

/**
 * The statuses the shared handler can answer on this route: malformed requests (400), a wrong
 * method on its path (405), oversized headers (431) and internal errors (500) anywhere; an
 * oversized (413) or non-JSON (415) body on methods that carry one; missing or invalid
 * credentials (401) where the route's security asks for them, and only there.
 */
function sharedErrorResponses(route: RouteLike, appBodyLimit: number): Record<number, TObject> {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const out: Record<number, TObject> = {
    400: errorResponse(400),
    405: Type.Object(ErrorBodySchema.properties, {
      description: MEANING[405],
      headers: { allow: Type.String({ description: "The methods this path answers, comma-separated." }) },
    }),
    431: errorResponse(431),
    500: errorResponse(500),
  };
  if (needsCredentials(route)) out[401] = errorResponse(401);
  if (methods.some((m) => BODY_METHODS.has(m.toUpperCase()))) {
    const limit = route.bodyLimit ?? appBodyLimit;
    out[413] = errorResponse(413, `PAYLOAD_TOO_LARGE: the body is larger than ${limit} bytes.`);
    out[415] = errorResponse(415);
  }
  return out;
}

/** A copy of `response` with every shared status it does not declare itself. */
export function withSharedErrorResponses(
  response: Record<string, unknown> | undefined,
  route: RouteLike,
  appBodyLimit: number,
): Record<string, unknown> {
  return { ...sharedErrorResponses(route, appBodyLimit), ...response };
}
