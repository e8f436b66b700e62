// modules/fixtures.ts of a generated suite (a helper, not a module: no NN_ prefix): a builder of
// a valid request body per endpoint, a maker per resource (POST it, return the answer), and the
// session opener when routes need a token.

import type { Dto, Field } from "../manifest/index.js";
import { isIdentifier, key, member, pascal } from "./naming.js";
import { type PlannedEndpoint, type Resource, resourceForField, type SuitePlan } from "./plan.js";
import { bodyTypeName, hasBody } from "./render-page.js";
import { fieldSample, objectSample, type SampleContext } from "./sample-data.js";

export const bodyBuilder = (p: PlannedEndpoint) => `${p.method}Body`;
export const maker = (r: Resource) => `new${pascal(singularOf(r.name))}`;
const singularOf = (n: string) => n.replace(/ies$/, "y").replace(/s$/, "");

/** The field an update changes (and the read after it checks): a plain text field, by preference a name. */
export function updateField(dto: Dto | undefined): Field | undefined {
  const plain = (dto?.fields ?? []).filter(
    (f) =>
      f.type === "string" &&
      !/e-?mail|password|secret|_id$|Id$/.test(f.name) &&
      f.constraints?.format === undefined,
  );
  return (
    plain.find((f) => /^(name|title)$/.test(f.name)) ??
    plain.find((f) => /description/.test(f.name)) ??
    plain[0]
  );
}

function sampleContext(plan: SuitePlan, self?: Resource): SampleContext {
  return {
    dtos: plan.dtos,
    reference: (field) => {
      const r = resourceForField(plan, field) ?? (/_id$|Id$/.test(field) ? self : undefined);
      return r ? `(await ${maker(r)}(page)).${idField(plan, r)}` : undefined;
    },
  };
}

/** The id field of what creating the resource answers (`id` unless the DTO says otherwise). */
export function idField(plan: SuitePlan, r: Resource): string {
  const fields = plan.dtos.get(r.create.dto ?? "")?.fields ?? [];
  // The path names the item by this field (`/repositories/{name}` → name) when the answer has it.
  if (fields.some((f) => f.name === r.idParam) && isIdentifier(r.idParam)) return r.idParam;
  if (fields.length === 0 || fields.some((f) => f.name === "id")) return "id";
  return fields.find((f) => /(^|_)id$|Id$/.test(f.name))?.name ?? "id";
}

/** The body expression of a valid request to `p`. */
function bodyExpression(plan: SuitePlan, p: PlannedEndpoint, self?: Resource): string {
  const ctx = sampleContext(plan, self);
  if (plan.session?.login === p && plan.session.register) return "await registeredCredentials(page)";
  const dto = plan.dtos.get(p.endpoint.request ?? "");
  if (dto) {
    const required = dto.fields.some((f) => f.required);
    if (required) return objectSample(dto, ctx, 0, true);
    const f = updateField(dto) ?? dto.fields[0];
    const v = f && fieldSample(f.name, f.type, f.constraints, ctx);
    return f && v ? `{ ${key(f.name)}: ${v} }` : "{}";
  }
  const params = p.endpoint.params.filter((q) => q.in === "body");
  const parts = params
    .map((q) => [
      q.name,
      q.required || params.every((o) => !o.required)
        ? fieldSample(q.name, q.type, q.constraints, ctx)
        : undefined,
    ])
    .filter(([, v]) => v !== undefined);
  return `{ ${parts.map(([n, v]) => `${key(n as string)}: ${v}`).join(", ")} }`;
}

export function renderFixtures(plan: SuitePlan, pageClass: string): string {
  const body: string[] = [];
  const types = new Set<string>();
  const self = (p: PlannedEndpoint) => plan.resources.find((r) => p.endpoint.path.startsWith(r.collection));
  for (const p of plan.endpoints.filter(hasBody)) {
    const expr = bodyExpression(plan, p, self(p));
    const type = bodyTypeName(p);
    types.add(type);
    const usesUser = /\bu\./.test(expr);
    body.push(
      `/** A valid body for ${p.endpoint.method} ${p.endpoint.path}, realistic and unique per call. */`,
      `export async function ${bodyBuilder(p)}(${/\bpage\b/.test(expr) || usesUser ? "page" : "_page"}: ${pageClass}): Promise<${type}> {`,
      ...(usesUser ? ["  const u = page.testUser();"] : []),
      `  return ${expr};`,
      "}",
      "",
    );
  }
  for (const r of plan.resources) {
    const answer = r.create.dto && plan.dtos.has(r.create.dto) ? r.create.dto : "Record<string, unknown>";
    if (answer !== "Record<string, unknown>") types.add(answer);
    const args = hasBody(r.create) ? `await ${bodyBuilder(r.create)}(page)` : "";
    body.push(
      `/** Creates one of ${r.collection} for a test and returns what the service answered. */`,
      `export async function ${maker(r)}(page: ${pageClass}): Promise<${answer} & { ${idField(plan, r)}: string }> {`,
      `  const res = await page.${r.create.method}(${args});`,
      `  assertStatus(res, ${JSON.stringify(r.create.success)});`,
      "  return res.json();",
      "}",
      "",
    );
  }
  if (plan.session) body.push(...sessionFixtures(plan, pageClass));
  const pageTypes = [...types].filter(
    (t) => !plan.endpoints.some((p) => !p.endpoint.request && bodyTypeName(p) === t),
  );
  const fromPage = [...types].filter((t) => !pageTypes.includes(t));
  const gantry = body.some((l) => l.includes("assertStatus"))
    ? ['import { assertStatus } from "gantry";']
    : [];
  return [
    ...gantry,
    `import type ${pageClass} from "../page.js";`,
    ...(fromPage.length ? [`import type { ${fromPage.sort().join(", ")} } from "../page.js";`] : []),
    ...(pageTypes.length ? [`import type { ${pageTypes.sort().join(", ")} } from "../types.js";`] : []),
    "",
    ...body,
  ].join("\n");
}

function sessionFixtures(plan: SuitePlan, pageClass: string): string[] {
  const s = plan.session;
  if (!s) return [];
  const out: string[] = [];
  if (s.register) {
    out.push(
      "/** Registers a fresh user and returns the credentials it can log in with. */",
      `export async function registeredCredentials(page: ${pageClass}): Promise<{ email: string; password: string }> {`,
      `  const body = await ${bodyBuilder(s.register)}(page);`,
      `  assertStatus(await page.${s.register.method}(body), ${JSON.stringify(s.register.success)});`,
      "  return { email: body.email, password: body.password };",
      "}",
      "",
    );
  }
  out.push(
    "/** Opens a session of its own (a fresh user) and returns its token. */",
    `export async function openSession(page: ${pageClass}): Promise<string> {`,
  );
  if (s.login && s.register) {
    out.push(
      `  const res = await page.${s.login.method}(await registeredCredentials(page));`,
      `  assertStatus(res, ${JSON.stringify(s.login.success)});`,
    );
  } else if (s.register) {
    out.push(
      `  const res = await page.${s.register.method}(await ${bodyBuilder(s.register)}(page));`,
      `  assertStatus(res, ${JSON.stringify(s.register.success)});`,
    );
  } else if (s.login) {
    out.push(
      `  const res = await page.${s.login.method}(await ${bodyBuilder(s.login)}(page));`,
      `  assertStatus(res, ${JSON.stringify(s.login.success)});`,
    );
  }
  out.push(`  return String(res.json()${member(s.tokenField)});`, "}", "");
  return out;
}
