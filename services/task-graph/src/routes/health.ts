// GET /health: 200 healthy when both backends answer their ping in time, else 503 degraded.
// A vector index that answers while vectors are still being written in the background (start-up
// with Redis, catching up after an outage) is `resyncing`, with 200: the service answers every
// request, search from the lexical index and the vectors already written.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { utcTimestamp } from "../../../../lib/service-kit/index.js";
import { HealthResponse } from "../schemas/analyze.js";

interface Pingable {
  readonly backend: string;
  ping(): Promise<void>;
}

export interface HealthRoutesOptions {
  version: string;
  graph: Pingable;
  vectors: Pingable;
  timeoutMs: number;
  now: () => Date;
  /** The code graph's progress and totals. */
  code: () => {
    status: "empty" | "indexing" | "ready" | "error";
    repositories: number;
    files: number;
    symbols: number;
  };
  /** True while vectors are written in the background. @default never */
  vectorsResyncing?: () => boolean;
}

export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/health",
    {
      schema: {
        tags: ["health"],
        operationId: "getHealth",
        summary: "Service and backend health",
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (request, reply) => {
      const [graph, vectors] = await Promise.all([
        probe(opts.graph, opts.timeoutMs, request.log),
        probe(opts.vectors, opts.timeoutMs, request.log),
      ]);
      const vectorStatus = vectors === "up" && opts.vectorsResyncing?.() ? "resyncing" : vectors;
      const healthy = graph === "up" && vectors === "up";
      return reply.code(healthy ? 200 : 503).send({
        status: healthy ? "healthy" : "degraded",
        service: "task-graph" as const,
        version: opts.version,
        timestamp: utcTimestamp(opts.now()),
        graph: { backend: opts.graph.backend, status: graph },
        vectors: { backend: opts.vectors.backend, status: vectorStatus },
        code: opts.code(),
      });
    },
  );
};

async function probe(
  target: Pingable,
  timeoutMs: number,
  log: { warn(o: object, m: string): void },
): Promise<"up" | "down"> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      target.ping(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return "up";
  } catch (err) {
    log.warn({ err, backend: target.backend }, "health probe failed");
    return "down";
  } finally {
    clearTimeout(timer);
  }
}
