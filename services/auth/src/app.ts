/**
 * Builds the auth service's Fastify app (not listening). Reset and close live in index.ts.
 */
import jwt from "@fastify/jwt";
import { createServiceApp, declareSecuritySchemes, type ServiceApp } from "../../../lib/service-kit/index.js";
import type { AuthConfig } from "./config.js";
import type { AuthContext } from "./context.js";
import { PasswordHasher } from "./passwords.js";
import { authRoutes } from "./routes/auth.js";
import { healthRoutes } from "./routes/health.js";
import { userRoutes } from "./routes/users.js";
import { UserStore } from "./store.js";
import { TokenService } from "./tokens.js";

/** Response header with the data generation: 0 at start, +1 per reset. */
export const GENERATION_HEADER = "x-mock-generation";

export interface AuthApp {
  app: ServiceApp;
  context: AuthContext;
  /** Back to the two seeded users; every token revoked. */
  reset(): Promise<void>;
}

export interface BuildOptions {
  config: AuthConfig;
  env?: NodeJS.ProcessEnv;
  logger?: boolean;
}

export async function buildAuthApp(opts: BuildOptions): Promise<AuthApp> {
  const { config } = opts;
  const app = await createServiceApp({
    name: "mock-api",
    version: "1.0.0",
    description: "Mock user and authentication service (Gantry services/auth).",
    // Front-end developers point their dev server at the mock: any origin unless CORS_ORIGINS says.
    defaultCorsOrigins: "*",
    ...(opts.env ? { env: opts.env } : {}),
    ...(opts.logger === false ? { logger: false } : {}),
  });
  await app.register(jwt, {
    secret: config.jwtSecret,
    sign: { algorithm: "HS256" },
    verify: { algorithms: ["HS256"] },
  });

  const hasher = new PasswordHasher(config.scryptCost);
  const store = new UserStore(hasher);
  const tokens = new TokenService(app.jwt, config.tokenTtlSeconds);
  const context: AuthContext = { config, store, tokens, hasher };
  // Routes name "bearerAuth" in schema.security; the kit checks it on the matched route.
  declareSecuritySchemes(app, {
    bearerAuth: {
      openapi: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      hint: "Authorization: Bearer <token>",
      verify: (request) =>
        request.headers.authorization === undefined
          ? undefined
          : tokens.authenticate(request.headers.authorization),
    },
  });
  await store.reset();
  // X-Mock-Generation on every response: a harness that signalled a reset (SIGUSR2) knows it has
  // taken effect once the number moves. Bumped in the same tick as the data, so a request that
  // arrives carrying the new number is answered from the reset data. Set on the raw response when
  // the request arrives, ahead of Fastify, so errors Fastify answers before any hook (a URL it
  // cannot decode) carry it too.
  let generation = 0;
  app.server.prependListener("request", (_request, response) => {
    response.setHeader(GENERATION_HEADER, String(generation));
  });

  await app.register(healthRoutes);
  await app.register(userRoutes, context);
  await app.register(authRoutes, context);

  return {
    app,
    context,
    async reset() {
      await store.reset();
      tokens.clear();
      generation++;
    },
  };
}
