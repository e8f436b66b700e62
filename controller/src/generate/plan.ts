// What a generated suite is made of, read off one service of the manifest: each endpoint's page
// method and expected success, the resources with a CRUD chain, and the login/register endpoints
// that open a session when routes need a token.

import type { Dto, Endpoint, ServiceManifest } from "../manifest/index.js";
import { methodNameFor, singular, camel } from "./naming.js";

export interface PlannedEndpoint {
  endpoint: Endpoint;
  method: string;
  /** The documented 2xx statuses (first = the expected one); [200] when none is documented. */
  success: number[];
  /** Response DTO (or type text) of the expected success, when the manifest names one. */
  dto?: string;
  /** Each documented 2xx status's DTO, when they differ (200 with a body, 202 without). */
  dtoByStatus: Map<number, string | undefined>;
  /** The expected success's media type when it is not JSON (`text/event-stream`, `text/html`). */
  contentType?: string;
}

export interface Resource {
  /** `users` for /api/users */
  name: string;
  collection: string;
  /** The item path, `/api/users/{id}` */
  item: string;
  idParam: string;
  create: PlannedEndpoint;
  read: PlannedEndpoint;
  list?: PlannedEndpoint;
  update?: PlannedEndpoint;
  remove?: PlannedEndpoint;
}

export interface Session {
  register?: PlannedEndpoint;
  login?: PlannedEndpoint;
  /** Where the token is in the login/register answer, e.g. `token`. */
  tokenField: string;
}

export interface SuitePlan {
  service: ServiceManifest;
  dtos: Map<string, Dto>;
  endpoints: PlannedEndpoint[];
  resources: Resource[];
  /** Present when routes need a token, the config has no auth, and login/register were found. */
  session?: Session;
}

const SESSION_FIELDS = ["token", "access_token", "accessToken", "jwt", "id_token"];

function successOf(e: Endpoint): Pick<PlannedEndpoint, "success" | "dto" | "dtoByStatus" | "contentType"> {
  const ok = e.responses.filter((r) => r.status !== undefined && r.status >= 200 && r.status < 300);
  const contentType = (ok[0] ?? e.responses[0])?.content_type;
  const media = contentType ? { contentType } : {};
  if (ok.length === 0)
    return {
      success: [e.method === "POST" ? 201 : 200],
      dto: e.responses[0]?.dto,
      dtoByStatus: new Map(),
      ...media,
    };
  return {
    success: ok.map((r) => r.status as number),
    dto: ok[0]?.dto,
    dtoByStatus: new Map(ok.map((r) => [r.status as number, r.dto])),
    ...media,
  };
}

function uniqueNames(endpoints: Endpoint[]): string[] {
  const taken = new Set<string>(["get", "post", "put", "patch", "delete", "request", "token"]);
  return endpoints.map((e) => {
    let name = e.operation_id ? camel(e.operation_id) : methodNameFor(e.method, e.path);
    while (taken.has(name)) name = `${name}2`;
    taken.add(name);
    return name;
  });
}

function findResources(eps: PlannedEndpoint[]): Resource[] {
  const at = (method: string, path: string) =>
    eps.find((p) => p.endpoint.method === method && p.endpoint.path === path);
  const out: Resource[] = [];
  for (const create of eps.filter((p) => p.endpoint.method === "POST")) {
    const collection = create.endpoint.path;
    const item = eps.find(
      (p) =>
        p.endpoint.method === "GET" &&
        new RegExp(`^${escapeRegExp(collection)}/\\{[^/}]+\\}$`).test(p.endpoint.path),
    );
    if (!item) continue;
    const path = item.endpoint.path;
    const last = collection.split("/").filter(Boolean).pop() ?? "item";
    out.push({
      name: last,
      collection,
      item: path,
      idParam: path.slice(path.lastIndexOf("{") + 1, -1),
      create,
      read: item,
      list: at("GET", collection),
      update: at("PATCH", path) ?? at("PUT", path),
      remove: at("DELETE", path),
    });
  }
  return out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function findSession(
  eps: PlannedEndpoint[],
  dtos: Map<string, Dto>,
  configHasAuth: boolean,
): Session | undefined {
  if (configHasAuth || !eps.some((p) => p.endpoint.auth === true)) return undefined;
  const post = (re: RegExp) => eps.find((p) => p.endpoint.method === "POST" && re.test(p.endpoint.path));
  const register = post(/\/(register|signup|sign-up)$/i);
  const login = post(/\/(login|signin|sign-in|token|session)s?$/i);
  const answer = dtos.get(login?.dto ?? register?.dto ?? "");
  const tokenField = answer?.fields.find((f) => SESSION_FIELDS.includes(f.name))?.name;
  if (!tokenField || !(register || login)) return undefined;
  return { register, login, tokenField };
}

export function planSuite(service: ServiceManifest, configHasAuth: boolean): SuitePlan {
  const dtos = new Map(service.dtos.map((d) => [d.name, d]));
  const names = uniqueNames(service.endpoints);
  const endpoints = service.endpoints.map((endpoint, i) => ({
    endpoint,
    method: names[i] as string,
    ...successOf(endpoint),
  }));
  return {
    service,
    dtos,
    endpoints,
    resources: findResources(endpoints),
    session: findSession(endpoints, dtos, configHasAuth),
  };
}

/** The resource a `<x>_id` field refers to (component_id → components), if the suite can create one. */
export function resourceForField(plan: SuitePlan, field: string): Resource | undefined {
  const m = /^(.+?)_?[iI]d$/.exec(field);
  if (!m) return undefined;
  const base = (m[1] as string).toLowerCase();
  return plan.resources.find((r) => singular(r.name).toLowerCase() === base);
}

/** The resource whose item path starts `path` (/api/v1/issues/{id}/claim → issues). */
export function ownerResource(plan: SuitePlan, path: string): Resource | undefined {
  return [...plan.resources]
    .sort((a, b) => b.item.length - a.item.length)
    .find((r) => path === r.item || path.startsWith(`${r.item}/`));
}
