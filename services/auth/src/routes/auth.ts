/** Login, register, me and logout. Tokens come from TokenService; passwords from PasswordHasher. */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { errorResponses, principalOf } from "../../../../lib/service-kit/index.js";
import type { AuthContext } from "../context.js";
import { invalidCredentials, userNotFound } from "../errors.js";
import { LoginBody, NoContent, RegisterBody, TokenResponse, UserSchema } from "../schemas.js";
import type { TokenClaims } from "../tokens.js";

const bearer = [{ bearerAuth: [] }];
// Login and register are how a client gets a token: no credentials needed.
const open: { [scheme: string]: string[] }[] = [];

export const authRoutes: FastifyPluginAsyncTypebox<AuthContext> = async (app, ctx) => {
  const { store, tokens, hasher } = ctx;
  // An unknown email still costs one scrypt check, so response time does not reveal accounts.
  const decoyHash = await hasher.hash("decoy-password-for-unknown-emails");

  app.post(
    "/api/auth/login",
    {
      schema: {
        operationId: "login",
        summary: "Log in with email and password",
        tags: ["auth"],
        security: open,
        body: LoginBody,
        response: { 200: TokenResponse, ...errorResponses(400, 401) },
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
        operationId: "register",
        summary: "Register a new user (role user) and log in",
        tags: ["auth"],
        security: open,
        body: RegisterBody,
        response: { 201: TokenResponse, ...errorResponses(400, 409) },
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
        operationId: "getCurrentUser",
        summary: "The user the bearer token belongs to",
        tags: ["auth"],
        security: bearer,
        response: { 200: UserSchema, ...errorResponses(404) },
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
        operationId: "logout",
        summary: "Revoke the bearer token",
        tags: ["auth"],
        security: bearer,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      tokens.revoke(principalOf<TokenClaims>(request)!.jti);
      return reply.code(204).send(null);
    },
  );
};
