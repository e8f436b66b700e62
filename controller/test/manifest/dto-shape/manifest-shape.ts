// The manifest side: a type text (`IssueSchema[]`, `"LOW" | "HIGH"`, `Record<string, X>`) or a
// field with its constraints read into a Shape, following DTO and type names of the service.

import type { Field, ServiceManifest } from "../../../src/manifest/types.js";
import { ANY, type Shape, union } from "./shape.js";

const SCALARS = new Set(["string", "number", "integer", "boolean", "null", "object"]);

/** Splits `a | (b | c)[] | Record<string, d>` at its top-level `sep`, outside (), <> and quotes. */
function splitTop(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' && text[i - 1] !== "\\") quote = !quote;
    if (quote) continue;
    if (c === "(" || c === "<") depth++;
    if (c === ")" || c === ">") depth--;
    if (depth === 0 && text.startsWith(` ${sep} `, i)) {
      out.push(text.slice(start, i));
      start = i + sep.length + 2;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim());
}

export class ManifestShapes {
  private readonly dtos: Map<string, Field[]>;
  private readonly seen: string[] = [];

  constructor(private readonly service: ServiceManifest) {
    this.dtos = new Map(service.dtos.map((d) => [d.name, d.fields]));
  }

  /** A DTO's object shape; an unknown name reads as `unresolved:Name`, which matches nothing live. */
  ofType(text: string): Shape {
    const members = splitTop(text.trim(), "|");
    if (members.length > 1) return union(members.map((m) => this.ofType(m)));
    const t = members[0] as string;
    if (splitTop(t, "&").length > 1) return this.intersect(splitTop(t, "&").map((m) => this.ofType(m)));
    if (t.endsWith("[]")) return { types: ["array"], items: this.ofType(t.slice(0, -2)) };
    if (t.startsWith("(") && t.endsWith(")")) return this.ofType(t.slice(1, -1));
    const record = /^Record<string,\s*(.*)>$/.exec(t);
    if (record) return { types: ["object"], values: this.ofType(record[1] as string) };
    if (/^(".*"|-?\d+(\.\d+)?|true|false)$/.test(t)) {
      const v = JSON.parse(t) as unknown;
      const type = typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : typeof v;
      return { types: [type], enum: [JSON.stringify(v)] };
    }
    if (SCALARS.has(t)) return { types: [t] };
    if (t === "unknown" || t === "any") return ANY;
    return this.named(t);
  }

  ofFields(fields: Field[]): Shape {
    return {
      types: ["object"],
      props: Object.fromEntries(
        fields.map((f) => [f.name, { shape: this.ofField(f), required: f.required }]),
      ),
    };
  }

  ofField(f: { type: string; constraints?: Field["constraints"] }): Shape {
    let shape = this.ofType(f.type);
    const values = f.constraints?.enum;
    if (Array.isArray(values) && !shape.enum && shape.types.length > 0)
      shape = union(values.map((v) => this.ofType(JSON.stringify(v))));
    if (f.constraints?.nullable === true) shape = union([shape, { types: ["null"] }]);
    return shape;
  }

  private named(name: string): Shape {
    const fields = this.dtos.get(name);
    if (fields) {
      if (this.seen.includes(name)) return { types: [`recursive:${name}`] };
      this.seen.push(name);
      try {
        return this.ofFields(fields);
      } finally {
        this.seen.pop();
      }
    }
    const decl = this.service.types.find((t) => t.name === name);
    if (decl?.values) return union(decl.values.map((v) => this.ofType(JSON.stringify(v))));
    if (decl?.type) return this.ofType(decl.type);
    return { types: [`unresolved:${name}`] };
  }

  private intersect(parts: Shape[]): Shape {
    return { types: ["object"], props: Object.assign({}, ...parts.map((p) => p.props ?? {})) };
  }
}
