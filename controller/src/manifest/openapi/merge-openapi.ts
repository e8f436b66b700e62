// Merges OpenAPI documents found in the tree into the scanned service: endpoints and schemas the
// code shows are marked `code+openapi` and completed (operationId, summary, parameters, bodies);
// those only the document has are added, marked `openapi`, at the document's file and line.

import {
  constraintsOf,
  fieldsOf,
  isObjectSchema,
  type JsonSchema,
  refName,
  typeTextOf,
} from "../json-schema.js";
import type { Dto, Endpoint, EndpointResponse, HttpMethod, Param, ServiceManifest } from "../types.js";
import type { OpenApiFile } from "./read-openapi.js";
import { serverPathOf } from "./server-path.js";

const METHODS = ["get", "post", "put", "patch", "delete", "head", "options"] as const;
type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {});

export function mergeOpenApi(service: ServiceManifest, files: readonly OpenApiFile[]): void {
  service.openapi = files.map((f) => f.path);
  for (const file of files) {
    mergeSchemas(service, file);
    for (const [path, item] of Object.entries(obj(file.doc.paths))) {
      // Paths are relative to the server's; under a server path not known, not listed.
      const base = serverPathOf(file.doc, obj(item));
      if (base === undefined) continue;
      for (const method of METHODS) {
        const op = obj(obj(item)[method]);
        if (Object.keys(op).length === 0) continue;
        mergeOperation(service, file, path, base, method, op, obj(item).parameters);
      }
    }
  }
}

function schemasOf(doc: Obj): Obj {
  return { ...obj(doc.definitions), ...obj(obj(doc.components).schemas) };
}

function mergeSchemas(service: ServiceManifest, file: OpenApiFile): void {
  const where = file.doc.components ? ["components", "schemas"] : ["definitions"];
  for (const [name, schema] of Object.entries(schemasOf(file.doc))) {
    const s = obj(schema);
    const line = file.lineOf([...where, name]);
    if (Array.isArray(s.enum)) {
      const known = service.types.find((t) => t.name === name);
      if (known) known.source = "code+openapi";
      else
        service.types.push({
          name,
          kind: "enum",
          file: file.path,
          line,
          values: s.enum as (string | number)[],
          source: "openapi",
        });
      continue;
    }
    if (!isObjectSchema(s)) continue;
    const known = service.dtos.find((d) => d.name === name);
    if (known) {
      known.source = "code+openapi";
      continue;
    }
    service.dtos.push({
      name,
      file: file.path,
      line,
      fields: fieldsOf(s),
      kind: "openapi",
      source: "openapi",
    });
  }
}

function mergeOperation(
  service: ServiceManifest,
  file: OpenApiFile,
  docPath: string,
  base: string,
  method: (typeof METHODS)[number],
  op: Obj,
  shared: unknown,
): void {
  const upper = method.toUpperCase() as HttpMethod;
  const path = base !== "" && docPath === "/" ? base : base + docPath;
  const id = `${upper} ${path}`;
  const params = [
    ...(Array.isArray(shared) ? shared : []),
    ...(Array.isArray(op.parameters) ? op.parameters : []),
  ]
    .map(obj)
    .filter((p) => ["path", "query", "header"].includes(String(p.in)))
    .map((p): Param => {
      const schema = p.schema ?? p;
      const param: Param = {
        name: String(p.name),
        in: p.in as Param["in"],
        type: typeTextOf(schema),
        required: p.in === "path" || p.required === true,
      };
      const constraints = constraintsOf(schema);
      if (Object.keys(constraints).length > 0) param.constraints = constraints;
      return param;
    });
  const request = bodySchema(op.requestBody) ?? bodyParam(op.parameters);
  const requestName = request
    ? dtoFor(service, file, request, `${pascal(op.operationId, upper, docPath)}Body`, [
        "paths",
        docPath,
        method,
      ])
    : undefined;
  const responses: EndpointResponse[] = Object.entries(obj(op.responses)).map(([status, r]) => {
    const out: EndpointResponse = {};
    if (/^\d{3}$/.test(status)) out.status = Number(status);
    const schema = bodySchema(r) ?? (obj(r).schema ? obj(obj(r).schema) : undefined);
    if (schema)
      out.dto = dtoFor(service, file, schema, `${pascal(op.operationId, upper, docPath)}Response${status}`, [
        "paths",
        docPath,
        method,
      ]);
    if (typeof obj(r).description === "string") out.description = String(obj(r).description);
    return out;
  });
  const security = Array.isArray(op.security)
    ? op.security
    : Array.isArray(file.doc.security)
      ? file.doc.security
      : undefined;
  const known =
    service.endpoints.find((e) => e.id === id) ??
    service.endpoints.find((e) => e.method === upper && e.source !== "openapi" && sameRoute(path, e.path));
  // `/resources/charts` documents the code's `/resources/{type}`: the same route, not another.
  if (
    !known &&
    service.endpoints.some((e) => e.method === upper && e.source !== "openapi" && instanceOf(path, e.path))
  )
    return;
  if (known) {
    known.source = "code+openapi";
    if (typeof op.operationId === "string") known.operation_id ??= op.operationId;
    if (typeof op.summary === "string") known.summary ??= op.summary;
    if (typeof op.description === "string") known.description ??= op.description;
    for (const p of params)
      if (!known.params.some((q) => q.name === p.name && q.in === p.in)) known.params.push(p);
    if (!known.request && requestName) known.request = requestName;
    for (const r of responses) {
      const same = known.responses.find((k) => k.status === r.status);
      if (!same) known.responses.push(r);
      else if (!same.dto && r.dto) same.dto = r.dto;
    }
    if (known.auth === undefined && security) known.auth = security.length > 0;
    return;
  }
  const endpoint: Endpoint = {
    id,
    method: upper,
    path,
    handler: typeof op.operationId === "string" ? op.operationId : "<openapi>",
    file: file.path,
    line: file.lineOf(["paths", docPath, method]),
    params,
    responses,
    source: "openapi",
  };
  if (requestName) endpoint.request = requestName;
  if (security) endpoint.auth = security.length > 0;
  if (typeof op.operationId === "string") endpoint.operation_id = op.operationId;
  if (typeof op.summary === "string") endpoint.summary = op.summary;
  if (typeof op.description === "string") endpoint.description = op.description;
  if (Array.isArray(op.tags)) endpoint.tags = op.tags.map(String);
  service.endpoints.push(endpoint);
}

function bodySchema(body: unknown): JsonSchema | undefined {
  const content = obj(obj(body).content);
  const json = obj(content["application/json"] ?? Object.values(content)[0]);
  return json.schema ? obj(json.schema) : undefined;
}

function bodyParam(parameters: unknown): JsonSchema | undefined {
  const body = (Array.isArray(parameters) ? parameters : []).map(obj).find((p) => p.in === "body");
  return body ? obj(body.schema) : undefined;
}

/** A `$ref` names its DTO; an inline object becomes a DTO named after the operation. */
function dtoFor(
  service: ServiceManifest,
  file: OpenApiFile,
  schema: JsonSchema,
  name: string,
  at: string[],
): string {
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  if (!isObjectSchema(schema)) return typeTextOf(schema);
  if (!service.dtos.some((d) => d.name === name)) {
    const dto: Dto = {
      name,
      file: file.path,
      line: file.lineOf(at),
      fields: fieldsOf(schema),
      kind: "openapi",
      source: "openapi",
    };
    service.dtos.push(dto);
  }
  return name;
}

function pascal(operationId: unknown, method: string, path: string): string {
  const words =
    typeof operationId === "string" ? [operationId] : [method.toLowerCase(), ...path.split(/[^A-Za-z0-9]+/)];
  return words
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("");
}

const PARAM = /^\{[^}*]+\}$/;

/**
 * Whether a document's path names URLs of a route's template: each segment the same, or the
 * template's a `{param}` (any one segment: a literal, or a parameter named otherwise).
 */
function instanceOf(path: string, template: string): boolean {
  const a = path.split("/");
  const b = template.split("/");
  return a.length === b.length && b.every((seg, i) => seg === a[i] || (PARAM.test(seg) && a[i] !== ""));
}

/** The same route, its parameters named otherwise (`/users/{userId}` and `/users/{id}`). */
const sameRoute = (path: string, template: string): boolean =>
  instanceOf(path, template) &&
  path.split("/").every((seg, i) => !PARAM.test(template.split("/")[i]!) || PARAM.test(seg));
