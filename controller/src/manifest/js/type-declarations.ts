// Facts of TypeScript's named type declarations: interfaces, type aliases and enums.

import type { SyntaxNode } from "../scanner.js";
import { lineOf, named, stringText } from "./js-syntax.js";
import type { AliasFact, EnumFact, FieldFact, InterfaceFact } from "./module-facts.js";
import { literalUnion, typeText } from "./type-text.js";

function fieldsOfObjectType(body: SyntaxNode | null): FieldFact[] {
  return named(body)
    .filter((c) => c.type === "property_signature")
    .map((c) => ({
      name: (() => {
        const n = c.childForFieldName("name");
        return n?.type === "string" ? stringText(n) : (n?.text ?? "");
      })(),
      type: typeText(c.childForFieldName("type")),
      optional: c.children.some((x) => x.type === "?"),
    }));
}

export function interfaceFact(s: SyntaxNode): InterfaceFact {
  const heritage = named(s).find((c) => c.type === "extends_type_clause");
  return {
    name: s.childForFieldName("name")?.text ?? "",
    line: lineOf(s),
    fields: fieldsOfObjectType(s.childForFieldName("body")),
    extends: named(heritage).map((c) => typeText(c)),
  };
}

export function aliasFact(s: SyntaxNode): AliasFact {
  const value = s.childForFieldName("value");
  const name = s.childForFieldName("name")?.text ?? "";
  const fact = { name, line: lineOf(s), type: typeText(value) } as AliasFact;
  if (value?.type === "object_type") fact.fields = fieldsOfObjectType(value);
  const values = literalUnion(value);
  if (values) fact.values = values;
  // `Static<typeof X>` / `z.infer<typeof X>`: the type of a schema constant.
  if (value?.type === "generic_type") {
    const arg = named(value.childForFieldName("type_arguments"))[0];
    if (arg?.type === "type_query") fact.derivedFrom = arg.namedChildren[0]?.text;
  }
  return fact;
}

export function enumFact(s: SyntaxNode): EnumFact {
  const values: (string | number)[] = [];
  let next = 0;
  for (const c of named(s.childForFieldName("body"))) {
    if (c.type === "enum_assignment") {
      const v = c.childForFieldName("value");
      if (v?.type === "string") values.push(stringText(v));
      else if (v?.type === "number") {
        next = Number(v.text.replace(/_/g, ""));
        values.push(next++);
      } else values.push(c.childForFieldName("name")?.text ?? "");
    } else if (c.type === "property_identifier") values.push(next++);
  }
  return { name: s.childForFieldName("name")?.text ?? "", line: lineOf(s), values };
}
