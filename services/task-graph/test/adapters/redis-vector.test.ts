// Runs the VectorIndex conformance suite against a real Redis 8 started by this file, plus the
// Redis-specific failure behaviour. Without a Redis 8 binary the suite names itself as not run.
import { afterAll, describe, expect, it } from "vitest";
import { startRedis } from "../../../../lib/testing/redis-server.js";
import { RedisVectorIndex } from "../../src/adapters/redis-vector/index.js";
import { BackendUnavailableError } from "../../src/ports/errors.js";
import { describeVectorIndexConformance } from "../conformance/vector-index.conformance.js";

const redis = await startRedis();

if ("reason" in redis) {
  const title = `Redis vector index: NOT RUN (no Redis 8 server: ${redis.reason})`;
  console.warn(title);
  describe(title, () => {
    it.skip("conformance and failure behaviour need a real Redis 8", () => {});
  });
} else {
  afterAll(() => redis.stop());
  let n = 0;
  describeVectorIndexConformance(`Redis 8 vector sets (real server on port ${redis.port})`, async () => {
    const index = new RedisVectorIndex({ url: redis.url, key: `test:vectors:${process.pid}:${n++}` });
    await index.init();
    return index;
  });

  describe("Redis vector index failure behaviour", () => {
    it("fails fast with BackendUnavailableError when nothing listens at REDIS_URL", async () => {
      const index = new RedisVectorIndex({ url: "redis://127.0.0.1:1", connectTimeoutMs: 500 });
      const started = Date.now();
      const error = await index.init().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackendUnavailableError);
      expect((error as BackendUnavailableError).message).toMatch(
        /Redis at redis:\/\/127\.0\.0\.1:1.* is unavailable/,
      );
      expect(Date.now() - started).toBeLessThan(3000);
      await index.close();
    });

    it("turns commands after the server went away into BackendUnavailableError, and never names the password", async () => {
      const own = await startRedis();
      if ("reason" in own) throw new Error(own.reason);
      const url = `redis://:s3cret@127.0.0.1:${own.port}`;
      const index = new RedisVectorIndex({ url: url.replace(":s3cret", ""), commandTimeoutMs: 500 });
      await index.init();
      await index.upsert({
        key: "issue:a",
        type: "issue",
        id: "a",
        title: "t",
        text: "x",
        vector: new Float32Array([1, 0]),
      });
      await own.stop();
      const error = await index
        .search({ vector: new Float32Array([1, 0]), limit: 1 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackendUnavailableError);
      expect((error as BackendUnavailableError).backend).toBe("redis");
      await expect(index.ping()).rejects.toBeInstanceOf(BackendUnavailableError);
      await index.close();
      const secretIndex = new RedisVectorIndex({ url, connectTimeoutMs: 300 });
      const secretError = await secretIndex.init().catch((e: unknown) => e);
      expect(String((secretError as Error).message)).not.toContain("s3cret");
      await secretIndex.close();
    });

    it("refuses a type name that is not a plain label instead of putting it into the filter", async () => {
      const index = new RedisVectorIndex({ url: redis.url, key: `test:vectors:${process.pid}:filter` });
      await index.init();
      await expect(
        index.search({ vector: new Float32Array([1]), limit: 1, types: ['x"] or 1'] }),
      ).rejects.toThrow(/invalid type name/);
      await index.close();
    });
  });
}
