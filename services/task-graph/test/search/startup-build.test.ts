// Start-up builds the search index after listening (SPEC §2: start-up <= 2 s): issue reads and
// writes answer at once and exactly, /health says the vectors are "resyncing", search waits for
// the build, and a write made during the build is what search finds afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HashingEmbedder } from "../../../../lib/embedding/index.js";
import { type StartedService, startService } from "../../harness/start-service.js";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import { EmbeddedVectorIndex } from "../../src/adapters/embedded-vector/index.js";
import type { Embedder } from "../../src/ports/embedder.js";

let dataDir: string;
const started: StartedService[] = [];

/** The hashing embedder, held at its first call until released: the build cannot finish before. */
function gatedEmbedder(): Embedder & { release(): void } {
  const inner = new HashingEmbedder();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    name: inner.name,
    dimension: inner.dimension,
    async embed(texts: string[]) {
      await gate;
      return inner.embed(texts);
    },
    release,
  };
}

async function start(embedder: Embedder = new HashingEmbedder()): Promise<StartedService> {
  const service = await startService({
    env: { DATA_DIR: dataDir },
    adapters: { graph: new EmbeddedGraphStore({ dataDir }), vectors: new EmbeddedVectorIndex(), embedder },
  });
  started.push(service);
  return service;
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "tg-startup-build-"));
});
afterEach(async () => {
  for (const s of started.splice(0)) await s.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("search index built after listening", () => {
  it("answers issue reads and writes exactly while the search index is still being built", async () => {
    const first = await start();
    const a = (await first.post("/api/v1/issues", { title: "Checkout declines valid cards" })).body.id;
    const b = (await first.post("/api/v1/issues", { title: "Login fails after token expiry" })).body.id;
    await first.close();
    started.pop();

    const embedder = gatedEmbedder();
    const api = await start(embedder);
    const health = await api.get("/health");
    expect(health.body.vectors.status).toBe("resyncing");
    expect((await api.get(`/api/v1/issues/${a}`)).body.title).toBe("Checkout declines valid cards");
    expect((await api.get("/api/v1/issues")).body.total).toBe(2);
    const patched = await api.patch(`/api/v1/issues/${b}`, { title: "Dark mode colours unreadable" });
    expect(patched.status).toBe(200);

    // Search asked during the build waits for it, then answers from the records as they are now.
    const search = api.post("/api/v1/rag/search", { query: "dark mode colours", limit: 5 });
    embedder.release();
    expect((await search).body.results.map((r: { id: string }) => r.id)).toEqual([b]);
    while ((await api.get("/health")).body.vectors.status !== "up") {
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The build's copy of b (its old title) was replaced, in the lexical and the vector index.
    const stale = await api.post("/api/v1/rag/search", { query: "login token expiry", limit: 5 });
    expect(stale.body).toMatchObject({ results: [], degraded: false });
  });
});
