// Reads an OpenAI-compatible embeddings answer: {data: [{index?, embedding: number[]}]}, one
// entry per input, ordered by `index` when present. Anything else is an EmbeddingsError that
// says which part was wrong.

export class EmbeddingsError extends Error {
  readonly code = "EMBEDDINGS_ERROR";
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "EmbeddingsError";
  }
}

interface Entry {
  index?: unknown;
  embedding?: unknown;
}

export function parseEmbeddingsResponse(
  endpoint: string,
  status: number,
  body: string,
  expected: number,
): Float32Array[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    if (status >= 400)
      throw new EmbeddingsError(
        `Embeddings endpoint ${endpoint} answered ${status}: ${body.slice(0, 200)}`,
        status,
      );
    throw new EmbeddingsError(
      `Embeddings endpoint ${endpoint} answered ${status} with a body that is not JSON`,
      status,
    );
  }
  if (status >= 400) {
    const message = (json as { error?: { message?: unknown } | string })?.error;
    const text =
      typeof message === "string"
        ? message
        : typeof message?.message === "string"
          ? message.message
          : body.slice(0, 200);
    throw new EmbeddingsError(`Embeddings endpoint ${endpoint} answered ${status}: ${text}`, status);
  }
  const data = (json as { data?: unknown })?.data;
  if (!Array.isArray(data))
    throw new EmbeddingsError(`Embeddings endpoint ${endpoint}: response has no "data" array`);
  if (data.length !== expected) {
    throw new EmbeddingsError(
      `Embeddings endpoint ${endpoint}: sent ${expected} inputs, got ${data.length} embeddings`,
    );
  }
  const entries = data as Entry[];
  const ordered = entries.every((e) => Number.isInteger(e?.index))
    ? [...entries].sort((a, b) => (a.index as number) - (b.index as number))
    : entries;
  return ordered.map((entry, i) => {
    const embedding = entry?.embedding;
    if (
      !Array.isArray(embedding) ||
      embedding.length === 0 ||
      !embedding.every((x) => typeof x === "number" && Number.isFinite(x))
    ) {
      throw new EmbeddingsError(
        `Embeddings endpoint ${endpoint}: data[${i}].embedding is not a non-empty array of numbers`,
      );
    }
    return Float32Array.from(embedding as number[]);
  });
}
