import { parseCodeRoots } from "./domain/code/code-workspace.js";
// Environment the service reads (each listed with its default in services/task-graph/README.md).
export interface TaskGraphConfig {
  /** CODE_ROOTS: code repositories indexed at start and watched (`name=path` or bare paths, comma separated). */
  codeRoots: { name: string; path: string }[];
  /** TASK_GRAPH_API_KEY: when set, /api/v1/* requires it. */
  apiKey: string | null;
  /** TASK_GRAPH_BACKEND_TIMEOUT_MS: deadline of one backend call. @default 5000 */
  backendTimeoutMs: number;
  /** TASK_GRAPH_HEALTH_TIMEOUT_MS: deadline of a /health ping. @default 1000 */
  healthTimeoutMs: number;
  /** TASK_GRAPH_VECTOR_SYNC_MS: how often the vector index is brought back in step. @default 5000 */
  vectorSyncMs: number;
}

export function readConfig(env: NodeJS.ProcessEnv): TaskGraphConfig {
  return {
    codeRoots: parseCodeRoots(env.CODE_ROOTS),
    apiKey: env.TASK_GRAPH_API_KEY?.trim() || null,
    backendTimeoutMs: positiveInt(env, "TASK_GRAPH_BACKEND_TIMEOUT_MS", 5000),
    healthTimeoutMs: positiveInt(env, "TASK_GRAPH_HEALTH_TIMEOUT_MS", 1000),
    vectorSyncMs: positiveInt(env, "TASK_GRAPH_VECTOR_SYNC_MS", 5000),
  };
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new Error(`${name} "${env[name]}" is not a positive integer (milliseconds).`);
  }
  return Number(raw);
}
