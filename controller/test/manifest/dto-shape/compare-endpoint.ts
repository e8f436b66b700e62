// One route's request body, query, path parameters and responses, as the live OpenAPI operation
// documents them and as the manifest describes them, flattened to one line per field.

import type { Endpoint } from "../../../src/manifest/types.js";
import { shapeOfJson } from "./json-shape.js";
import type { ManifestShapes } from "./manifest-shape.js";
import { flatten, type Shape } from "./shape.js";

type Schema = Record<string, unknown>;
export interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

export interface Section {
  /** `body`, `query`, `params`, `response 200`… */
  name: string;
  live?: Map<string, string>;
  manifest?: Map<string, string>;
}

const bodySchema = (content: Record<string, { schema?: unknown }> | undefined) =>
  content?.["application/json"]?.schema;
/** A body of another media type (an event stream) is compared by its media type only. */
const otherMedia = (content: Record<string, unknown> | undefined) => {
  const media = Object.keys(content ?? {}).find((m) => !/json/i.test(m));
  return media && !content?.["application/json"] ? new Map([["$", `media=${media}`]]) : undefined;
};

const object = (entries: [string, Shape, boolean][]): Shape => ({
  types: ["object"],
  props: Object.fromEntries(entries.map(([name, shape, required]) => [name, { shape, required }])),
});

export function liveSections(op: Operation, doc: Schema): Section[] {
  const params = (where: string) => {
    const list = (op.parameters ?? []).filter((p) => p.in === where);
    return list.length > 0
      ? flatten(object(list.map((p) => [p.name, shapeOfJson(p.schema, doc), p.required === true])))
      : undefined;
  };
  const body = bodySchema(op.requestBody?.content);
  return [
    { name: "body", live: body === undefined ? undefined : flatten(shapeOfJson(body, doc)) },
    { name: "query", live: params("query") },
    { name: "params", live: params("path") },
    ...Object.entries(op.responses ?? {}).map(([status, r]) => {
      const schema = bodySchema(r.content);
      return {
        name: `response ${status}`,
        live: schema === undefined ? otherMedia(r.content) : flatten(shapeOfJson(schema, doc)),
      };
    }),
  ];
}

export function manifestSections(e: Endpoint, shapes: ManifestShapes): Section[] {
  const params = (where: string) => {
    const list = e.params.filter((p) => p.in === where);
    return list.length > 0
      ? flatten(object(list.map((p) => [p.name, shapes.ofField(p), p.required])))
      : undefined;
  };
  return [
    { name: "body", manifest: e.request ? flatten(shapes.ofType(e.request)) : undefined },
    { name: "query", manifest: params("query") },
    { name: "params", manifest: params("path") },
    ...e.responses.map((r) => ({
      name: `response ${r.status ?? "default"}`,
      manifest: r.content_type
        ? new Map([["$", `media=${r.content_type}`]])
        : r.dto
          ? flatten(shapes.ofType(r.dto))
          : undefined,
    })),
  ];
}
