// Embedder over an OpenAI-compatible endpoint: POST {url}/embeddings {model, input: [...]}
// → {data: [{index, embedding}]}. Texts go in batches; each request has a deadline. An endpoint
// that cannot be reached, times out or answers 5xx/429 is "unavailable" (the caller's error: the
// task graph's BackendUnavailableError, a 503; EmbeddingsUnavailableError by default); a 4xx or
// a malformed answer is an EmbeddingsError naming what was wrong. Vectors are L2-normalised here,
// whatever the endpoint returns. Shared by the task graph and `e2e search` (EMBEDDINGS_URL).
import { normalize } from "./hashing-embedder.js";
import { EmbeddingsError, parseEmbeddingsResponse } from "./http-response.js";

/** The endpoint cannot be reached, timed out or answered 5xx/429 (the default "unavailable" error). */
class EmbeddingsUnavailableError extends Error {
  readonly code = "BACKEND_UNAVAILABLE";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EmbeddingsUnavailableError";
  }
}

export interface HttpEmbedderOptions {
  /** Base URL; "/embeddings" is appended (e.g. http://127.0.0.1:11434/v1). */
  url: string;
  model: string;
  /** Sent as "Authorization: Bearer <key>" when given. */
  apiKey?: string;
  /** Texts per request. @default 64 */
  batchSize?: number;
  /** Deadline per request in ms. @default 10000 */
  timeoutMs?: number;
  /** Requested and enforced vector length; otherwise learned from the first answer. */
  dimensions?: number;
  /** The error for an endpoint that does not answer usefully. @default EmbeddingsUnavailableError */
  unavailable?: (message: string, cause?: unknown) => Error;
}

export class HttpEmbedder {
  readonly name: string;
  readonly #endpoint: string;
  readonly #options: HttpEmbedderOptions;
  readonly #batchSize: number;
  readonly #timeoutMs: number;
  #dimension: number;

  constructor(options: HttpEmbedderOptions) {
    let base: URL;
    try {
      base = new URL(options.url);
    } catch {
      throw new RangeError(`EMBEDDINGS_URL "${options.url}" is not a URL`);
    }
    if (base.protocol !== "http:" && base.protocol !== "https:") {
      throw new RangeError(`EMBEDDINGS_URL must be http(s), got "${base.protocol}"`);
    }
    if (!options.model.trim()) throw new RangeError("EMBEDDINGS_MODEL must not be empty");
    this.#endpoint = `${options.url.replace(/\/+$/, "")}/embeddings`;
    this.#options = options;
    this.#batchSize = positive(options.batchSize ?? 64, "batchSize");
    this.#timeoutMs = positive(options.timeoutMs ?? 10_000, "timeoutMs");
    this.#dimension = options.dimensions ? positive(options.dimensions, "dimensions") : 0;
    this.name = `http:${options.model}`;
  }

  /** The vector length; 0 until the first answer when it was not configured. */
  get dimension(): number {
    return this.#dimension;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.#batchSize) {
      out.push(...(await this.#request(texts.slice(i, i + this.#batchSize))));
    }
    return out;
  }

  #unavailable(message: string, cause?: unknown): Error {
    const make = this.#options.unavailable;
    return make ? make(message, cause) : new EmbeddingsUnavailableError(message, { cause });
  }

  async #request(input: string[]): Promise<Float32Array[]> {
    const body: Record<string, unknown> = { model: this.#options.model, input };
    if (this.#options.dimensions) body.dimensions = this.#options.dimensions;
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.#options.apiKey) headers.authorization = `Bearer ${this.#options.apiKey}`;
    let response: Response;
    try {
      response = await fetch(this.#endpoint, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === "TimeoutError"
          ? `no answer within ${this.#timeoutMs}ms`
          : describeFetchError(error);
      throw this.#unavailable(`Embeddings endpoint ${this.#endpoint}: ${reason}`, error);
    }
    const text = await response.text().catch(() => "");
    if (response.status >= 500 || response.status === 429) {
      throw this.#unavailable(
        `Embeddings endpoint ${this.#endpoint} answered ${response.status}: ${text.slice(0, 200)}`,
      );
    }
    const vectors = parseEmbeddingsResponse(this.#endpoint, response.status, text, input.length);
    for (const vector of vectors) {
      if (this.#dimension === 0) this.#dimension = vector.length;
      if (vector.length !== this.#dimension) {
        throw new EmbeddingsError(
          `Embeddings endpoint ${this.#endpoint} returned ${vector.length} dimensions, expected ${this.#dimension}`,
        );
      }
      normalize(vector);
    }
    return vectors;
  }
}

function positive(value: number, field: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${field} must be a positive integer, got ${value}`);
  return value;
}

// fetch wraps the socket error: "fetch failed" with cause ECONNREFUSED etc.
function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
