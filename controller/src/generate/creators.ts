// What one call makes that another one needs. An upsert (a PUT that creates what its path names
// when it is absent) is given a fresh name, never a lookup of one; and a read whose query names
// what some call makes (GET /files?repo=&path= after PUT /repositories/{name}/files) is preceded
// by that call, and reuses the values it answered or sent.

import { parseTypeText } from "../http/index.js";
import type { Param } from "../manifest/index.js";
import { member } from "./naming.js";
import type { PlannedEndpoint, SuitePlan } from "./plan.js";
import { pathParams, queryParams } from "./render-page.js";

// Docs of a PUT that say it creates: "created on first upload", "creates the user", "upsert".
const CREATES = /\b(creat(e|es|ed|ing)|upserts?)\b/i;

/** A PUT that creates what its path names: a documented 201, or a summary/description saying so. */
export function isUpsert(p: PlannedEndpoint): boolean {
  const e = p.endpoint;
  if (e.method !== "PUT" || pathParams(p).length === 0) return false;
  return p.success.includes(201) || CREATES.test(`${e.summary ?? ""} ${e.description ?? ""}`);
}

/**
 * The path parameter an upsert creates: its last one (`PUT /x/{a}/y/{b}` makes `b` under an `a`
 * that must exist; `PUT /repositories/{name}/files` makes the repository `name`).
 */
export function upsertParam(p: PlannedEndpoint): string | undefined {
  return isUpsert(p) ? pathParams(p).at(-1)?.name : undefined;
}

/** A query value the creating call gives: `made.json()<access>` (answer) or `madeBody<access>` (sent). */
interface MadeValue {
  param: Param;
  from: "answer" | "body";
  access: string;
}

export interface QuerySource {
  creator: PlannedEndpoint;
  values: MadeValue[];
}

/** A value a query can carry: no array, no DTO, no record. */
function scalar(plan: SuitePlan, type: string): boolean {
  const node = parseTypeText(type);
  if (node.kind === "literal") return true;
  if (node.kind === "union") return node.members.every((m) => m.kind === "literal" || m.kind === "name");
  return node.kind === "name" && !plan.dtos.has(node.name) && !/^(object|unknown|undefined)$/.test(node.name);
}

/** Where `name` is in the body `c` sends: a top-level field, or a field of every item of an array field. */
function inBody(plan: SuitePlan, c: PlannedEndpoint, name: string): string | undefined {
  const fields = plan.dtos.get(c.endpoint.request ?? "")?.fields ?? [];
  const top = fields.find((f) => f.name === name && f.required && scalar(plan, f.type));
  if (top) return member(name);
  for (const f of fields.filter((x) => x.required)) {
    const node = parseTypeText(f.type);
    if (node.kind !== "array") continue;
    const items = node.of.kind === "union" ? node.of.members : [node.of];
    const hasIt = items.every(
      (m) =>
        m.kind === "name" &&
        (plan.dtos.get(m.name)?.fields ?? []).some(
          (g) => g.name === name && g.required && scalar(plan, g.type),
        ),
    );
    const rest = member(name);
    if (items.length > 0 && hasIt)
      return `${member(f.name)}[0]?.${rest.startsWith(".") ? rest.slice(1) : rest}`;
  }
  return undefined;
}

function madeValue(plan: SuitePlan, c: PlannedEndpoint, param: Param): MadeValue | undefined {
  const answered = plan.dtos.get(c.dto ?? "")?.fields.find((f) => f.name === param.name);
  if (answered?.required && scalar(plan, answered.type))
    return { param, from: "answer", access: member(param.name) };
  const sent = inBody(plan, c, param.name);
  return sent ? { param, from: "body", access: sent } : undefined;
}

const sharedPrefix = (a: string, b: string) => {
  let n = 0;
  while (n < a.length && a[n] === b[n]) n++;
  return n;
};

/**
 * The call (a POST, or an upsert) whose answer or sent body holds every required query value of
 * the read `p`; of several, the one that gives the most of its query values, then the nearest path.
 */
export function querySource(plan: SuitePlan, p: PlannedEndpoint): QuerySource | undefined {
  const query = queryParams(p);
  if (p.endpoint.method !== "GET" || !query.some((q) => q.required)) return undefined;
  const own = new Set(pathParams(p).map((q) => q.name));
  let best: (QuerySource & { score: number }) | undefined;
  for (const c of plan.endpoints) {
    if (c === p || !(c.endpoint.method === "POST" || isUpsert(c))) continue;
    // Its path arguments are made in the same module: their variables must not clash with ours.
    if (pathParams(c).some((q) => own.has(q.name))) continue;
    const values = query.flatMap((q) => madeValue(plan, c, q) ?? []);
    if (!query.every((q) => !q.required || values.some((v) => v.param === q))) continue;
    const score = values.length * 10_000 + sharedPrefix(c.endpoint.path, p.endpoint.path);
    if (!best || score > best.score) best = { creator: c, values, score };
  }
  return best && { creator: best.creator, values: best.values };
}
