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

  await app.register(healthRoutes);
  await app.register(userRoutes, context);
  await app.register(authRoutes, context);

  return {
    app,
    context,
    async reset() {
      await store.reset();
      tokens.clear();
    },
  };
}
