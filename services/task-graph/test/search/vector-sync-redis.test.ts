// Search catches up with Redis coming and going, against a real Redis 8 and the real service:
// down at start, then up; then restarted without persistence (every vector lost). Without a
// Redis 8 binary the suite names itself as not run.
import { describe, expect, it } from "vitest";
import { eventually } from "../../../../controller/src/index.js";
import { freeLoopbackPort } from "../../../../lib/net/free-port.js";
import { redisServerBinary, startRedis } from "../../../../lib/testing/redis-server.js";
import { type Json, type StartedService, startService } from "../../harness/start-service.js";
import { RedisVectorIndex } from "../../src/adapters/redis-vector/index.js";

const available = await redisServerBinary().then(
  () => null,
  (error: Error) => error.message,
);

const POLL = { timeoutMs: 15_000, intervalMs: 100 };

/** The search answer once the vectors took part and its result ids satisfy `want` (eventually() polls). */
function searchUntil(svc: StartedService, query: string, want: (ids: string[]) => boolean) {
  return eventually(async () => {
    const answer: Json = await svc.post("/api/v1/rag/search", { query, limit: 20 });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.degraded, "the vector side answers").toBe(false);
    expect(
      want(answer.body.results.map((r: { id: string }) => r.id)),
      `search "${query}": ${answer.text}`,
    ).toBe(true);
    return answer;
  }, POLL);
}

/** The vector set's size once it is `want`. */
function sizeUntil(vectors: RedisVectorIndex, want: number): Promise<number> {
  return eventually(async () => {
    const size = await vectors.size();
    expect(size).toBe(want);
    return size;
  }, POLL);
}

if (available !== null) {
  const title = `vector sync with Redis: NOT RUN (no Redis 8 server: ${available})`;
  console.warn(title);
  describe(title, () => {
    it.skip("needs a real Redis 8", () => {});
  });
} else {
  describe("search catches up when Redis comes back", () => {
    it("finds what was written while Redis was down, and again after a restart lost every vector", async () => {
      const port = await freeLoopbackPort();
      const vectors = new RedisVectorIndex({
        url: `redis://127.0.0.1:${port}`,
        key: "test:vector-sync",
        commandTimeoutMs: 500,
        connectTimeoutMs: 300,
      });
      const svc = await startService({
        adapters: { vectors },
        env: { TASK_GRAPH_VECTOR_SYNC_MS: "100", TASK_GRAPH_BACKEND_TIMEOUT_MS: "1000" },
      });
      let redis = undefined as Awaited<ReturnType<typeof startRedis>> | undefined;
      try {
        // Down at start: writes succeed, search answers from its lexical index and says so.
        const created = await svc.post("/api/v1/issues", {
          title: "Kafka consumer lag alarm",
          description: "lag grows",
        });
        expect(created.status).toBe(201);
        const kafka = created.body.id as string;
        const lexicalOnly = await svc.post("/api/v1/rag/search", { query: "kafka lag" });
        expect(lexicalOnly.status).toBe(200);
        expect(lexicalOnly.body.degraded).toBe(true);
        expect(lexicalOnly.body.results[0]).toMatchObject({ id: kafka, status: "OPEN" });

        // Redis comes up on the configured port: the issue becomes searchable, no restart.
        redis = await startRedis({ port });
        if ("reason" in redis) throw new Error(redis.reason);
        const found = await searchUntil(svc, "kafka consumer lag", (ids) => ids.includes(kafka));
        expect(found.body.results[0].id).toBe(kafka);
        // Lexical search may find it before the vector is written: /health says "resyncing" until then.
        await eventually(async () => {
          expect((await svc.get("/health")).body.vectors.status).toBe("up");
        }, POLL);
        expect(await sizeUntil(vectors, 1)).toBe(1);

        // Redis 8 stopped: search still answers, from the lexical index, with degraded: true.
        await redis.stop();
        const second = await svc.post("/api/v1/issues", { title: "Nightly backup job times out" });
        expect(second.status).toBe(201);
        const backup = second.body.id as string;
        const whileStopped = await svc.post("/api/v1/rag/search", { query: "nightly backup" });
        expect(whileStopped.status, whileStopped.text).toBe(200);
        expect(whileStopped.body.degraded).toBe(true);
        expect(whileStopped.body.results[0].id).toBe(backup);
        expect(
          (await svc.post("/api/v1/rag/search", { query: "qwxz blorf" })).body,
          "nonsense finds nothing in degraded mode too",
        ).toMatchObject({ degraded: true, results: [] });

        // Restart without persistence: the vector set is gone; the service notices and rewrites it.
        redis = await startRedis({ port });
        if ("reason" in redis) throw new Error(redis.reason);
        // (Search answers from its lexical side at once; the vectors come back with the next sync.)
        expect(await sizeUntil(vectors, 2)).toBe(2);
        await searchUntil(svc, "nightly backup", (ids) => ids[0] === backup);
        await searchUntil(svc, "kafka consumer lag", (ids) => ids[0] === kafka);
        expect((await svc.post("/api/v1/rag/search", { query: "kafka consumer lag" })).body.degraded).toBe(
          false,
        );
      } finally {
        await svc.close();
        if (redis && !("reason" in redis)) await redis.stop();
      }
    }, 60_000);
  });
}
