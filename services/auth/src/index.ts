/**
 * Programmatic entry for embedding harnesses:
 *   const svc = await createAuthService({ port: 0 }); ... await svc.reset(); await svc.close();
 */
import { listen } from "../../../lib/service-kit/index.js";
import { buildAuthApp } from "./app.js";
import { DEFAULT_PORT, resolveAuthConfig } from "./config.js";

export { GENERATION_HEADER } from "./app.js";
export * from "./seed.js";

export interface AuthServiceOptions {
  /** 0 = ephemeral. @default PORT env, else 8765 */
  port?: number;
  /** @default HOST env, else 127.0.0.1 */
  host?: string;
  /** Environment to read settings from (JWT_SECRET, TOKEN_TTL_SECONDS, AUTH_REQUIRED, LOG_LEVEL...). @default process.env */
  env?: NodeJS.ProcessEnv;
}

export interface AuthService {
  /** Base URL, e.g. http://127.0.0.1:8765 */
  url: string;
  /** Back to the two seeded users (same ids, fresh timestamps); every token revoked. */
  reset(): Promise<void>;
  /** Stops accepting, finishes in-flight requests, releases the port. */
  close(): Promise<void>;
}

export async function createAuthService(options: AuthServiceOptions = {}): Promise<AuthService> {
  const env = options.env ?? process.env;
  const config = resolveAuthConfig(env);
  const built = await buildAuthApp({ config, env });
  const url = await listen(built.app, {
    ...(options.port !== undefined ? { port: options.port } : {}),
    ...(options.host !== undefined ? { host: options.host } : {}),
    env,
    defaultPort: DEFAULT_PORT,
  });
  return {
    url,
    reset: () => built.reset(),
    close: async () => {
      await built.app.close();
    },
  };
}
