// Redis 8 vector sets (VSIM, HNSW) against the exact embedded index on the same vectors and
// queries, side by side: recall@10 (tie-aware: a Redis hit counts when its cosine reaches the
// exact 10th best) and top-10 latency through the adapter (VSIM + VGETATTR pipeline).
// Targets: recall@10 >= 0.95, p95 <= 10 ms. Starts its own Redis 8 on loopback (persistence off).
// Run: node --import tsx bench/task-graph/search-redis.ts   (BENCH_SIZES=10000,100000)
import { HashingEmbedder } from "../../lib/embedding/index.js";
import { startRedis } from "../../lib/testing/redis-server.js";
import { EmbeddedVectorIndex } from "../../services/task-graph/src/adapters/embedded-vector/index.js";
import { RedisVectorIndex } from "../../services/task-graph/src/adapters/redis-vector/index.js";
import type { VectorItem } from "../../services/task-graph/src/ports/vector-index.js";
import { syntheticIssues, syntheticQueries } from "./search-corpus.js";
import { percentile, round, writeResult } from "./search-support.js";

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map(Number);
const QUERIES = 200;
const LOAD_CONCURRENCY = 256;

const redis = await startRedis();
if ("reason" in redis) {
  console.log(`Redis search benchmark: NOT RUN (${redis.reason})`);
  writeResult("search-redis", { not_run: redis.reason });
  process.exit(0);
}

const embedder = new HashingEmbedder();
const queries = syntheticQueries(QUERIES).map((q) => embedder.embedSync(q));
const results: Record<string, unknown>[] = [];
try {
  for (const size of SIZES) {
    const items: VectorItem[] = syntheticIssues(size).map((i) => ({
      key: `issue:${i.id}`,
      type: "issue",
      id: i.id,
      title: i.title,
      text: i.description,
      vector: embedder.embedSync(`${i.title}\n${i.title}\n${i.description}\n${i.labels.join(" ")}`),
    }));
    const exact = new EmbeddedVectorIndex();
    for (const item of items) await exact.upsert(item);
    const index = new RedisVectorIndex({ url: redis.url, key: `bench:${size}`, commandTimeoutMs: 30_000 });
    await index.init();
    const loadStart = performance.now();
    for (let k = 0; k < items.length; k += LOAD_CONCURRENCY) {
      await Promise.all(items.slice(k, k + LOAD_CONCURRENCY).map((item) => index.upsert(item)));
    }
    const loadSeconds = (performance.now() - loadStart) / 1000;

    const redisTimes: number[] = [];
    const exactTimes: number[] = [];
    let recallSum = 0;
    for (const [n, vector] of queries.entries()) {
      let t = performance.now();
      const truth = await exact.search({ vector, limit: 10 });
      const exactMs = performance.now() - t;
      t = performance.now();
      const hits = await index.search({ vector, limit: 10 });
      const redisMs = performance.now() - t;
      if (n >= 5) {
        exactTimes.push(exactMs);
        redisTimes.push(redisMs);
      }
      const kth = truth.at(-1)?.score ?? 0;
      const wanted = Math.min(10, truth.length);
      recallSum += Math.min(wanted, hits.filter((h) => h.score >= kth - 1e-5).length) / wanted;
    }
    redisTimes.sort((a, b) => a - b);
    exactTimes.sort((a, b) => a - b);
    const row = {
      items: size,
      dimension: embedder.dimension,
      load_seconds: round(loadSeconds, 1),
      load_items_per_s: Math.round(size / loadSeconds),
      recall_at_10: round(recallSum / queries.length, 4),
      redis_top10: { p50_ms: round(percentile(redisTimes, 50)), p95_ms: round(percentile(redisTimes, 95)) },
      baseline_exact_embedded_top10: {
        p50_ms: round(percentile(exactTimes, 50)),
        p95_ms: round(percentile(exactTimes, 95)),
      },
      ratio_p95_redis_over_exact: round(percentile(redisTimes, 95) / percentile(exactTimes, 95)),
      targets: { recall_at_10: 0.95, p95_ms: 10 },
    };
    results.push(row);
    console.log(
      `${size} items: recall@10 ${row.recall_at_10}; Redis p50 ${row.redis_top10.p50_ms} ms, p95 ${row.redis_top10.p95_ms} ms; ` +
        `exact embedded p95 ${row.baseline_exact_embedded_top10.p95_ms} ms (ratio redis/exact ${row.ratio_p95_redis_over_exact}); ` +
        `load ${row.load_items_per_s} items/s`,
    );
    await index.close();
  }
} finally {
  await redis.stop();
}
console.log(`written ${writeResult("search-redis", { queries: QUERIES, results })}`);
