// A route schema as a plain JSON Schema for MCP clients: no TypeBox marks, and OpenAPI 3.0's
// `nullable: true` (which the routes use for Fastify's serializer) spelled the JSON Schema way,
// `type: [T, "null"]`, since a client validating with a standard validator ignores `nullable` and
// would refuse every null. Other keywords pass as they are (`x-` ones are annotations).

type Json = unknown;

function plain(node: Json): Json {
  if (Array.isArray(node)) return node.map(plain);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key !== "nullable" || typeof value !== "boolean") out[key] = plain(value);
  }
  const source = node as Record<string, Json>;
  if (source.nullable === true && typeof source.type === "string") {
    out.type = [source.type, "null"];
    if (Array.isArray(source.enum)) out.enum = [...source.enum, null];
  }
  return out;
}

/** A deep copy of `schema` as plain JSON Schema (JSON round trip drops TypeBox's symbol keys). */
export function plainJsonSchema(schema: object): Record<string, Json> {
  return plain(JSON.parse(JSON.stringify(schema))) as Record<string, Json>;
}
