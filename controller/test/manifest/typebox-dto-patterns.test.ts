// How TypeBox route schemas resolve into DTOs (issue 20 point 3), each pattern on a small Fastify
// tree on disk: nested inline objects, unions of objects, spreads, `Other.properties`, a helper's
// destructured result, a plugin's options and a helper imported from outside the scanned folder.

import { afterAll, expect, it } from "vitest";
import { codeGraphParser } from "../../src/manifest/code-graph-parser.js";
import { scanService } from "../../src/manifest/scan-service.js";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { makeProject, type Project } from "../helpers/project.js";
import { endpointById } from "../helpers/scan-project.js";

const projects: Project[] = [];
afterAll(() => {
  for (const p of projects) p.remove();
});

/** Scans `svc/` of the tree as the service: `kit/` lies outside it. */
async function scanSvc(files: Record<string, string>): Promise<ServiceManifest> {
  const p = makeProject(files);
  projects.push(p);
  const root = `${p.dir}/svc`;
  return (await scanService({ name: "svc", root, displayRoot: "svc", parser: codeGraphParser })).service;
}
const fields = (s: ServiceManifest, dto: string) =>
  Object.fromEntries(
    (s.dtos.find((d) => d.name === dto)?.fields ?? []).map((f) => [
      f.name,
      `${f.type}${f.required ? "" : "?"}`,
    ]),
  );

const KIT = `import { Type } from "@sinclair/typebox";
export function PageProps(limit) {
  return { page: Type.Optional(Type.Integer({ minimum: 1 })), limit: Type.Optional(Type.Integer({ default: limit })) };
}
`;

const SCHEMAS = `import { Type } from "@sinclair/typebox";
import { PageProps } from "../../kit/page.js";
export const Item = Type.Object({
  id: Type.String(),
  owner: Type.Object({ name: Type.String(), roles: Type.Array(Type.Union([Type.Literal("a"), Type.Literal("b")])) }),
  parts: Type.Array(Type.Union([
    Type.Object({ path: Type.String(), content: Type.String() }),
    Type.Object({ path: Type.String(), deleted: Type.Literal(true) }),
  ])),
});
export const ItemWithTag = Type.Object(Item.properties, { description: "same fields" });
export const Id = Type.String({ minLength: 1 });
export const ListQuery = Type.Object({ ...PageProps(20), q: Type.Optional({ ...Id, description: "text" }) });
export function searchSchemas(kinds) {
  const body = Type.Object({ kind: Type.Unsafe({ type: "string", enum: [...kinds] }) });
  return { body, response: Type.Array(Item) };
}
`;

const APP = `import Fastify from "fastify";
import { Item, ItemWithTag, ListQuery, searchSchemas } from "./schemas.js";
const search = async (app, options) => {
  const { body, response } = searchSchemas(options.kinds ?? ["x"]);
  app.post("/search", { schema: { body, response: { 200: response } } }, async () => []);
};
const app = Fastify();
app.get("/items", { schema: { querystring: ListQuery, response: { 200: Type.Array(Item) } } }, async () => []);
app.get("/items/:id", { schema: { response: { 200: ItemWithTag } } }, async () => ({}));
app.register(search, { kinds: ["file", "symbol"] });
`;

it("keeps every level of a TypeBox schema and resolves spreads, .properties, helpers, plugin options and a helper from outside the folder", async () => {
  const s = await scanSvc({
    "kit/page.js": KIT,
    "svc/src/schemas.js": SCHEMAS,
    "svc/src/app.js": `import { Type } from "@sinclair/typebox";\n${APP}`,
  });
  expect(fields(s, "Item")).toEqual({
    id: "string",
    owner: "ItemOwner",
    parts: "(ItemPartsItem1 | ItemPartsItem2)[]",
  });
  expect(fields(s, "ItemOwner")).toEqual({ name: "string", roles: '("a" | "b")[]' });
  expect(fields(s, "ItemPartsItem2")).toEqual({ path: "string", deleted: "true" });
  expect(fields(s, "ItemWithTag")).toEqual(fields(s, "Item"));
  const list = endpointById(s, "GET /items");
  expect(list.responses).toEqual([{ status: 200, dto: "Item[]" }]);
  expect(list.params.map((p) => `${p.name}:${p.type}${p.required ? "" : "?"}`)).toEqual([
    "page:integer?",
    "limit:integer?",
    "q:string?",
  ]);
  const search = endpointById(s, "POST /search");
  expect(search.responses).toEqual([{ status: 200, dto: "Item[]" }]);
  expect(s.dtos.find((d) => d.name === search.request)?.fields[0]).toMatchObject({
    name: "kind",
    constraints: { enum: ["file", "symbol"] },
  });
});
