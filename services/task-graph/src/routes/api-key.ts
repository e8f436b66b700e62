// Optional API key (TASK_GRAPH_API_KEY): every /api/v1 route and /mcp require it, as a Bearer
// token or as X-API-Key; /health and /docs stay open. The requirement is put on each route's OpenAPI
// `security` and enforced by service-kit on the route that matched (never on the raw URL).
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import {
  declareSecuritySchemes,
  httpError,
  type SecurityRequirement,
} from "../../../../lib/service-kit/index.js";

const API_PREFIX = "/api/v1";
/** The MCP endpoint (routes/mcp): its tools reach the same data as /api/v1. */
export const MCP_PATH = "/mcp";
/** Either scheme is enough. */
const API_KEY_SECURITY: SecurityRequirement[] = [{ bearerAuth: [] }, { apiKeyHeader: [] }];

const digest = (s: string) => createHash("sha256").update(s).digest();

export function requireApiKey(app: FastifyInstance, key: string): void {
  const expected = digest(key);
  // Compared in constant time; undefined = not sent, null = sent in a form that cannot be valid.
  const check = (given: string | null | undefined) => {
    if (given === undefined) return undefined;
    if (given === null || !timingSafeEqual(digest(given), expected)) {
      throw httpError("UNAUTHORIZED", "The API key is not valid.");
    }
    return "api-key";
  };
  declareSecuritySchemes(app, {
    bearerAuth: {
      openapi: { type: "http", scheme: "bearer", description: "The TASK_GRAPH_API_KEY as a bearer token." },
      hint: "Authorization: Bearer <key>",
      verify: (request: FastifyRequest) => check(bearerOf(request.headers.authorization)),
    },
    apiKeyHeader: {
      openapi: { type: "apiKey", in: "header", name: "X-API-Key", description: "The TASK_GRAPH_API_KEY." },
      hint: "X-API-Key: <key>",
      verify: (request: FastifyRequest) => {
        const raw = request.headers["x-api-key"];
        return check(typeof raw === "string" ? raw : undefined);
      },
    },
  });
  // Decided once per route template at registration: every route under the API prefix needs it.
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!isGuardedUrl(route.url)) return;
    route.schema ??= {};
    (route.schema as { security?: SecurityRequirement[] }).security = API_KEY_SECURITY;
  });
}

/** True for a route template the API key (and the rate limit) covers: /api/v1 and /mcp. */
export function isGuardedUrl(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url === MCP_PATH;
}

// An Authorization header of another scheme is a wrong credential (null), not a missing one.
function bearerOf(header: string | undefined): string | null | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(.*)$/i.exec(header);
  return match ? match[1]!.trim() : null;
}
