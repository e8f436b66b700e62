/**
 * User CRUD. With AUTH_REQUIRED=true every route declares the bearer token in its schema's
 * security (the service kit checks it on the matched route) and writes need role admin; those
 * checks and the 404 for an unknown id run in onRequest, i.e. before body validation.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { errorResponses, httpError, principalOf } from "../../../../lib/service-kit/index.js";
import type { AuthContext } from "../context.js";
import { userNotFound } from "../errors.js";
import {
  CreateUserBody,
  IdParams,
  ListQuery,
  NoContent,
  UpdateUserBody,
  UserList,
  UserSchema,
} from "../schemas.js";
import type { TokenClaims } from "../tokens.js";

export const userRoutes: FastifyPluginAsyncTypebox<AuthContext> = async (app, ctx) => {
  const { store, tokens, config } = ctx;

  const requireAdmin = async (request: FastifyRequest): Promise<void> => {
    if (!config.authRequired) return;
    const claims = principalOf<TokenClaims>(request);
    if (!claims) throw httpError("UNAUTHORIZED");
    if (store.roleOf(claims.sub) !== "admin") {
      throw httpError("FORBIDDEN", "Only an admin may change users.");
    }
  };
  const requireExisting = async (request: FastifyRequest): Promise<void> => {
    const { id } = request.params as { id: string };
    if (!store.has(id)) throw userNotFound(id);
  };
  const security = config.authRequired ? [{ bearerAuth: [] }] : [];
  // 403 exists only when tokens are required (401 is documented with the route's security).
  const write = config.authRequired ? [403] : [];

  app.get(
    "/api/users",
    {
      schema: {
        operationId: "listUsers",
        summary: "List users (paged, searchable)",
        tags: ["users"],
        security,
        querystring: ListQuery,
        response: { 200: UserList },
      },
    },
    async (request) => {
      // Ajv fills the defaults in; the fallbacks only satisfy the optional types.
      const { page = 1, limit = 10, search } = request.query;
      const { items, total } = store.list(page, limit, search);
      return { items, total, page, limit, total_pages: Math.ceil(total / limit) };
    },
  );

  app.post(
    "/api/users",
    {
      onRequest: requireAdmin,
      schema: {
        operationId: "createUser",
        summary: "Create a user",
        tags: ["users"],
        security,
        body: CreateUserBody,
        response: { 201: UserSchema, ...errorResponses(...write, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await store.create(request.body)),
  );

  app.get(
    "/api/users/:id",
    {
      onRequest: requireExisting,
      schema: {
        operationId: "getUser",
        summary: "Get a user",
        tags: ["users"],
        security,
        params: IdParams,
        response: { 200: UserSchema, ...errorResponses(404) },
      },
    },
    async (request) => {
      const user = store.get(request.params.id);
      if (!user) throw userNotFound(request.params.id);
      return user;
    },
  );

  app.put(
    "/api/users/:id",
    {
      onRequest: [requireAdmin, requireExisting],
      schema: {
        operationId: "updateUser",
        summary: "Update a user (partial: any of name, email, role)",
        tags: ["users"],
        security,
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: UserSchema, ...errorResponses(...write, 404, 409) },
      },
    },
    async (request) => store.update(request.params.id, request.body),
  );

  app.delete(
    "/api/users/:id",
    {
      onRequest: [requireAdmin, requireExisting],
      schema: {
        operationId: "deleteUser",
        summary: "Delete a user and revoke their tokens",
        tags: ["users"],
        security,
        params: IdParams,
        response: { 204: NoContent, ...errorResponses(...write, 404) },
      },
    },
    async (request, reply) => {
      if (!store.delete(request.params.id)) throw userNotFound(request.params.id);
      tokens.revokeUser(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
