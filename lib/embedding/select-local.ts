// The local (offline) embedder named by the environment, the same choice for the task graph's
// search and `e2e search`: pre-trained word vectors (LOCAL_EMBEDDER=words, the default) or feature
// hashing (LOCAL_EMBEDDER=hashing, HASHING_DIMENSION 8..65536, default 512). An HTTP embedder
// (EMBEDDINGS_URL) is chosen before this by each caller.
import { HashingEmbedder } from "./hashing-embedder.js";
import { WordVectorEmbedder } from "./word-vector-embedder.js";

/** A variable that holds a value the embedder choice does not accept; the message says what it accepts. */
export class EmbedderConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = "EmbedderConfigError";
  }
}

export function localEmbedder(env: NodeJS.ProcessEnv): WordVectorEmbedder | HashingEmbedder {
  const local = env.LOCAL_EMBEDDER?.trim() || "words";
  if (local === "words") return new WordVectorEmbedder();
  if (local !== "hashing") {
    throw new EmbedderConfigError(
      "LOCAL_EMBEDDER",
      `LOCAL_EMBEDDER must be "words" (pre-trained word vectors) or "hashing", got "${local}"`,
    );
  }
  const raw = env.HASHING_DIMENSION?.trim() || "512";
  const dimension = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(dimension >= 8 && dimension <= 65_536)) {
    throw new EmbedderConfigError("HASHING_DIMENSION", `HASHING_DIMENSION must be 8..65536, got ${raw}`);
  }
  return new HashingEmbedder({ dimension });
}
