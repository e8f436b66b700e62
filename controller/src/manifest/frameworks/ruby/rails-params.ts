// The request shapes a Rails app declares: strong parameters in controllers
// (`params.require(:user).permit(:name, tags: [], address: [:city])`, Rails 8's
// `params.expect(user: [...])`), typed by the model's table in `db/schema.rb`.

import type { SyntaxNode } from "../../scanner.js";
import type { Constraints, Field } from "../../types.js";
import type { RbCall } from "./rb-extract.js";

export interface PermitField {
  name: string;
  /** `tags: []` */
  array?: boolean;
  /** `address: [:city, :zip]` */
  fields?: PermitField[];
}

export interface Permit {
  key: string;
  fields: PermitField[];
}

export interface RbController {
  /** `Admin::UsersController` */
  name: string;
  line: number;
  methods: { name: string; line: number; calls: string[]; permit?: Permit }[];
}

export interface RbTable {
  name: string;
  columns: { name: string; type: string; notNull: boolean }[];
}

const named = (n: SyntaxNode | null | undefined) =>
  n ? n.namedChildren.filter((c) => c.type !== "comment") : [];

export function extractControllers(root: SyntaxNode): RbController[] {
  const out: RbController[] = [];
  const visit = (n: SyntaxNode, modules: string[]) => {
    for (const c of named(n)) {
      if (c.type === "module" || c.type === "class") {
        const name = [...modules, c.childForFieldName("name")?.text ?? ""];
        if (c.type === "class") out.push(readController(c, name.join("::")));
        visit(c.childForFieldName("body") ?? c, name);
      } else if (c.type === "body_statement") visit(c, modules);
    }
  };
  visit(root, []);
  return out.filter((c) => c.methods.length > 0);
}

function readController(cls: SyntaxNode, name: string): RbController {
  const ctrl: RbController = { name, line: cls.startPosition.row + 1, methods: [] };
  for (const m of named(cls.childForFieldName("body"))) {
    if (m.type !== "method") continue;
    const calls = new Set<string>();
    let permit: Permit | undefined;
    const walk = (n: SyntaxNode) => {
      for (const c of named(n)) {
        if (c.type === "identifier") calls.add(c.text);
        if (c.type === "call") {
          const method = c.childForFieldName("method")?.text;
          if (!c.childForFieldName("receiver") && method) calls.add(method);
          permit ??= readPermit(c);
        }
        walk(c);
      }
    };
    walk(m.childForFieldName("body") ?? m);
    ctrl.methods.push({
      name: m.childForFieldName("name")?.text ?? "",
      line: m.startPosition.row + 1,
      calls: [...calls],
      ...(permit ? { permit } : {}),
    });
  }
  return ctrl;
}

function readPermit(call: SyntaxNode): Permit | undefined {
  const method = call.childForFieldName("method")?.text;
  const args = named(call.childForFieldName("arguments"));
  const recv = call.childForFieldName("receiver");
  if (method === "permit" && recv?.type === "call" && recv.childForFieldName("method")?.text === "require") {
    const key = named(recv.childForFieldName("arguments"))[0];
    if (!key) return undefined;
    return { key: symbolText(key), fields: args.flatMap(readPermitted) };
  }
  if (method === "expect" && recv?.text === "params") {
    const pair = args.find((a) => a.type === "pair");
    const value = pair?.childForFieldName("value");
    if (!pair || value?.type !== "array") return undefined;
    return { key: symbolText(pair.childForFieldName("key")!), fields: named(value).flatMap(readPermitted) };
  }
  return undefined;
}

const symbolText = (n: SyntaxNode) =>
  n.text
    .replace(/^:/, "")
    .replace(/:$/, "")
    .replace(/^["']|["']$/g, "");

function readPermitted(n: SyntaxNode): PermitField[] {
  if (n.type === "simple_symbol" || n.type === "string") return [{ name: symbolText(n) }];
  if (n.type === "pair") {
    const name = symbolText(n.childForFieldName("key")!);
    const value = n.childForFieldName("value");
    const inner = named(value).flatMap(readPermitted);
    return [inner.length === 0 ? { name, array: true } : { name, fields: inner }];
  }
  if (n.type === "hash") return named(n).flatMap(readPermitted);
  return [];
}

/** `create_table "users" do |t| t.string "name", null: false … end` from db/schema.rb's calls. */
export function tablesOf(calls: RbCall[]): RbTable[] {
  const out: RbTable[] = [];
  const visit = (list: RbCall[]) => {
    for (const c of list) {
      if (c.name === "create_table" && c.args[0] && (c.args[0].k === "str" || c.args[0].k === "sym")) {
        out.push({
          name: c.args[0].v,
          columns: (c.block ?? []).flatMap((col) =>
            col.args[0]?.k === "str" || col.args[0]?.k === "sym"
              ? [
                  {
                    name: col.args[0].v,
                    type: col.name,
                    notNull: col.kw.null?.k === "bool" && !col.kw.null.v,
                  },
                ]
              : [],
          ),
        });
      } else if (c.block) visit(c.block);
    }
  };
  visit(calls);
  return out;
}

const COLUMN_TYPES: Record<string, [string, Constraints?]> = {
  string: ["string"],
  text: ["string"],
  citext: ["string"],
  integer: ["integer"],
  bigint: ["integer"],
  float: ["number"],
  decimal: ["number"],
  boolean: ["boolean"],
  date: ["string", { format: "date" }],
  datetime: ["string", { format: "date-time" }],
  timestamp: ["string", { format: "date-time" }],
  uuid: ["string", { format: "uuid" }],
  json: ["unknown"],
  jsonb: ["unknown"],
};

/** Permitted fields as DTO fields, typed by the table's columns when known (strong params are all optional). */
export function permitFields(
  fields: PermitField[],
  table: RbTable | undefined,
  nested: (name: string, f: PermitField[]) => string,
): Field[] {
  return fields.map((f) => {
    if (f.fields) return { name: f.name, type: nested(f.name, f.fields), required: false, constraints: {} };
    const column = table?.columns.find((c) => c.name === f.name);
    const [type, constraints] = column ? (COLUMN_TYPES[column.type] ?? ["unknown"]) : ["unknown"];
    return {
      name: f.name,
      type: f.array ? `${type}[]` : type,
      required: false,
      constraints: { ...(constraints ?? {}) },
    };
  });
}
