import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AdapterConfigError, selectAdapters } from "../../src/adapters/select.js";

describe("selectAdapters(env)", () => {
  it("chooses the embedded graph store, embedded vector index and word-vector embedder on a bare environment", async () => {
    const { graph, vectors, embedder } = await selectAdapters({});
    expect(graph.backend).toBe("embedded");
    expect(vectors.backend).toBe("embedded");
    expect(embedder).toMatchObject({ name: "glove100", dimension: 100 });
    await graph.close();
  });

  it("chooses the hashing embedder with LOCAL_EMBEDDER=hashing, at HASHING_DIMENSION", async () => {
    const plain = await selectAdapters({ LOCAL_EMBEDDER: "hashing" });
    expect(plain.embedder).toMatchObject({ name: "hashing", dimension: 512 });
    const narrow = await selectAdapters({ LOCAL_EMBEDDER: "hashing", HASHING_DIMENSION: "64" });
    expect(narrow.embedder.dimension).toBe(64);
    await plain.graph.close();
    await narrow.graph.close();
  });

  it("persists the embedded graph under DATA_DIR", async () => {
    const dir = await mkdtemp(join(tmpdir(), "select-"));
    try {
      const { graph } = await selectAdapters({ DATA_DIR: dir });
      await graph.init();
      await graph.createComponent({
        id: "c1",
        name: "n",
        description: "",
        project: "p",
        created_at: "t",
        updated_at: "t",
      });
      await graph.close();
      const again = (await selectAdapters({ DATA_DIR: dir })).graph;
      await again.init();
      expect((await again.getComponent("c1"))?.name).toBe("n");
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("chooses Neo4j, Redis and the HTTP embedder when their variables are set", async () => {
    const { graph, vectors, embedder } = await selectAdapters({
      NEO4J_URI: "bolt://127.0.0.1:7687",
      NEO4J_PASSWORD: "x",
      REDIS_URL: "redis://127.0.0.1:6379",
      EMBEDDINGS_URL: "http://127.0.0.1:11434/v1",
      EMBEDDINGS_MODEL: "nomic-embed-text",
    });
    expect(graph.backend).toBe("neo4j");
    expect(vectors.backend).toBe("redis");
    expect(embedder.name).toBe("http:nomic-embed-text");
    await graph.close();
    await vectors.close();
  });

  it.each([
    [{ NEO4J_URI: "http://x" }, "NEO4J_URI", /neo4j:\/\/ or bolt:\/\//],
    [{ REDIS_URL: "localhost:6379" }, "REDIS_URL", /redis:\/\/ or rediss:\/\//],
    [{ EMBEDDINGS_URL: "http://x/v1" }, "EMBEDDINGS_MODEL", /EMBEDDINGS_MODEL is required/],
    [{ EMBEDDINGS_URL: "ftp://x", EMBEDDINGS_MODEL: "m" }, "EMBEDDINGS_URL", /http\(s\)/],
    [
      { EMBEDDINGS_URL: "http://x", EMBEDDINGS_MODEL: "m", EMBEDDINGS_TIMEOUT_MS: "soon" },
      "EMBEDDINGS_TIMEOUT_MS",
      /non-negative integer, got "soon"/,
    ],
    [{ LOCAL_EMBEDDER: "hashing", HASHING_DIMENSION: "4" }, "HASHING_DIMENSION", /8..65536/],
    [{ LOCAL_EMBEDDER: "bert" }, "LOCAL_EMBEDDER", /"words".*"hashing"/],
  ])("refuses %j naming %s", async (env, variable, message) => {
    const error = await selectAdapters(env).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdapterConfigError);
    expect((error as AdapterConfigError).variable).toBe(variable);
    expect((error as Error).message).toMatch(message);
  });
});
