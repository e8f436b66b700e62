// The task graph's HTTP embedder: lib/embedding's (OpenAI-compatible endpoint, batches,
// deadlines; chosen by lib/embedding's selectEmbedder from EMBEDDINGS_URL), with an endpoint
// that does not answer reported as BackendUnavailableError (503).
import {
  type HttpEmbedderOptions,
  HttpEmbedder as SharedHttpEmbedder,
} from "../../../../../lib/embedding/index.js";
import type { Embedder } from "../../ports/embedder.js";
import { BackendUnavailableError } from "../../ports/errors.js";

export { EmbeddingsError } from "../../../../../lib/embedding/index.js";

/** An embeddings endpoint that cannot be reached, timed out or answered 5xx/429. */
export function embeddingsUnavailable(message: string, cause?: unknown): Error {
  return new BackendUnavailableError("embeddings", message, { cause });
}

export class HttpEmbedder extends SharedHttpEmbedder implements Embedder {
  constructor(options: Omit<HttpEmbedderOptions, "unavailable">) {
    super({ ...options, unavailable: embeddingsUnavailable });
  }
}
