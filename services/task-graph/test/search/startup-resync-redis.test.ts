// With Redis, start-up does not wait for the vectors: the service listens at once, /health says
// "resyncing" (200) while they are written in the background, search answers from the lexical side
// meanwhile, and then the vector set fills and health says "up". A real Redis 8; the adapter's
// batch writes wait at a gate the test opens, so the resync is observably unfinished when the
// service starts (pings and reads go through). Without a Redis 8 binary the suite names itself as
// not run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { eventually } from "../../../../controller/src/index.js";
import { redisServerBinary, startRedis } from "../../../../lib/testing/redis-server.js";
import { startService } from "../../harness/start-service.js";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import { RedisVectorIndex } from "../../src/adapters/redis-vector/index.js";
import { makeIssue } from "../conformance/graph-store.conformance.js";

const available = await redisServerBinary().then(
  () => null,
  (error: Error) => error.message,
);
const dataDir = mkdtempSync(join(tmpdir(), "tg-resync-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const ISSUES = 2000;

if (available !== null) {
  const title = `start-up vector resync with Redis: NOT RUN (no Redis 8 server: ${available})`;
  console.warn(title);
  describe(title, () => {
    it.skip("needs a real Redis 8", () => {});
  });
} else {
  describe("start-up with Redis", () => {
    it("listens before the vectors are written, says resyncing, and fills the vector set in the background", async () => {
      const seedStore = new EmbeddedGraphStore({ dataDir });
      await seedStore.init();
      const issues = Array.from({ length: ISSUES }, (_, k) =>
        makeIssue({ title: `Issue ${k} about ${k % 2 ? "invoices" : "shipping labels"}` }),
      );
      await Promise.all(issues.map((i) => seedStore.createIssue(i)));
      await seedStore.close();

      const redis = await startRedis();
      if ("reason" in redis) throw new Error(redis.reason);
      const admin = new Redis(redis.url);
      const vectors = new RedisVectorIndex({
        url: redis.url,
        key: "test:startup-resync",
        commandTimeoutMs: 5000,
      });
      let open!: () => void;
      const gate = new Promise<void>((r) => {
        open = r;
      });
      let batches = 0;
      const upsertMany = vectors.upsertMany.bind(vectors);
      vectors.upsertMany = async (items) => {
        await gate;
        batches++;
        return upsertMany(items);
      };
      try {
        const svc = await startService({
          adapters: { graph: new EmbeddedGraphStore({ dataDir }), vectors },
          // A generous ping deadline: the machine running the tests may be busy.
          env: { TASK_GRAPH_VECTOR_SYNC_MS: "200", TASK_GRAPH_HEALTH_TIMEOUT_MS: "5000" },
        });
        try {
          const health = await svc.get("/health");
          expect(health.status, health.text).toBe(200);
          expect(health.body.status).toBe("healthy");
          expect(health.body.vectors).toEqual({ backend: "redis", status: "resyncing" });
          expect(Number(await admin.call("VCARD", "test:startup-resync"))).toBe(0);
          const early = await svc.post("/api/v1/rag/search", { query: "invoices", limit: 5 });
          expect(early.status).toBe(200);
          expect(early.body.results).toHaveLength(5);
          expect(early.body.degraded).toBe(true);

          open();
          await eventually(
            async () => {
              expect((await svc.get("/health")).body.vectors.status).toBe("up");
            },
            { timeoutMs: 30_000, intervalMs: 100 },
          );
          expect(Number(await admin.call("VCARD", "test:startup-resync"))).toBe(ISSUES);
          // Pipelined: batches of 256 (retried when a busy machine made one time out), not one
          // round trip per vector.
          expect(batches).toBeGreaterThanOrEqual(Math.ceil(ISSUES / 256));
          expect(batches).toBeLessThan(ISSUES / 50);
          const later = await svc.post("/api/v1/rag/search", { query: "shipping labels", limit: 5 });
          expect(later.body.degraded).toBe(false);
          expect(later.body.results[0].title).toMatch(/shipping labels/);
        } finally {
          await svc.close();
        }
      } finally {
        open();
        admin.disconnect();
        await redis.stop();
      }
    }, 90_000);
  });
}
