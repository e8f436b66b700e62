// The search index cache in DATA_DIR: a restart reuses the terms and vectors of documents that did
// not change (nothing is embedded again, the answers are the same), recomputes those that did, and
// ignores a damaged file or one written by other indexing code.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HashingEmbedder } from "../../../../lib/embedding/index.js";
import { turnCounter } from "../../../../lib/testing/turn-counter.js";
import { type StartedService, startService } from "../../harness/start-service.js";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import { EmbeddedVectorIndex } from "../../src/adapters/embedded-vector/index.js";
import { CACHE_FILE, SearchIndexCache } from "../../src/domain/search/index-cache.js";
import type { Embedder } from "../../src/ports/embedder.js";

let dataDir: string;
let service: StartedService | null = null;
const cacheFile = () => join(dataDir, CACHE_FILE);

/** The hashing embedder, counting the texts it embeds. */
function countingEmbedder(): Embedder & { texts: number } {
  const inner = new HashingEmbedder();
  const counter = {
    name: inner.name,
    dimension: inner.dimension,
    texts: 0,
    embed(texts: string[]) {
      counter.texts += texts.length;
      return inner.embed(texts);
    },
  };
  return counter;
}

async function start(embedder = countingEmbedder()) {
  service = await startService({
    env: { DATA_DIR: dataDir },
    adapters: { graph: new EmbeddedGraphStore({ dataDir }), vectors: new EmbeddedVectorIndex(), embedder },
  });
  await searchIndexBuilt(service);
  return { api: service, embedder };
}

/** The index is built after listening; /health says "resyncing" until it is done. */
async function searchIndexBuilt(api: StartedService): Promise<void> {
  while ((await api.get("/health")).body.vectors.status !== "up") {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function stop() {
  await service?.close();
  service = null;
}

const QUERIES = ["checkout payment declined", "login token expired", "export csv slow"];
async function answers(api: StartedService) {
  const out = [];
  for (const query of QUERIES) out.push((await api.post("/api/v1/rag/search", { query, limit: 5 })).body);
  return out;
}

async function seed(api: StartedService): Promise<string[]> {
  const ids: string[] = [];
  for (const [title, description] of [
    ["Checkout declines valid cards", "The payment provider answers 402 for cards that work elsewhere."],
    ["Login fails after token expiry", "Refreshing the access token returns 401."],
    ["CSV export is slow", "Exporting 10k rows takes a minute."],
    ["Dark mode colours", "Charts are unreadable in dark mode."],
  ]) {
    ids.push((await api.post("/api/v1/issues", { title, description })).body.id);
  }
  return ids;
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "tg-search-cache-"));
});
afterEach(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("search index cache", () => {
  it("lets a restart answer the same without embedding any stored document again", async () => {
    const first = await start();
    await seed(first.api);
    const before = await answers(first.api);
    await stop();

    const second = await start();
    // One text for the cache's probe, then only the queries.
    expect(second.embedder.texts).toBe(1);
    expect(await answers(second.api)).toEqual(before);
    expect(second.embedder.texts).toBe(1 + QUERIES.length);
  });

  it("recomputes a document edited since the cache was written, and finds it by its new text", async () => {
    const first = await start();
    const [checkout] = await seed(first.api);
    await stop();
    const stale = join(dataDir, "stale-cache");
    copyFileSync(cacheFile(), stale);

    const second = await start();
    await second.api.patch(`/api/v1/issues/${checkout}`, {
      title: "Refund webhook retries forever",
      description: "The hook is called again and again.",
    });
    await stop();
    copyFileSync(stale, cacheFile()); // as if the run that edited it crashed before saving

    const third = await start();
    expect(third.embedder.texts).toBe(1 + 1); // the probe, and the one edited issue
    const found = (await third.api.post("/api/v1/rag/search", { query: "refund webhook", limit: 3 })).body;
    expect(found.results[0].id).toBe(checkout);
    const old = (await third.api.post("/api/v1/rag/search", { query: "checkout declines cards", limit: 3 }))
      .body;
    expect(old.results.map((r: { id: string }) => r.id)).not.toContain(checkout);
  });

  it("ignores a damaged cache file, rebuilds and answers the same", async () => {
    const first = await start();
    await seed(first.api);
    const before = await answers(first.api);
    await stop();
    const bytes = readFileSync(cacheFile());
    bytes[bytes.length - 3]! ^= 0xff; // inside the vectors
    writeFileSync(cacheFile(), bytes);

    const second = await start();
    expect(second.embedder.texts).toBe(1 + 4);
    expect(await answers(second.api)).toEqual(before);
  });

  it("is not used by other indexing code (another salt) or another dimension", async () => {
    const first = await start();
    await seed(first.api);
    await stop();
    const embedder = new HashingEmbedder();
    const same = await SearchIndexCache.forDataDir(dataDir, embedder);
    expect(same.report).toEqual({ entries: 4 });
    const otherSalt = await SearchIndexCache.open(cacheFile(), "another tokenizer", embedder.dimension);
    expect(otherSalt.report).toEqual({
      entries: 0,
      ignored: "written by other indexing code or another embedder",
    });
    const otherDimension = await SearchIndexCache.forDataDir(
      dataDir,
      new HashingEmbedder({ dimension: 256 }),
    );
    expect(otherDimension.report.entries).toBe(0);
  });

  it("writes a large cache in pieces between turns of the event loop and reads every entry back as it was", async () => {
    const path = join(dataDir, "big.cache");
    const dim = 16;
    const { cache } = await SearchIndexCache.open(path, "salt", dim);
    const entryOf = (i: number) => ({
      terms: new Map([
        [`term${i}`, 1],
        [`shared`, 0.5 + (i % 3)],
        [`identifier_${i % 97}_name`, 2],
      ]),
      vector: Float32Array.from({ length: dim }, (_, j) => Math.sin(i + j)),
    });
    const n = 30_000;
    for (let i = 0; i < n; i++) cache.put(`fp${i}`, entryOf(i));
    const turns = turnCounter();
    const save = cache.save(Array.from({ length: n }, (_, i) => `fp${i}`));
    cache.put("added while saving", entryOf(-1));
    expect(await save).toBe(n);
    turns.stop();
    expect(turns.now()).toBeGreaterThan(3);
    expect(cache.dirty).toBe(true);

    const { cache: back, report } = await SearchIndexCache.open(path, "salt", dim);
    expect(report).toEqual({ entries: n });
    for (const i of [0, 1, 12_345, n - 1]) {
      const entry = back.get(`fp${i}`)!;
      expect(entry.terms).toEqual(entryOf(i).terms);
      expect([...entry.vector!]).toEqual([...entryOf(i).vector]);
    }
    expect(back.get("added while saving")).toBeUndefined();
  });
});
