// The Embedder conformance suite against every adapter. The HTTP adapter talks to a local fake
// OpenAI-compatible endpoint (node:http on loopback): the one allowed stand-in, as no real
// embeddings service runs here.
import { afterAll } from "vitest";
import { HashingEmbedder, HttpEmbedder } from "../../../../lib/embedding/index.js";
import { embeddingsUnavailable } from "../../src/adapters/http-embedder/index.js";
import { describeEmbedderConformance } from "./embedder.conformance.js";
import { startFakeEmbeddingsServer } from "./embedder-fake-server.js";

describeEmbedderConformance("hashing (default)", () => new HashingEmbedder());

const fake = await startFakeEmbeddingsServer();
afterAll(() => fake.close());
describeEmbedderConformance(
  "OpenAI-compatible HTTP, against a local fake embeddings endpoint (the one allowed mock)",
  () =>
    new HttpEmbedder({
      unavailable: embeddingsUnavailable,
      url: fake.url,
      model: "fake-model",
      batchSize: 32,
    }),
);
