// Programmatic factory: start the task-graph service on a port (0 = ephemeral) and get its URL.
import { listen } from "../../../lib/service-kit/index.js";
import { type Adapters, buildTaskGraphApp } from "./app.js";

export type { Adapters } from "./app.js";

export interface TaskGraphServiceOptions {
  /** 0 = ephemeral. @default PORT or 8000 */
  port?: number;
  /** @default HOST or 127.0.0.1 */
  host?: string;
  /** Where the embedded graph keeps its journal; in memory when absent. @default DATA_DIR */
  dataDir?: string;
  /** Environment read for backends and options. @default process.env */
  env?: NodeJS.ProcessEnv;
  /** Ready-made adapters instead of choosing them from env (tests). */
  adapters?: Adapters;
  /** @default true */
  logger?: boolean;
  /** Clock for time-based rules (root-cause recency). */
  now?: () => Date;
}

export interface TaskGraphService {
  url: string;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8000;

export async function createTaskGraphService(opts: TaskGraphServiceOptions = {}): Promise<TaskGraphService> {
  const env = { ...(opts.env ?? process.env) };
  if (opts.dataDir !== undefined) env.DATA_DIR = opts.dataDir;
  const adapters = opts.adapters ?? (await (await import("./adapters/select.js")).selectAdapters(env));
  const app = await buildTaskGraphApp({
    adapters,
    env,
    ...(opts.logger !== undefined ? { logger: opts.logger } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  try {
    const url = await listen(app, {
      env,
      defaultPort: DEFAULT_PORT,
      ...(opts.port !== undefined ? { port: opts.port } : {}),
      ...(opts.host !== undefined ? { host: opts.host } : {}),
    });
    return { url, close: () => app.close() };
  } catch (err) {
    await app.close();
    throw err;
  }
}
