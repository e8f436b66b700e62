/**
 * Fastify's router matches `/api/users/` to `/api/users/:id` with an empty id. No such resource
 * can exist, and the path names no route: answer it as the unknown route it is (404 NOT_FOUND
 * from the not-found handler), before any access check or lookup runs. Attached only to routes
 * with path parameters, so other routes pay nothing.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from "fastify";

function emptyParamIsNoRoute(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const params = request.params as Record<string, string>;
  for (const key in params) {
    if (params[key] === "") {
      reply.callNotFound();
      return;
    }
  }
  done();
}

/** For an onRoute hook: routes with `:param` segments get the check first in their onRequest. */
export function refuseEmptyParams(route: RouteOptions): void {
  if (!route.url.includes(":")) return;
  const existing = route.onRequest;
  route.onRequest = existing
    ? [emptyParamIsNoRoute, ...(Array.isArray(existing) ? existing : [existing])]
    : emptyParamIsNoRoute;
}
