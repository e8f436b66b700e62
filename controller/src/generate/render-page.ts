// page.ts of a generated suite: one typed method per endpoint on BasePage, and the session token
// (when the suite opens one) sent with every route that needs it.

import type { Param } from "../manifest/index.js";
import { key, pascal } from "./naming.js";
import type { PlannedEndpoint, SuitePlan } from "./plan.js";
import { declaredNames } from "./render-types.js";
import { tsType } from "./typescript-type.js";

/** The TypeScript type of a query parameter (values are sent as text, so lists are comma strings). */
function queryType(p: Param, known: Set<string>): string {
  const t = tsType(p.type, known);
  return t === "unknown" || t.endsWith("[]") || t.startsWith("Record") ? "string" : t;
}

const queryTypeName = (p: PlannedEndpoint) => `${pascal(p.method)}Query`;
export const bodyTypeName = (p: PlannedEndpoint) => p.endpoint.request ?? `${pascal(p.method)}Body`;
const bodyParams = (p: PlannedEndpoint) => p.endpoint.params.filter((q) => q.in === "body");
export const hasBody = (p: PlannedEndpoint) => Boolean(p.endpoint.request) || bodyParams(p).length > 0;
export const pathParams = (p: PlannedEndpoint) => p.endpoint.params.filter((q) => q.in === "path");
export const queryParams = (p: PlannedEndpoint) => p.endpoint.params.filter((q) => q.in === "query");

function pathExpression(path: string): string {
  if (!path.includes("{")) return JSON.stringify(path);
  return `\`${path.replace(/\{([^}]+)\}/g, (_, n: string) => `\${seg(${safeParam(n)})}`)}\``;
}

const safeParam = (name: string) => name.replace(/\W/g, "_");

/** True when an endpoint's method is already named `health` (it then serves init's module as it is). */
const hasHealthMethod = (plan: SuitePlan) => plan.endpoints.some((p) => p.method === "health");

function method(p: PlannedEndpoint, withSession: boolean): string[] {
  const e = p.endpoint;
  const args = pathParams(p).map((q) => `${safeParam(q.name)}: string`);
  if (hasBody(p)) args.push(`body: ${bodyTypeName(p)}`);
  const query = queryParams(p);
  if (query.length > 0) args.push(`query: ${queryTypeName(p)} = {}`);
  args.push("options: RequestOptions = {}");
  let opts = query.length > 0 ? "{ ...options, query: { ...query, ...options.query } }" : "options";
  if (withSession && e.auth === true) opts = `this.withToken(${opts})`;
  const verb = e.method.toLowerCase();
  const call = ["post", "put", "patch"].includes(verb)
    ? `this.${verb}(${pathExpression(e.path)}, ${hasBody(p) ? "body" : "undefined"}, ${opts})`
    : ["get", "delete"].includes(verb)
      ? `this.${verb}(${pathExpression(e.path)}, ${opts})`
      : `this.request(${JSON.stringify(e.method)}, ${pathExpression(e.path)}, ${opts})`;
  const doc = [`${e.method} ${e.path}`, e.summary, `${p.success.join("|")}${p.dto ? ` ${p.dto}` : ""}`]
    .filter(Boolean)
    .join(" — ");
  return [
    `  /** ${doc} (${e.file}:${e.line}) */`,
    `  ${p.method}(${args.join(", ")}): Promise<PageResponse> {`,
    `    return ${call};`,
    "  }",
    "",
  ];
}

function extraTypes(plan: SuitePlan, known: Set<string>): string[] {
  const out: string[] = [];
  for (const p of plan.endpoints) {
    const query = queryParams(p);
    if (query.length > 0) {
      out.push(`export interface ${queryTypeName(p)} {`);
      for (const q of query) out.push(`  ${key(q.name)}?: ${queryType(q, known)};`);
      out.push("  [other: string]: QueryValue;", "}", "");
    }
    if (!p.endpoint.request && bodyParams(p).length > 0) {
      out.push(`export interface ${bodyTypeName(p)} {`);
      for (const q of bodyParams(p))
        out.push(`  ${key(q.name)}${q.required ? "" : "?"}: ${tsType(q.type, known)};`);
      out.push("}", "");
    }
  }
  return out;
}

/**
 * `health()`, as the page `e2e init` wrote has it: kept when init's health module calls it and
 * no endpoint of the manifest took the name.
 */
function keptHealth(path: string): string[] {
  return [
    `  /** GET ${path}: the service's health (kept for modules/01_health.ts, which \`e2e init\` wrote). */`,
    "  health(options: RequestOptions = {}): Promise<PageResponse> {",
    `    return this.get(${JSON.stringify(path)}, options);`,
    "  }",
    "",
  ];
}

export function renderPage(plan: SuitePlan, className: string, healthPath?: string): string {
  const known = declaredNames(plan.service);
  const requestTypes = [
    ...new Set(plan.endpoints.flatMap((p) => (p.endpoint.request ? [p.endpoint.request] : []))),
  ];
  const extra = extraTypes(plan, known);
  const out = [
    `import { BasePage, type PageResponse${extra.some((l) => l.includes("QueryValue")) ? ", type QueryValue" : ""}, type RequestOptions } from "gantry";`,
  ];
  if (requestTypes.length > 0)
    out.push(`import type { ${requestTypes.sort().join(", ")} } from "./types.js";`);
  out.push("", "const seg = (value: string) => encodeURIComponent(value);", "", ...extra);
  out.push(`export default class ${className} extends BasePage {`);
  if (plan.session) {
    out.push(
      "  /** The session token setup.ts opened (a registered test user); sent to routes that need one. */",
      "  token?: string;",
      "",
      "  /** The options with `Authorization: Bearer <token>`, unless the call sets its own header. */",
      "  withToken(options: RequestOptions): RequestOptions {",
      "    if (!this.token) return options;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated code's own template string
      "    return { ...options, headers: { authorization: `Bearer ${this.token}`, ...options.headers } };",
      "  }",
      "",
    );
  }
  for (const p of plan.endpoints) out.push(...method(p, Boolean(plan.session)));
  if (healthPath !== undefined && !hasHealthMethod(plan)) out.push(...keptHealth(healthPath));
  out.push("}", "");
  return out.join("\n");
}
