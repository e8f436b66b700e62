/** Login, register, me and logout. Tokens come from TokenService; passwords from PasswordHasher. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { ErrorBodySchema, principalOf } from "../../../../lib/service-kit/index.js";
import type { AuthContext } from "../context.js";
import { invalidCredentials, userNotFound } from "../errors.js";
import type { TokenClaims } from "../tokens.js";
import { LoginBody, NoContent, RegisterBody, TokenResponse, UserSchema } from "../schemas.js";

const bearer = [{ bearerAuth: [] }];

export const authRoutes: FastifyPluginAsyncTypebox<AuthContext> = async (app, ctx) => {
  const { store, tokens, hasher } = ctx;
  // An unknown email still costs one scrypt check, so response time does not reveal accounts.
  const decoyHash = await hasher.hash("decoy-password-for-unknown-emails");

  app.post(
    "/api/auth/login",
    {
      schema: {
        summary: "Log in with email and password",
        tags: ["auth"],
        body: LoginBody,
        response: { 200: TokenResponse, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const found = store.findForLogin(email);
      const ok = await hasher.verify(password, found?.passwordHash ?? decoyHash);
      // The user may have been deleted while the hash was being checked.
      if (!found || !ok || !store.has(found.user.id)) throw invalidCredentials();
      return { token: tokens.issue(found.user), user: found.user };
    },
  );

  app.post(
    "/api/auth/register",
    {
      schema: {
        summary: "Register a new user (role user) and log in",
        tags: ["auth"],
        body: RegisterBody,
        response: { 201: TokenResponse, 400: ErrorBodySchema, 409: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await store.create({ ...request.body, role: "user" });
      return reply.code(201).send({ token: tokens.issue(user), user });
    },
  );

  app.get(
    "/api/auth/me",
    {
      schema: {
        summary: "The user the bearer token belongs to",
        tags: ["auth"],
        security: bearer,
        response: { 200: UserSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const claims = principalOf<TokenClaims>(request)!;
      const user = store.get(claims.sub);
      if (!user) throw userNotFound(claims.sub);
      return user;
    },
  );

  app.post(
    "/api/auth/logout",
    {
      schema: {
        summary: "Revoke the bearer token",
        tags: ["auth"],
        security: bearer,
        response: { 204: NoContent, 401: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      tokens.revoke(principalOf<TokenClaims>(request)!.jti);
      return reply.code(204).send(null);
    },
  );
};
