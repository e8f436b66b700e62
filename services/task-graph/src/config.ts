import type { CodeLimits } from "./domain/code/code-limits.js";
import { parseCodeRoots } from "./domain/code/code-roots.js";
// Environment the service reads (each listed with its default in services/task-graph/README.md).
export interface TaskGraphConfig {
  /** CODE_ROOTS: code repositories indexed at start and watched (`name=path` or bare paths, comma separated). */
  codeRoots: { name: string; path: string }[];
  /** CODE_REGISTER_ROOTS: folders under which POST /code/repositories may register (comma separated). @default none */
  codeRegisterRoots: string[];
  /** Quotas and per-file budgets of the code graph (CODE_MAX_*, CODE_PARSE_BUDGET_MS). */
  codeLimits: CodeLimits;
  /** DATA_DIR: the embedded store's journal and caches (never indexed as code). */
  dataDir: string | null;
  /** TASK_GRAPH_API_KEY: when set, /api/v1/* requires it. */
  apiKey: string | null;
  /** RATE_LIMIT_PER_MINUTE: requests a minute per API key or client address on /api/v1 and /mcp. @default none (no limit) */
  rateLimitPerMinute: number | null;
  /** TASK_GRAPH_BACKEND_TIMEOUT_MS: deadline of one backend call. @default 5000 */
  backendTimeoutMs: number;
  /** TASK_GRAPH_HEALTH_TIMEOUT_MS: deadline of a /health ping. @default 1000 */
  healthTimeoutMs: number;
  /** TASK_GRAPH_VECTOR_SYNC_MS: how often the vector index is brought back in step. @default 5000 */
  vectorSyncMs: number;
}

const MiB = 1024 * 1024;

export function readConfig(env: NodeJS.ProcessEnv): TaskGraphConfig {
  return {
    codeRoots: parseCodeRoots(env.CODE_ROOTS),
    codeRegisterRoots: (env.CODE_REGISTER_ROOTS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    codeLimits: {
      // Measured (bench/task-graph/code-hostile.ts): the code graph, its search documents and
      // vectors take ~27 MiB of RSS per MiB of source text; these keep the service under 1 GiB.
      repoBytes: positiveInt(env, "CODE_MAX_REPO_BYTES", 16 * MiB, "bytes"),
      repoFiles: positiveInt(env, "CODE_MAX_REPO_FILES", 10_000, "files"),
      totalBytes: positiveInt(env, "CODE_MAX_TOTAL_BYTES", 24 * MiB, "bytes"),
      totalFiles: positiveInt(env, "CODE_MAX_TOTAL_FILES", 15_000, "files"),
      parseBudgetMs: positiveInt(env, "CODE_PARSE_BUDGET_MS", 2000),
      parseBytes: positiveInt(env, "CODE_MAX_PARSE_BYTES", 512 * 1024, "bytes"),
      lineChars: positiveInt(env, "CODE_MAX_LINE_CHARS", 10_000, "characters"),
    },
    dataDir: env.DATA_DIR?.trim() || null,
    apiKey: env.TASK_GRAPH_API_KEY?.trim() || null,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE?.trim()
      ? positiveInt(env, "RATE_LIMIT_PER_MINUTE", 0, "requests")
      : null,
    backendTimeoutMs: positiveInt(env, "TASK_GRAPH_BACKEND_TIMEOUT_MS", 5000),
    healthTimeoutMs: positiveInt(env, "TASK_GRAPH_HEALTH_TIMEOUT_MS", 1000),
    vectorSyncMs: positiveInt(env, "TASK_GRAPH_VECTOR_SYNC_MS", 5000),
  };
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number, unit = "milliseconds"): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new Error(`${name} "${env[name]}" is not a positive integer (${unit}).`);
  }
  return Number(raw);
}
