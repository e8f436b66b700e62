// The HTTP embedder's request format, batching and failure behaviour, against a local fake
// OpenAI-compatible endpoint (the one allowed mock: no real embeddings service runs here).
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { EmbeddingsError, HttpEmbedder, type HttpEmbedderOptions } from "../../../../lib/embedding/index.js";
import { embeddingsUnavailable } from "../../src/adapters/http-embedder/index.js";
import { BackendUnavailableError } from "../../src/ports/errors.js";
import { startFakeEmbeddingsServer } from "../conformance/embedder-fake-server.js";

const fake = await startFakeEmbeddingsServer(32);
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = "ok";
  fake.requests.length = 0;
});

/** lib/embedding's HttpEmbedder as select.ts builds it for the service: unreachable → 503. */
const httpEmbedder = (options: Omit<HttpEmbedderOptions, "unavailable">) =>
  new HttpEmbedder({ ...options, unavailable: embeddingsUnavailable });

describe("HTTP embedder against a local fake OpenAI-compatible endpoint (mock)", () => {
  it("POSTs {model, input} to {url}/embeddings with the bearer key, in batches", async () => {
    const embedder = httpEmbedder({ url: `${fake.url}/`, model: "m1", apiKey: "sk-test", batchSize: 4 });
    const vectors = await embedder.embed(Array.from({ length: 10 }, (_, i) => `text ${i}`));
    expect(vectors).toHaveLength(10);
    expect(fake.requests.map((r) => r.body.input?.length)).toEqual([4, 4, 2]);
    expect(fake.requests[0]).toMatchObject({
      path: "/v1/embeddings",
      authorization: "Bearer sk-test",
      body: { model: "m1", input: ["text 0", "text 1", "text 2", "text 3"] },
    });
    expect(embedder.dimension).toBe(32);
    expect(embedder.name).toBe("http:m1");
  });

  it("sends no Authorization header without a key, and `dimensions` when configured", async () => {
    await httpEmbedder({ url: fake.url, model: "m", dimensions: 32 }).embed(["a"]);
    expect(fake.requests[0]!.authorization).toBeUndefined();
    expect(fake.requests[0]!.body.dimensions).toBe(32);
  });

  it("orders vectors by the response's index field", async () => {
    const embedder = httpEmbedder({ url: fake.url, model: "m" });
    const inOrder = await embedder.embed(["alpha beta", "gamma delta"]);
    fake.mode = "shuffled";
    const shuffled = await embedder.embed(["alpha beta", "gamma delta"]);
    expect(Array.from(shuffled[0]!)).toEqual(Array.from(inOrder[0]!));
  });

  it("rejects a vector length other than the configured one", async () => {
    const embedder = httpEmbedder({ url: fake.url, model: "m", dimensions: 1536 });
    await expect(embedder.embed(["a"])).rejects.toThrow(/returned 32 dimensions, expected 1536/);
  });

  it("reports a 401 as an EmbeddingsError carrying the endpoint's message", async () => {
    fake.mode = "unauthorized";
    const error = await httpEmbedder({ url: fake.url, model: "m" })
      .embed(["a"])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingsError);
    expect((error as Error).message).toMatch(/answered 401: Incorrect API key provided/);
  });

  it("reports a malformed answer naming the bad part", async () => {
    fake.mode = "malformed";
    await expect(httpEmbedder({ url: fake.url, model: "m" }).embed(["a"])).rejects.toThrow(
      /data\[0\]\.embedding is not a non-empty array of numbers/,
    );
  });

  it("treats a 5xx answer as the backend being unavailable", async () => {
    fake.mode = "server-error";
    const error = await httpEmbedder({ url: fake.url, model: "m" })
      .embed(["a"])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as BackendUnavailableError).backend).toBe("embeddings");
  });

  it("gives up after the timeout when the endpoint never answers", async () => {
    fake.mode = "stall";
    const started = Date.now();
    const error = await httpEmbedder({ url: fake.url, model: "m", timeoutMs: 300 })
      .embed(["a"])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toMatch(/no answer within 300ms/);
    // After the configured 300 ms, far from the 10 s default (room for a busy machine).
    expect(Date.now() - started).toBeGreaterThanOrEqual(299);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("treats a refused connection as the backend being unavailable", async () => {
    const closed = await startFakeEmbeddingsServer();
    await closed.close(); // its port now refuses connections
    const error = await httpEmbedder({ url: closed.url, model: "m" })
      .embed(["a"])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendUnavailableError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });

  it("refuses a URL that is not http(s) and an empty model", () => {
    expect(() => httpEmbedder({ url: "ftp://x", model: "m" })).toThrow(/EMBEDDINGS_URL must be http\(s\)/);
    expect(() => httpEmbedder({ url: "not a url", model: "m" })).toThrow(
      /EMBEDDINGS_URL "not a url" is not a URL/,
    );
    expect(() => httpEmbedder({ url: fake.url, model: " " })).toThrow(/EMBEDDINGS_MODEL must not be empty/);
  });
});
