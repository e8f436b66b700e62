// types.ts of a generated suite: the manifest's DTOs and named types as TypeScript, and `shapes`,
// the same fields as data, which the modules' response checks (assertShape) read at run time.

import type { ServiceManifest } from "../manifest/index.js";
import { key } from "./naming.js";
import { fieldType, tsType } from "./typescript-type.js";

export function declaredNames(service: ServiceManifest): Set<string> {
  return new Set([...service.dtos.map((d) => d.name), ...service.types.map((t) => t.name)]);
}

export function renderTypes(service: ServiceManifest): string {
  const known = declaredNames(service);
  const out: string[] = ['import type { Shapes } from "gantry";', ""];
  for (const t of service.types) {
    const values = t.values?.length ? t.values.map((v) => JSON.stringify(v)).join(" | ") : undefined;
    out.push(`/** ${t.file}:${t.line} */`);
    out.push(`export type ${t.name} = ${values ?? tsType(t.type ?? "unknown", known)};`, "");
  }
  for (const d of service.dtos) {
    out.push(`/** ${d.file}:${d.line} */`);
    if (d.fields.length === 0) {
      out.push(`export type ${d.name} = Record<string, unknown>;`, "");
      continue;
    }
    out.push(`export interface ${d.name} {`);
    for (const f of d.fields) out.push(`  ${key(f.name)}${f.required ? "" : "?"}: ${fieldType(f, known)};`);
    out.push("}", "");
  }
  out.push(
    "/** Every DTO's fields, as the manifest types them: what the modules check responses against. */",
  );
  out.push("export const shapes: Shapes = {");
  for (const d of service.dtos) {
    out.push(`  ${key(d.name)}: {`);
    for (const f of d.fields) {
      const nullable = f.constraints?.nullable === true ? ", nullable: true" : "";
      out.push(
        `    ${key(f.name)}: { type: ${JSON.stringify(f.type)}, required: ${f.required}${nullable} },`,
      );
    }
    out.push("  },");
  }
  for (const t of service.types)
    if (t.values?.length) out.push(`  // ${t.name}: ${t.values.map((v) => JSON.stringify(v)).join(" | ")}`);
  out.push("};", "");
  return out.join("\n");
}
