// The task graph's side of lib/embedding's HttpEmbedder (OpenAI-compatible endpoint, batches,
// deadlines; chosen by selectEmbedder from EMBEDDINGS_URL in ../select.ts): an endpoint that does
// not answer is reported as BackendUnavailableError (503).
import { BackendUnavailableError } from "../../ports/errors.js";

/** An embeddings endpoint that cannot be reached, timed out or answered 5xx/429. */
export function embeddingsUnavailable(message: string, cause?: unknown): Error {
  return new BackendUnavailableError("embeddings", message, { cause });
}
