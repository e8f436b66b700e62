// Laravel's declared request shapes: a FormRequest's `rules()` and `$request->validate([...])`
// in a controller action, read from tree-sitter-php, turned into DTO fields (`required`,
// `nullable`, `string|integer|numeric|boolean|array|email|date|uuid|url`, `min`/`max`/`size`/
// `between`, `in:a,b`, `regex:/…/`). Nested keys (`items.*.id`) are left out; `tags.*` types an array.

import type { SyntaxNode } from "../../scanner.js";
import type { Constraints, Field } from "../../types.js";

export interface PhpClassFacts {
  name: string;
  base?: string;
  line: number;
  /** `rules()`'s returned array: field → its rules. */
  rules?: [string, string[]][];
  methods: { name: string; params: { type: string; name: string }[]; validate?: [string, string[]][] }[];
}

const named = (n: SyntaxNode | null | undefined) =>
  n ? n.namedChildren.filter((c) => c.type !== "comment") : [];

export function extractPhpClasses(root: SyntaxNode): PhpClassFacts[] {
  const out: PhpClassFacts[] = [];
  const visit = (n: SyntaxNode) => {
    for (const c of named(n)) {
      if (c.type === "class_declaration") out.push(readClass(c));
      else if (c.type === "namespace_definition" || c.type === "compound_statement") visit(c);
    }
  };
  visit(root);
  return out;
}

function readClass(c: SyntaxNode): PhpClassFacts {
  const cls: PhpClassFacts = {
    name: c.childForFieldName("name")?.text ?? "",
    line: c.startPosition.row + 1,
    methods: [],
  };
  const base = named(named(c).find((x) => x.type === "base_clause"))[0]?.text;
  if (base) cls.base = base.split("\\").pop()!;
  for (const m of named(c.childForFieldName("body") ?? named(c).find((x) => x.type === "declaration_list"))) {
    if (m.type !== "method_declaration") continue;
    const name = m.childForFieldName("name")?.text ?? "";
    const body = m.childForFieldName("body") ?? named(m).find((x) => x.type === "compound_statement");
    if (name === "rules") {
      const ret = findFirst(body, (x) => x.type === "return_statement");
      const arr = ret ? named(ret).find((x) => x.type === "array_creation_expression") : undefined;
      if (arr) cls.rules = readRules(arr);
      continue;
    }
    const params = named(
      m.childForFieldName("parameters") ?? named(m).find((x) => x.type === "formal_parameters"),
    )
      .filter((p) => p.type === "simple_parameter")
      .map((p) => ({
        type: (p.childForFieldName("type")?.text ?? "").split("\\").pop()!.replace(/^\?/, ""),
        name: (p.childForFieldName("name")?.text ?? "").replace(/^\$/, ""),
      }));
    const validate = findFirst(
      body,
      (x) =>
        x.type === "member_call_expression" &&
        named(x).some((y) => y.type === "name" && y.text === "validate") &&
        named(x)[0]?.type === "variable_name",
    );
    const arr = validate
      ? findFirst(
          named(validate).find((y) => y.type === "arguments"),
          (y) => y.type === "array_creation_expression",
        )
      : undefined;
    cls.methods.push({ name, params, ...(arr ? { validate: readRules(arr) } : {}) });
  }
  return cls;
}

function findFirst(
  n: SyntaxNode | null | undefined,
  test: (n: SyntaxNode) => boolean,
): SyntaxNode | undefined {
  if (!n) return undefined;
  for (const c of named(n)) {
    if (test(c)) return c;
    const found = findFirst(c, test);
    if (found) return found;
  }
  return undefined;
}

const stringOf = (n: SyntaxNode | undefined) =>
  n?.type === "string" || n?.type === "encapsed_string"
    ? named(n)
        .map((p) => p.text)
        .join("")
    : undefined;

function readRules(arr: SyntaxNode): [string, string[]][] {
  const out: [string, string[]][] = [];
  for (const el of named(arr).filter((x) => x.type === "array_element_initializer")) {
    const [k, v] = named(el);
    const key = stringOf(k);
    if (key === undefined || !v) continue;
    const rules =
      v.type === "array_creation_expression"
        ? named(v).flatMap((x) => {
            const s = stringOf(named(x)[0]);
            return s !== undefined ? [s] : [];
          })
        : (stringOf(v)?.split("|") ?? []);
    out.push([key, rules]);
  }
  return out;
}

/** Rules → fields of a DTO. */
export function fieldsFromRules(rules: [string, string[]][]): Field[] {
  const fields: Field[] = [];
  const itemTypes = new Map<string, string>();
  for (const [key, r] of rules) if (key.endsWith(".*")) itemTypes.set(key.slice(0, -2), typeOf(r));
  for (const [key, r] of rules) {
    if (key.includes(".")) continue;
    let type = typeOf(r);
    if (type === "unknown[]" && itemTypes.has(key)) type = `${itemTypes.get(key)}[]`;
    fields.push({ name: key, type, required: r.includes("required"), constraints: constraintsOf(r, type) });
  }
  return fields;
}

function typeOf(rules: string[]): string {
  const names = rules.map((r) => r.split(":")[0]);
  if (names.includes("integer")) return "integer";
  if (names.includes("numeric") || names.includes("decimal")) return "number";
  if (names.includes("boolean") || names.includes("accepted")) return "boolean";
  if (names.includes("array")) return "unknown[]";
  if (
    names.some((n) =>
      ["string", "email", "date", "uuid", "url", "alpha", "alpha_dash", "in", "regex", "confirmed"].includes(
        n!,
      ),
    )
  )
    return "string";
  return "unknown";
}

function constraintsOf(rules: string[], type: string): Constraints {
  const c: Constraints = {};
  const num = type === "integer" || type === "number";
  const arr = type.endsWith("[]");
  for (const rule of rules) {
    const colon = rule.indexOf(":");
    const name = colon < 0 ? rule : rule.slice(0, colon);
    const arg = colon < 0 ? "" : rule.slice(colon + 1);
    const n = Number(arg);
    if ((name === "max" || name === "min") && !Number.isNaN(n) && arg !== "") {
      const key = num
        ? name === "max"
          ? "maximum"
          : "minimum"
        : arr
          ? name === "max"
            ? "maxItems"
            : "minItems"
          : name === "max"
            ? "maxLength"
            : "minLength";
      c[key] = n;
    } else if (name === "between") {
      const [lo, hi] = arg.split(",").map(Number);
      if (num) Object.assign(c, { minimum: lo, maximum: hi });
      else Object.assign(c, { minLength: lo, maxLength: hi });
    } else if (name === "size" && !Number.isNaN(n) && !num) Object.assign(c, { minLength: n, maxLength: n });
    else if (name === "in") c.enum = arg.split(",").map((v) => (num ? Number(v) : v));
    else if (name === "email") c.format = "email";
    else if (name === "uuid") c.format = "uuid";
    else if (name === "url") c.format = "uri";
    else if (name === "date") c.format = "date";
    else if (name === "regex" && arg.length > 2) c.pattern = arg.replace(/^\/(.*)\/[a-z]*$/, "$1");
  }
  return c;
}
