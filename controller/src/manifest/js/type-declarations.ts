// Facts of TypeScript's named type declarations: interfaces, type aliases and enums, read through
// lib/code-graph's shared readers (the code graph's symbols come from the same reads).

import { readClassMember, readTsTypeDeclaration } from "../../../../lib/code-graph/index.js";
import type { SyntaxNode } from "../scanner.js";
import { lineOf, named, stringText } from "./js-syntax.js";
import type { AliasFact, EnumFact, FieldFact, InterfaceFact } from "./module-facts.js";
import { literalUnion, typeText } from "./type-text.js";

/** An interface's or object type's `name?: T` entries (read as the code graph reads members). */
function fieldsOfObjectType(body: SyntaxNode | null): FieldFact[] {
  const fields: FieldFact[] = [];
  for (const member of named(body)) {
    if (member.type !== "property_signature") continue;
    const { name, type, optional } = readClassMember(member);
    fields.push({
      name: name?.type === "string" ? stringText(name) : (name?.text ?? ""),
      type: typeText(type),
      optional,
    });
  }
  return fields;
}

export function interfaceFact(s: SyntaxNode): InterfaceFact {
  const read = readTsTypeDeclaration(s);
  return {
    name: read?.name?.text ?? "",
    line: lineOf(s),
    fields: fieldsOfObjectType(read?.body ?? null),
    extends: (read?.heritage ?? []).map((c) => typeText(c)),
  };
}

export function aliasFact(s: SyntaxNode): AliasFact {
  const read = readTsTypeDeclaration(s);
  const value = read?.body ?? null;
  const name = read?.name?.text ?? "";
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
  const read = readTsTypeDeclaration(s);
  const values: (string | number)[] = [];
  let next = 0;
  for (const c of named(read?.body)) {
    if (c.type === "enum_assignment") {
      const v = c.childForFieldName("value");
      if (v?.type === "string") values.push(stringText(v));
      else if (v?.type === "number") {
        next = Number(v.text.replace(/_/g, ""));
        values.push(next++);
      } else values.push(c.childForFieldName("name")?.text ?? "");
    } else if (c.type === "property_identifier") values.push(next++);
  }
  return { name: read?.name?.text ?? "", line: lineOf(s), values };
}
