// Optional rate limit (RATE_LIMIT_PER_MINUTE, SPEC §2c): every /api/v1 route and /mcp count
// against a bucket; an empty bucket answers 429 RATE_LIMITED with Retry-After. Decided on the
// route that matched (an onRequest hook put on each guarded route at registration), never on the
// raw URL; /health, /docs and the board stay open so probes and people are never refused.
//
// Whose bucket: with TASK_GRAPH_API_KEY set, the key's (every holder of the key shares it: "per
// API key"); without one, the client address's. The key is checked first (service-kit's access
// hook runs before a route's own), so a request without the key is refused 401 before it counts
// and cannot spend the key holders' minute.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { describedErrorResponse, HttpError } from "../../../../lib/service-kit/index.js";
import { isGuardedUrl } from "./api-key.js";
import { TokenBuckets } from "./token-buckets.js";

export interface RateLimitOptions {
  perMinute: number;
  /** Whether TASK_GRAPH_API_KEY is set: then the key, not the address, owns the bucket. */
  perApiKey: boolean;
  /** Buckets remembered at most (least recently used go first): memory stays bounded. @default 10000 */
  maxClients?: number;
  now?: () => number;
}

export function limitRate(app: FastifyInstance, options: RateLimitOptions): void {
  const buckets = new TokenBuckets({
    capacity: options.perMinute,
    refillPerMs: options.perMinute / 60_000,
    maxKeys: options.maxClients ?? 10_000,
    now: options.now ?? Date.now,
  });
  // Fastify's request.ip is the socket's peer address (no proxy header is trusted).
  const keyOf = (request: FastifyRequest) => (options.perApiKey ? "api-key" : `addr:${request.ip}`);
  const check = async (request: FastifyRequest, reply: FastifyReply) => {
    const waitMs = buckets.take(keyOf(request));
    if (waitMs === 0) return;
    const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
    reply.header("retry-after", String(retryAfter));
    throw new HttpError(
      429,
      "RATE_LIMITED",
      `More than ${options.perMinute} requests a minute; retry in ${retryAfter} s.`,
      {
        limit_per_minute: options.perMinute,
        retry_after_s: retryAfter,
      },
    );
  };
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!isGuardedUrl(route.url)) return;
    route.onRequest = [check, ...hooksOf(route.onRequest)];
    const schema = route.schema as { response?: Record<string, unknown> } | undefined;
    if (schema?.response) {
      schema.response = {
        ...describedErrorResponse(
          429,
          `RATE_LIMITED: more than RATE_LIMIT_PER_MINUTE (${options.perMinute}) requests a minute from this API key or address; Retry-After gives the seconds to wait.`,
        ),
        ...schema.response,
      };
    }
  });
}

function hooksOf<T>(hook: T | T[] | undefined): T[] {
  if (hook === undefined) return [];
  return Array.isArray(hook) ? hook : [hook];
}
