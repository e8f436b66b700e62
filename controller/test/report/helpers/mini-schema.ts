// A small JSON Schema checker for the subset e2e-report.schema.json uses (type, const, enum, required,
// properties, additionalProperties, items, minimum, $ref to #/$defs). Returns every problem found.

type Schema = Record<string, unknown>;

export function validateAgainstSchema(root: Schema, value: unknown): string[] {
  const problems: string[] = [];
  check(root, root, value, "$", problems);
  return problems;
}

function check(root: Schema, schema: Schema, value: unknown, at: string, problems: string[]): void {
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.replace("#/$defs/", "");
    const target = (root.$defs as Record<string, Schema>)[name];
    if (!target) throw new Error(`schema: unknown $ref ${schema.$ref}`);
    check(root, target, value, at, problems);
    return;
  }
  if ("const" in schema && value !== schema.const)
    problems.push(`${at}: expected ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) {
    problems.push(`${at}: ${JSON.stringify(value)} not in ${JSON.stringify(schema.enum)}`);
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => isType(value, t as string))) {
      problems.push(`${at}: expected ${types.join("|")}, got ${value === null ? "null" : typeof value}`);
      return;
    }
  }
  if (typeof schema.minimum === "number" && typeof value === "number" && value < schema.minimum) {
    problems.push(`${at}: ${value} < minimum ${schema.minimum}`);
  }
  if (Array.isArray(value) && schema.items) {
    for (const [i, item] of value.entries())
      check(root, schema.items as Schema, item, `${at}[${i}]`, problems);
  }
  if (isType(value, "object")) {
    const object = value as Record<string, unknown>;
    for (const key of (schema.required as string[] | undefined) ?? []) {
      if (!(key in object)) problems.push(`${at}: missing required "${key}"`);
    }
    const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const [key, item] of Object.entries(object)) {
      if (properties[key]) check(root, properties[key], item, `${at}.${key}`, problems);
      else if (schema.additionalProperties === false) problems.push(`${at}: unexpected property "${key}"`);
      else if (isType(schema.additionalProperties, "object")) {
        check(root, schema.additionalProperties as Schema, item, `${at}.${key}`, problems);
      }
    }
  }
}

function isType(value: unknown, type: string): boolean {
  switch (type) {
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "array":
      return Array.isArray(value);
    case "integer":
      return Number.isInteger(value);
    case "null":
      return value === null;
    default:
      return typeof value === type;
  }
}
