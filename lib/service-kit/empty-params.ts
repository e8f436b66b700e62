/**
 * Fastify's router matches `/api/users/` to `/api/users/:id` with an empty id. No such resource
 * can exist, and the path names no route: answer it as the unknown route it is (404 NOT_FOUND
 * from the not-found handler), like any other unknown path: before access checks, lookups or
 * validation. An app-level onRequest hook registered ahead of the access check; a route without
 * path parameters has `{}` as params, so it costs one empty loop.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";

export function emptyParamIsNoRoute(
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
