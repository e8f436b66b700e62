// Builds the FILTER expression of VSIM for a type restriction. Vector-set filters are a small
// expression language over the element's JSON attributes; `in` takes a JSON-style array.
// Types are internal labels ("issue", "component", later "file", "symbol"): anything else is
// refused rather than escaped, so no caller text ever reaches the expression.
const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export function typeFilter(types: string[]): string {
  for (const type of types) {
    if (!TYPE_NAME.test(type))
      throw new RangeError(`types contains an invalid type name: ${JSON.stringify(type)}`);
  }
  return `.type in ${JSON.stringify(types)}`;
}

/** VSIM reports similarity as (1 + cosine) / 2 in [0, 1]; the port speaks cosine in [-1, 1]. */
export function cosineFromScore(score: number): number {
  return 2 * score - 1;
}

/** The vector as the little-endian FP32 blob VADD/VSIM accept. */
export function fp32Blob(vector: Float32Array): Buffer {
  const blob = Buffer.allocUnsafe(vector.length * 4);
  for (let i = 0; i < vector.length; i++) blob.writeFloatLE(vector[i]!, i * 4);
  return blob;
}

/** redis://user:secret@host:6379/0 → redis://host:6379/0, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.toString();
  } catch {
    return "(unparseable Redis URL)";
  }
}
