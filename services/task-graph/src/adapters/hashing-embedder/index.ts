// The default Embedder: deterministic feature hashing from lib/embedding (shared with the
// controller's `e2e search`, so both sides embed text identically).
import { HashingEmbedder, type HashingEmbedderOptions } from "../../../../../lib/embedding/index.js";
import type { Embedder } from "../../ports/embedder.js";

export function createHashingEmbedder(options: HashingEmbedderOptions = {}): Embedder {
  return new HashingEmbedder(options);
}

export { HashingEmbedder };
