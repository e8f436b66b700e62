// DTOs and types of a JavaScript/TypeScript tree: interfaces, object type aliases, classes
// (class-validator decorators become constraints; Nest's PartialType/PickType/OmitType are
// followed), enums and literal unions, and zod / TypeBox / JSON Schema constants.

import { DeclaredTypes } from "../js/declared-types.js";
import { jsScanner } from "../js/js-scanner.js";
import { JsProgram, outsideModules } from "../js/program.js";
import { SchemaReader } from "../js/schema-reader.js";
import type { Dto, TypeDecl } from "../types.js";

export const typescriptModelsScanner = jsScanner(
  "typescript",
  (files, ctx) => {
    const program = new JsProgram(files, outsideModules(ctx));
    const schemas = new SchemaReader(program);
    const declared = new DeclaredTypes(program);
    const dtos = new Map<string, Dto>();
    const types = new Map<string, TypeDecl>();
    const add = (d: Dto) => {
      if (!dtos.has(d.name)) dtos.set(d.name, d);
    };

    for (const { path: file, facts } of files) {
      for (const i of facts.interfaces)
        add({ name: i.name, file, line: i.line, fields: declared.fieldsOf(i.name) ?? [], kind: "interface" });
      for (const a of facts.aliases) {
        if (a.fields)
          add({
            name: a.name,
            file,
            line: a.line,
            fields: a.fields.map((f) => ({
              name: f.name,
              type: f.type,
              required: !f.optional,
              constraints: {},
            })),
            kind: "type",
          });
        else if (a.values)
          types.set(a.name, { name: a.name, kind: "union", file, line: a.line, values: a.values });
        else
          types.set(a.name, {
            name: a.name,
            kind: "alias",
            file,
            line: a.line,
            type: a.derivedFrom ?? a.type,
          });
      }
      for (const e of facts.enums)
        types.set(e.name, { name: e.name, kind: "enum", file, line: e.line, values: e.values });
      for (const c of facts.classes) {
        if (
          c.decorators.some((d) => d.name === "Controller" || d.name === "Module" || d.name === "Injectable")
        )
          continue;
        const fields = declared.classFields({ file, fact: c }, new Set());
        if (fields.length === 0) continue;
        const validated =
          c.members.some((m) => m.kind === "field" && m.decorators.length > 0) || c.extends?.k === "call";
        add({ name: c.name, file, line: c.line, fields, kind: validated ? "class-validator" : "class" });
      }
      // Schema constants (zod, TypeBox, JSON Schema objects) become DTOs under their names.
      for (const [name, value] of Object.entries(facts.bindings)) {
        if (value.k === "call" || value.k === "obj") schemas.read({ k: "id", name }, file);
      }
    }
    for (const d of schemas.dtos.values()) add(d);
    return { endpoints: [], dtos: [...dtos.values()], types: [...types.values()] };
  },
  "models",
);
