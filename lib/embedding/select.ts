// The embedder the environment names, one choice for the task graph's search and `e2e search`:
//   EMBEDDINGS_URL set → HttpEmbedder (OpenAI-compatible; EMBEDDINGS_MODEL required,
//                        EMBEDDINGS_API_KEY, EMBEDDINGS_BATCH_SIZE 64, EMBEDDINGS_TIMEOUT_MS 10000,
//                        EMBEDDINGS_DIMENSIONS)
//   else a local one   → pre-trained word vectors (LOCAL_EMBEDDER=words, the default) or feature
//                        hashing (LOCAL_EMBEDDER=hashing, HASHING_DIMENSION 8..65536, default 512)
// A value it does not accept is an EmbedderConfigError naming the variable.

import { envInteger, envValue } from "../env/index.js";
import { HashingEmbedder } from "./hashing-embedder.js";
import { HttpEmbedder, type HttpEmbedderOptions } from "./http-embedder.js";
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

type ChosenEmbedder = WordVectorEmbedder | HashingEmbedder | HttpEmbedder;

export function selectEmbedder(
  env: NodeJS.ProcessEnv,
  http: Pick<HttpEmbedderOptions, "unavailable"> = {},
): ChosenEmbedder {
  const url = value(env, "EMBEDDINGS_URL");
  if (!url) return localEmbedder(env);
  const model = value(env, "EMBEDDINGS_MODEL");
  if (!model)
    throw new EmbedderConfigError(
      "EMBEDDINGS_MODEL",
      "EMBEDDINGS_MODEL is required when EMBEDDINGS_URL is set",
    );
  const options = {
    url,
    model,
    apiKey: value(env, "EMBEDDINGS_API_KEY"),
    batchSize: integer(env, "EMBEDDINGS_BATCH_SIZE", 64),
    timeoutMs: integer(env, "EMBEDDINGS_TIMEOUT_MS", 10_000),
    dimensions: integer(env, "EMBEDDINGS_DIMENSIONS", 0) || undefined,
    ...http,
  };
  try {
    return new HttpEmbedder(options);
  } catch (error) {
    throw new EmbedderConfigError("EMBEDDINGS_URL", (error as Error).message);
  }
}

function localEmbedder(env: NodeJS.ProcessEnv): WordVectorEmbedder | HashingEmbedder {
  const local = value(env, "LOCAL_EMBEDDER") ?? "words";
  if (local === "words") return new WordVectorEmbedder();
  if (local !== "hashing") {
    throw new EmbedderConfigError(
      "LOCAL_EMBEDDER",
      `LOCAL_EMBEDDER must be "words" (pre-trained word vectors) or "hashing", got "${local}"`,
    );
  }
  const dimension = integer(env, "HASHING_DIMENSION", 512);
  if (dimension < 8 || dimension > 65_536)
    throw new EmbedderConfigError(
      "HASHING_DIMENSION",
      `HASHING_DIMENSION must be 8..65536, got ${dimension}`,
    );
  return new HashingEmbedder({ dimension });
}

const value = envValue;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  return envInteger(env, name, fallback, (variable, message) => new EmbedderConfigError(variable, message));
}
