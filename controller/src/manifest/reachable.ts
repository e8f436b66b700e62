// A tree declares many interfaces and classes that are not part of the API (config, internals).
// The manifest keeps the DTOs and types an endpoint reaches (request, responses, parameters,
// then their fields, transitively), plus DTOs written with a validation library, which exist
// only to check requests.

import type { ServiceManifest } from "./types.js";

/** DTO kinds that are validation schemas by construction. */
const VALIDATION_KINDS = new Set(["zod", "typebox", "class-validator", "pydantic", "json-schema", "joi"]);

/** Names a type text mentions: `Record<string, User[]> | Role` → Record, string, User, Role. */
function namesIn(typeText: string): string[] {
  // Our own type notation (types.ts TypeText), not source code.
  return typeText.match(/[A-Za-z_$][\w$.]*/g) ?? [];
}

export function keepReachable(service: ServiceManifest): ServiceManifest {
  const dtos = new Map(service.dtos.map((d) => [d.name, d]));
  const types = new Map(service.types.map((t) => [t.name, t]));
  const seen = new Set<string>();
  const queue: string[] = [];
  const visit = (typeText: string | undefined) => {
    if (!typeText) return;
    for (const name of namesIn(typeText)) {
      if (seen.has(name) || (!dtos.has(name) && !types.has(name))) continue;
      seen.add(name);
      queue.push(name);
    }
  };
  for (const e of service.endpoints) {
    visit(e.request);
    for (const r of e.responses) visit(r.dto);
    for (const p of e.params) visit(p.type);
  }
  for (const d of service.dtos) if (d.kind && VALIDATION_KINDS.has(d.kind)) visit(d.name);
  while (queue.length > 0) {
    const name = queue.pop()!;
    for (const f of dtos.get(name)?.fields ?? []) visit(f.type);
    visit(types.get(name)?.type);
  }
  return {
    ...service,
    dtos: service.dtos.filter((d) => seen.has(d.name)),
    // `type Book = Static<typeof Book>` names the DTO itself: not a type of its own.
    types: service.types.filter((t) => seen.has(t.name) && !dtos.has(t.name)),
  };
}
