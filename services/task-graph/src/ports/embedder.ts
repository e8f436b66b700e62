// Turns text into a fixed-dimension, L2-normalised vector. Default: deterministic feature
// hashing (no model download). Optional: an OpenAI-compatible HTTP embeddings endpoint.

export interface Embedder {
  readonly name: string;
  readonly dimension: number;
  embed(texts: string[]): Promise<Float32Array[]>;
}
