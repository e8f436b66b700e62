// The scenario modules of a generated suite: per resource a CRUD chain, per endpoint its happy
// path, per request body the rejected variants (a required field missing, a field of the wrong
// type), per resource unknown ids → 404. `checks: "status"` writes the same requests with status
// checks only (the baseline the fault-injection proof compares against).

import { parseTypeText } from "../http/index.js";
import { isUpsert, type QuerySource, querySource, upsertParam } from "./creators.js";
import { type LookupKey, lookupKey } from "./lookups.js";
import { isIdentifier, key, member, snake } from "./naming.js";
import {
  ownerResource,
  type PlannedEndpoint,
  type Resource,
  resourceForField,
  type SuitePlan,
} from "./plan.js";
import { bodyBuilder, idField, maker, updateField } from "./render-fixtures.js";
import { bodyTypeName, hasBody, pathParams, queryParams } from "./render-page.js";
import { fieldSample, wrongTypeSample } from "./sample-data.js";

export type Checks = "full" | "status";

export interface ModuleFile {
  name: string;
  text: string;
}

interface Ctx {
  plan: SuitePlan;
  pageClass: string;
  checks: Checks;
}

/** Code that makes what the endpoint's path parameters name, and the arguments to pass. */
function pathArgs(ctx: Ctx, p: PlannedEndpoint, lines: string[]): string[] {
  const { plan } = ctx;
  const params = pathParams(p);
  const args: string[] = [];
  const owner = ownerResource(plan, p.endpoint.path);
  const created = upsertParam(p);
  params.forEach((q, i) => {
    const v = `${snake(q.name).replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}Arg`;
    if (q.name === created) {
      // An upsert makes what this names: a fresh key, not one made another way (which it may refuse).
      const fresh = fieldSample(q.name, q.type, q.constraints, {
        dtos: plan.dtos,
        reference: () => undefined,
      });
      lines.push(`const ${v} = ${fresh ?? "crypto.randomUUID()"}; // ${p.endpoint.method} creates it`);
      args.push(v);
      return;
    }
    const made = i === 0 && owner && owner.idParam === q.name ? owner : undefined;
    const parentPath = p.endpoint.path.slice(0, p.endpoint.path.lastIndexOf("/"));
    const parent =
      i === params.length - 1 && i > 0 && p.endpoint.path.endsWith(`{${q.name}}`)
        ? plan.endpoints.find((e) => e.endpoint.method === "POST" && e.endpoint.path === parentPath)
        : undefined;
    const byName = made ?? resourceForField(plan, q.name) ?? (parent ? undefined : mainResource(plan));
    if (parent) {
      lines.push(
        `const ${v}Body = await ${bodyBuilder(parent)}(page);`,
        `const ${v}Made = await page.${parent.method}(${[...args, `${v}Body`].join(", ")});`,
        `assertStatus(${v}Made, ${JSON.stringify(parent.success)}, "making what ${q.name} names");`,
        `const ${v} = String(${inBody(plan, parent, q.name) ? `${v}Body.${q.name}` : `${v}Made.json()${member(q.name)} ?? ${v}Made.json().id`});`,
      );
    } else if (byName) {
      lines.push(`const ${v} = (await ${maker(byName)}(page)).${idField(plan, byName)};`);
    } else {
      lines.push(`const ${v} = "sample";`);
    }
    args.push(v);
  });
  // Releasing something (DELETE /x/claim) needs it taken first (POST /x/claim).
  if (p.endpoint.method === "DELETE") {
    const taker = plan.endpoints.find(
      (e) => e.endpoint.method === "POST" && e.endpoint.path === p.endpoint.path,
    );
    if (taker)
      lines.push(
        `assertStatus(await page.${taker.method}(${[...args, hasBody(taker) ? `await ${bodyBuilder(taker)}(page)` : ""].filter(Boolean).join(", ")}), ${JSON.stringify(taker.success)}, "taking it first");`,
      );
  }
  return args;
}

/** Whether the valid body of `p` carries `field` (then the path parameter takes its value). */
const inBody = (plan: SuitePlan, p: PlannedEndpoint, field: string) =>
  isIdentifier(field) &&
  (plan.dtos.get(p.endpoint.request ?? "")?.fields.some((f) => f.name === field && f.required) ?? false);

/** The resource with the most endpoints under it: what a bare `{id}` elsewhere most likely names. */
function mainResource(plan: SuitePlan): Resource | undefined {
  const count = (r: Resource) =>
    plan.endpoints.filter((e) => e.endpoint.path.startsWith(r.collection)).length;
  return [...plan.resources].sort((a, b) => count(b) - count(a))[0];
}

function queryArg(ctx: Ctx, p: PlannedEndpoint): string | undefined {
  const query = queryParams(p);
  if (query.length === 0) return undefined;
  const parts = query
    .filter((q) => q.required)
    .map(
      (q) =>
        `${JSON.stringify(q.name)}: ${fieldSample(q.name, q.type, q.constraints, { dtos: ctx.plan.dtos, reference: () => undefined }) ?? '"x"'}`,
    );
  return parts.length ? `{ ${parts.join(", ")} }` : "{}";
}

const isLogout = (p: PlannedEndpoint) => /\/(logout|signout|sign-out)$/i.test(p.endpoint.path);

/** The call of `p` with its arguments; `body` and `query` replace the valid ones when given. */
function call(
  ctx: Ctx,
  p: PlannedEndpoint,
  args: string[],
  body?: string,
  options?: string,
  query?: string,
): string {
  const all = [...args];
  if (hasBody(p)) all.push(body ?? `await ${bodyBuilder(p)}(page)`);
  const q = query ?? queryArg(ctx, p);
  if (q !== undefined) all.push(q);
  if (options) {
    if (q === undefined && queryParams(p).length > 0) all.push("{}");
    all.push(options);
  }
  return `page.${p.method}(${all.join(", ")})`;
}

function checkShape(ctx: Ctx, p: PlannedEndpoint, res: string, lines: string[]): void {
  if (ctx.checks === "status" || !p.dto || p.success[0] === 204) return;
  const where = `"${p.endpoint.method} ${p.endpoint.path}"`;
  if (new Set(p.dtoByStatus.values()).size <= 1) {
    lines.push(`assertShape(${res}.json(), ${JSON.stringify(p.dto)}, shapes, ${where});`);
    return;
  }
  // Statuses with different bodies (200 with an answer, 202 with none): check the one that came.
  for (const [status, dto] of p.dtoByStatus)
    if (dto)
      lines.push(
        `if (${res}.status === ${status}) assertShape(${res}.json(), ${JSON.stringify(dto)}, shapes, ${where});`,
      );
}

/**
 * Calls the creator of what a read's query names (querySource) and returns the read's query,
 * made of the values the creator answered or sent.
 */
function madeQuery(ctx: Ctx, source: QuerySource, lines: string[]): string {
  const c = source.creator;
  const args = pathArgs(ctx, c, lines);
  if (hasBody(c)) lines.push(`const madeBody = await ${bodyBuilder(c)}(page);`);
  lines.push(
    `const made = await page.${c.method}(${[...args, ...(hasBody(c) ? ["madeBody"] : [])].join(", ")});`,
    `assertStatus(made, ${JSON.stringify(c.success)}, "making what the query names");`,
  );
  const parts = source.values.map((v) => {
    const from = v.from === "answer" ? `made.json()${v.access}` : `madeBody${v.access}`;
    const typed = /^(integer|number)$/.test(v.param.type) ? `Number(${from})` : `String(${from})`;
    return `${JSON.stringify(v.param.name)}: ${typed}`;
  });
  return `{ ${parts.join(", ")} }`;
}

function happyModule(ctx: Ctx, p: PlannedEndpoint): string[] {
  const lines: string[] = [];
  const source = querySource(ctx.plan, p);
  const query = source && madeQuery(ctx, source, lines);
  const args = pathArgs(ctx, p, lines);
  let options: string | undefined;
  if (ctx.plan.session && isLogout(p)) {
    lines.push(
      "const token = await openSession(page); // its own session: logging out must not end the suite's",
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated code's own template string
    options = "{ headers: { authorization: `Bearer ${token}` } }";
  }
  const stream = isStream(p);
  // A stream that does not end (Server-Sent Events): read its head only, then close it.
  if (stream) options = "{ headersOnly: true }";
  lines.push(`const res = await ${call(ctx, p, args, undefined, options, query)};`);
  lines.push(`assertStatus(res, ${JSON.stringify(p.success)});`);
  if (p.contentType && ctx.checks === "full") {
    const media = p.contentType.split(";")[0]!.trim();
    lines.push(
      `assert.ok((res.headers["content-type"] ?? "").startsWith(${JSON.stringify(media)}), \`${p.endpoint.method} ${p.endpoint.path} answers ${media}, not \${res.headers["content-type"]}\`);`,
    );
  }
  if (!p.contentType) checkShape(ctx, p, "res", lines);
  lines.push("return res;");
  return lines;
}

const isStream = (p: PlannedEndpoint) => /^text\/event-stream\b/i.test(p.contentType ?? "");

function crudModule(ctx: Ctx, r: Resource): string[] {
  const full = ctx.checks === "full";
  const id = idField(ctx.plan, r);
  const lines: string[] = [];
  const createArgs = pathArgs(ctx, r.create, lines);
  lines.push(`const created = await ${call(ctx, r.create, createArgs)};`);
  lines.push(`assertStatus(created, ${JSON.stringify(r.create.success)});`);
  checkShape(ctx, r.create, "created", lines);
  lines.push(`const id = String(created.json().${id});`);
  lines.push(
    `const read = await ${call(ctx, r.read, [...createArgs, "id"])};`,
    `assertStatus(read, ${JSON.stringify(r.read.success)});`,
  );
  checkShape(ctx, r.read, "read", lines);
  if (full)
    lines.push(`assert.equal(read.json().${id}, created.json().${id}, "the read answers what was created");`);
  if (r.list) lines.push(...listContains(ctx, r, createArgs, id));
  if (r.update) {
    const dto = ctx.plan.dtos.get(r.update.endpoint.request ?? "");
    const field = updateField(dto);
    const value =
      field &&
      fieldSample(field.name, field.type, field.constraints, {
        dtos: ctx.plan.dtos,
        reference: () => undefined,
      });
    if (field && value) {
      const fresh = field.constraints?.pattern === undefined ? value.replace(/^`/, "`Changed ") : value;
      if (/\bu\./.test(fresh)) lines.push("const u = page.testUser();");
      lines.push(`const changed = ${fresh};`);
      lines.push(
        `const updated = await ${call(ctx, r.update, [...createArgs, "id"], `{ ${key(field.name)}: changed }`)};`,
      );
      lines.push(`assertStatus(updated, ${JSON.stringify(r.update.success)});`);
      checkShape(ctx, r.update, "updated", lines);
      lines.push(
        `const reread = await ${call(ctx, r.read, [...createArgs, "id"])};`,
        `assertStatus(reread, ${JSON.stringify(r.read.success)});`,
      );
      if (full)
        lines.push(`assert.equal(reread.json()${member(field.name)}, changed, "the read shows the update");`);
    }
  }
  if (r.remove) {
    lines.push(
      `assertStatus(await ${call(ctx, r.remove, [...createArgs, "id"])}, ${JSON.stringify(r.remove.success)});`,
    );
    lines.push(
      `const gone = await ${call(ctx, r.read, [...createArgs, "id"])};`,
      "assertStatus(gone, 404);",
      "return gone;",
    );
  } else lines.push("return read;");
  return lines;
}

/** Pages through the list (page/limit, when it is an envelope) until the new item shows up. */
function listContains(ctx: Ctx, r: Resource, args: string[], id: string): string[] {
  const list = r.list as PlannedEndpoint;
  const dto = ctx.plan.dtos.get(list.dto ?? "");
  const envelope = dto?.fields.some((f) => f.name === "items") ?? false;
  const arrayAnswer = list.dto ? parseTypeText(list.dto).kind === "array" : false;
  const lines: string[] = [];
  const paged = dto?.fields.some((f) => f.name === "total_pages" || f.name === "page") ?? false;
  if (!paged) {
    lines.push(
      `const list = await ${call(ctx, list, args)};`,
      `assertStatus(list, ${JSON.stringify(list.success)});`,
    );
    checkShape(ctx, list, "list", lines);
    if (ctx.checks === "full" && envelope)
      lines.push(
        `assert.ok((list.json().items as { ${id}: unknown }[]).some((item) => String(item.${id}) === id), "the list contains the new item");`,
      );
    else if (ctx.checks === "full" && arrayAnswer)
      lines.push(
        `assert.ok((list.json() as { ${id}: unknown }[]).some((item) => String(item.${id}) === id), "the list contains the new item");`,
      );
    return lines;
  }
  const pageType = (name: string) => queryParams(list).find((q) => q.name === name)?.type;
  const asSent = (name: string, v: string) => (pageType(name) === "string" ? `String(${v})` : v);
  lines.push("let listed = false;", "for (let n = 1; n <= 100 && !listed; n++) {");
  const paging = `{ page: ${asSent("page", "n")}, limit: ${asSent("limit", "100")} }`;
  const listArgs = queryParams(list).length > 0 ? [...args, paging] : [...args, `{ query: ${paging} }`];
  lines.push(`  const list = await page.${list.method}(${listArgs.join(", ")});`);
  lines.push(`  assertStatus(list, ${JSON.stringify(list.success)});`);
  if (ctx.checks === "full")
    lines.push(
      `  assertShape(list.json(), ${JSON.stringify(list.dto)}, shapes, "${list.endpoint.method} ${list.endpoint.path}");`,
    );
  lines.push(
    `  const { items, total_pages } = list.json() as { items: { ${id}: unknown }[]; total_pages?: number };`,
  );
  lines.push(`  listed = items.some((item) => String(item.${id}) === id);`);
  lines.push("  if (!listed && (total_pages === undefined || n >= total_pages)) break;", "}");
  if (ctx.checks === "full") lines.push('assert.ok(listed, "the list contains the new item");');
  return lines;
}

function invalidModule(ctx: Ctx, p: PlannedEndpoint): string[] | undefined {
  const dto = ctx.plan.dtos.get(p.endpoint.request ?? "");
  if (!dto) return undefined;
  const required = dto.fields.filter((f) => f.required).map((f) => f.name);
  const wrong = dto.fields.flatMap((f) => {
    const w = wrongTypeSample(f.type);
    return w === undefined ? [] : [`[${JSON.stringify(f.name)}, ${w}]`];
  });
  if (required.length === 0 && wrong.length === 0) return undefined;
  const type = bodyTypeName(p);
  const lines: string[] = [];
  const args = pathArgs(ctx, p, lines);
  lines.push(
    `const valid: Record<string, unknown> = { ...(await ${bodyBuilder(p)}(page)) };`,
    "let res: PageResponse | undefined;",
  );
  if (required.length > 0) {
    lines.push(`for (const field of ${JSON.stringify(required)}) {`);
    lines.push("  const body = Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field));");
    lines.push(`  res = await ${call(ctx, p, args, `body as unknown as ${type}`)};`);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated code's own template string
    lines.push('  assertStatus(res, "4xx", `without ${field}`);', "}");
  }
  if (wrong.length > 0) {
    lines.push(`for (const [field, value] of [${wrong.join(", ")}] as const) {`);
    lines.push(`  res = await ${call(ctx, p, args, `{ ...valid, [field]: value } as unknown as ${type}`)};`);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated code's own template string
    lines.push('  assertStatus(res, "4xx", `${field} as ${JSON.stringify(value)}`);', "}");
  }
  lines.push("return res;");
  return lines;
}

/** A lookup of something the service makes itself (lookups.ts): a key nobody made answers 404. */
function lookupModule(ctx: Ctx, p: PlannedEndpoint, lookup: LookupKey): string[] {
  const missing = "const missing = crypto.randomUUID();";
  if (lookup.in === "path") {
    return [
      missing,
      `const res = await ${call(ctx, p, ["missing"])};`,
      'assertStatus(res, 404, "a key nobody made");',
      "return res;",
    ];
  }
  const others = queryParams(p)
    .filter((q) => q.required && q.name !== lookup.name)
    .map(
      (q) =>
        `${JSON.stringify(q.name)}: ${fieldSample(q.name, q.type, q.constraints, { dtos: ctx.plan.dtos, reference: () => undefined }) ?? '"x"'}`,
    );
  const query = `{ ${[`${JSON.stringify(lookup.name)}: missing`, ...others].join(", ")} }`;
  return [
    missing,
    `const res = await page.${p.method}(${query});`,
    'assertStatus(res, 404, "a key nobody made");',
    "return res;",
  ];
}

function unknownIdModule(ctx: Ctx, r: Resource): string[] | undefined {
  // Only calls whose valid body the manifest fully describes: else a 400 for the body may come first.
  const described = (p: PlannedEndpoint) =>
    !(ctx.plan.dtos.get(p.endpoint.request ?? "")?.fields ?? []).some(
      (f) => f.required && /^(object|unknown|undefined)(\[\])?$/.test(f.type),
    );
  // An upsert creates what an unknown id names (it answers 2xx, not 404): no lookup of it.
  const targets = ctx.plan.endpoints.filter(
    (p) =>
      (p.endpoint.path === r.item || p.endpoint.path.startsWith(`${r.item}/`)) &&
      !isUpsert(p) &&
      pathParams(p).length === 1 &&
      described(p),
  );
  if (targets.length === 0) return undefined;
  const lines = ["const missing = crypto.randomUUID();", "let res: PageResponse | undefined;"];
  for (const p of targets) {
    lines.push(`res = await ${call(ctx, p, ["missing"])};`);
    lines.push(`assertStatus(res, 404, "${p.endpoint.method} with an id nobody created");`);
  }
  lines.push("return res;");
  return lines;
}

function moduleText(ctx: Ctx, doc: string, tags: string[], written: string[]): string {
  // A sample that is unique per user (a query's `u.username`) needs the test user in scope.
  const needsUser = written.some((l) => /\bu\./.test(l)) && !written.some((l) => /\bconst u =/.test(l));
  const lines = needsUser ? ["const u = page.testUser();", ...written] : written;
  const code = lines.map((l) => `  ${l}`).join("\n");
  const gantry = ["assertShape", "assertStatus"].filter((n) => code.includes(`${n}(`));
  const fixtures = [
    ...new Set(code.match(/\b(new[A-Z]\w*|\w+Body|openSession|registeredCredentials)(?=\()/g) ?? []),
  ]
    .filter((n) => n !== "Body")
    .sort();
  const types = code.includes("shapes") ? ["shapes"] : [];
  const pageTypes = [...new Set(code.match(/(?<=as unknown as )\w+/g) ?? [])].sort();
  const own = pageTypes.filter((t) => !ctx.plan.dtos.has(t));
  const dtoTypes = pageTypes.filter((t) => ctx.plan.dtos.has(t));
  return [
    ...(/\bassert\./.test(code) ? ['import assert from "node:assert/strict";'] : []),
    ...(gantry.length || code.includes("PageResponse")
      ? [
          `import { ${[...gantry, ...(code.includes("PageResponse") ? ["type PageResponse"] : [])].join(", ")} } from "gantry";`,
        ]
      : []),
    `import type ${ctx.pageClass} from "../page.js";`,
    ...(own.length ? [`import type { ${own.join(", ")} } from "../page.js";`] : []),
    ...(types.length || dtoTypes.length
      ? [
          `import ${dtoTypes.length && !types.length ? "type " : ""}{ ${[...types, ...dtoTypes.map((t) => (types.length ? `type ${t}` : t))].join(", ")} } from "../types.js";`,
        ]
      : []),
    ...(fixtures.length ? [`import { ${fixtures.join(", ")} } from "./fixtures.js";`] : []),
    "",
    `export const tags = [${["generated", ...tags].map((t) => JSON.stringify(t)).join(", ")}];`,
    "",
    `/** ${doc} */`,
    `export async function run(page: ${ctx.pageClass}) {`,
    code,
    "}",
    "",
  ].join("\n");
}

export function renderModules(plan: SuitePlan, pageClass: string, checks: Checks): ModuleFile[] {
  const ctx: Ctx = { plan, pageClass, checks };
  const made: { name: string; doc: string; tags: string[]; lines: string[] }[] = [];
  for (const p of plan.endpoints) {
    const e = p.endpoint;
    const lookup = lookupKey(plan, p);
    if (lookup) {
      made.push({
        name: `${snake(p.method)}_unknown_key`,
        doc: `${e.method} ${e.path} answers 404 when its ${lookup.name} names nothing (the service makes what it looks up; a suite cannot make one).`,
        tags: ["negative"],
        lines: lookupModule(ctx, p, lookup),
      });
      continue;
    }
    made.push({
      name: snake(p.method),
      doc: `${e.method} ${e.path} answers ${p.success.join(" or ")}${p.dto && checks === "full" ? `, its body a ${p.dto}` : ""}.`,
      tags: ["happy"],
      lines: happyModule(ctx, p),
    });
  }
  for (const r of plan.resources)
    made.push({
      name: `${snake(r.name)}_crud`,
      doc: `${r.collection}: create → read → list contains it → update → read shows it → delete → read is 404.`,
      tags: ["crud"],
      lines: crudModule(ctx, r),
    });
  for (const p of plan.endpoints) {
    const lines = invalidModule(ctx, p);
    if (lines)
      made.push({
        name: `${snake(p.method)}_rejects_invalid`,
        doc: `${p.endpoint.method} ${p.endpoint.path} refuses a body missing a required field or with a field of the wrong type (4xx).`,
        tags: ["negative"],
        lines,
      });
  }
  for (const r of plan.resources) {
    const lines = unknownIdModule(ctx, r);
    if (lines)
      made.push({
        name: `${snake(r.name)}_unknown_id`,
        doc: `${r.item} and the routes under it answer 404 for an id nobody created.`,
        tags: ["negative"],
        lines,
      });
  }
  const width = Math.max(2, String(made.length).length);
  return made.map((m, i) => ({
    name: `${String(i + 1).padStart(width, "0")}_${m.name}.ts`,
    text: moduleText(ctx, m.doc, m.tags, m.lines),
  }));
}
