/**
 * CORS from CORS_ORIGINS (a comma list of origins, or `*`): preflight OPTIONS requests are answered
 * 204 (with the Access-Control-Allow-* headers only for an allowed origin), and every answer to an
 * allowed origin carries Access-Control-Allow-Origin, also errors, so a browser can read them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RouteTable } from "./method-not-allowed.js";

export interface CorsPolicy {
  /** `*`: every origin. */
  anyOrigin: boolean;
  origins: ReadonlySet<string>;
}

const PREFLIGHT_MAX_AGE_SECONDS = "600";

/** CORS_ORIGINS if set (an empty value means none), else the service's default. */
export function resolveCorsPolicy(env: NodeJS.ProcessEnv, fallback: string): CorsPolicy {
  const raw = env.CORS_ORIGINS ?? fallback;
  const entries = raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (entries.includes("*")) return { anyOrigin: true, origins: new Set() };
  for (const entry of entries) {
    // An origin is scheme://host[:port], nothing more: a path or a trailing slash never matches.
    let parsed: URL | undefined;
    try {
      parsed = new URL(entry);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== entry) {
      throw new Error(
        `CORS_ORIGINS entry "${entry}" is not an origin; use scheme://host[:port] (e.g. http://localhost:5173), a comma list of them, or *.`,
      );
    }
  }
  return { anyOrigin: false, origins: new Set(entries) };
}

function allowedOrigin(policy: CorsPolicy, origin: string | undefined): string | undefined {
  if (origin === undefined) return undefined;
  if (policy.anyOrigin) return "*";
  return policy.origins.has(origin) ? origin : undefined;
}

function isPreflight(request: FastifyRequest): boolean {
  return request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined;
}

function answerPreflight(
  request: FastifyRequest,
  reply: FastifyReply,
  allowed: string | undefined,
  methods: string[],
) {
  if (allowed !== undefined) {
    reply.header("access-control-allow-methods", methods.join(", "));
    const asked = request.headers["access-control-request-headers"];
    if (typeof asked === "string" && asked.trim() !== "") reply.header("access-control-allow-headers", asked);
    reply.header("access-control-max-age", PREFLIGHT_MAX_AGE_SECONDS);
  }
  return reply.code(204).send();
}

export function registerCors(app: FastifyInstance, policy: CorsPolicy, routes: RouteTable): void {
  // The answer depends on Origin when only some origins are allowed: tell caches.
  const varies = !policy.anyOrigin && policy.origins.size > 0;
  app.addHook("onRequest", async (request, reply) => {
    const allowed = allowedOrigin(policy, request.headers.origin);
    if (varies) reply.header("vary", "Origin");
    if (allowed !== undefined) {
      reply.header("access-control-allow-origin", allowed);
      // Bearer tokens and API keys travel in headers, not cookies: no Allow-Credentials.
      reply.header("access-control-expose-headers", "*");
    }
    if (!isPreflight(request)) return;
    // A preflight for a path no route serves falls through to the JSON 404.
    const methods = routes.allowedMethods(request.url.split("?")[0] ?? "/");
    if (methods.length > 0) return answerPreflight(request, reply, allowed, methods);
  });
}
