// Issue 20 point 3 (SPEC §5: "Each DTO of a service that serves its own OpenAPI document equals
// that document's schema, field by field"): for services/auth and services/task-graph, built
// in-process, every route's request body, query, path parameters and responses in the manifest
// equal the live /docs/json schema in type, enum, required, nesting and arrays. What is compared
// and what is not (descriptions, limits, closed objects, error statuses the manifest lacks) is
// written in dto-shape/json-shape.ts and dto-shape/fidelity.ts.

import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HashingEmbedder } from "../../../lib/embedding/index.js";
import { buildAuthApp } from "../../../services/auth/src/app.js";
import { resolveAuthConfig } from "../../../services/auth/src/config.js";
import { EmbeddedGraphStore } from "../../../services/task-graph/src/adapters/embedded-graph/index.js";
import { EmbeddedVectorIndex } from "../../../services/task-graph/src/adapters/embedded-vector/index.js";
import { buildTaskGraphApp } from "../../../services/task-graph/src/app.js";
import { codeGraphParser } from "../../src/manifest/code-graph-parser.js";
import { scanService } from "../../src/manifest/scan-service.js";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { REPO_ROOT } from "../helpers/project.js";
import { compareWithLiveDoc } from "./dto-shape/fidelity.js";

type App = {
  inject(o: { method: "GET"; url: string }): Promise<{ json(): unknown }>;
  close(): Promise<unknown>;
};
type Doc = Parameters<typeof compareWithLiveDoc>[1];

async function scan(name: string): Promise<ServiceManifest> {
  const root = join(REPO_ROOT, "services", name);
  return (await scanService({ name, root, displayRoot: `services/${name}`, parser: codeGraphParser }))
    .service;
}

const env = { LOG_LEVEL: "silent" };
const builders: Record<string, () => Promise<App>> = {
  auth: async () =>
    (await buildAuthApp({ config: resolveAuthConfig(env), env, logger: false })).app as unknown as App,
  "task-graph": async () =>
    (await buildTaskGraphApp({
      adapters: {
        graph: new EmbeddedGraphStore(),
        vectors: new EmbeddedVectorIndex(),
        embedder: new HashingEmbedder(),
      },
      env,
      logger: false,
    })) as unknown as App,
};

describe.each([
  ["auth", 80],
  ["task-graph", 600],
])("the manifest of services/%s", (name, minFields) => {
  let app: App;
  let doc: Doc;
  beforeAll(async () => {
    app = await (builders[name] as () => Promise<App>)();
    doc = (await app.inject({ method: "GET", url: "/docs/json" })).json() as Doc;
  });
  afterAll(() => app.close());

  it("has every request and response DTO equal to the live /docs/json schema, field by field", async () => {
    const report = compareWithLiveDoc(await scan(name), doc);
    process.stdout.write(
      `${name}: ${report.fields} fields compared, ${report.mismatches.length} mismatches, ` +
        `${report.errorStatusesNotListed} error statuses not listed (not compared, dto-shape/fidelity.ts)\n`,
    );
    expect(report.fields).toBeGreaterThanOrEqual(minFields);
    expect(report.mismatches).toEqual([]);
  });
});

describe("the comparison itself", () => {
  const service = (fields: ServiceManifest["dtos"][number]["fields"]): ServiceManifest => ({
    name: "s",
    root: ".",
    frameworks: [],
    types: [],
    dtos: [{ name: "Item", file: "a.ts", line: 1, fields }],
    endpoints: [
      {
        id: "GET /i",
        method: "GET",
        path: "/i",
        handler: "h",
        file: "a.ts",
        line: 1,
        params: [],
        responses: [{ status: 200, dto: "Item[]" }],
      },
    ],
  });
  const doc = (item: object): Doc => ({
    paths: {
      "/i": {
        get: {
          responses: {
            "200": { content: { "application/json": { schema: { type: "array", items: item } } } },
          },
        },
      },
    },
  });
  const item = {
    type: "object",
    required: ["priority", "tags"],
    properties: {
      priority: { type: "string", enum: ["LOW", "HIGH"] },
      tags: { type: "array", items: { type: "string" } },
    },
  };
  const fields = [
    { name: "priority", type: '"LOW" | "HIGH"', required: true, constraints: {} },
    { name: "tags", type: "string[]", required: true, constraints: {} },
  ];

  it("finds no mismatch where the two agree", () => {
    expect(compareWithLiveDoc(service(fields), doc(item)).mismatches).toEqual([]);
  });

  it("names a wrong type, a wrong enum, a field no longer required and a missing field", () => {
    const wrong = [
      { name: "priority", type: '"LOW" | "MEDIUM"', required: false, constraints: {} },
      { name: "tags", type: "number[]", required: true, constraints: {} },
    ];
    expect(compareWithLiveDoc(service(wrong), doc(item)).mismatches.map((m) => m.path)).toEqual([
      "$[].priority",
      "$[].tags[]",
    ]);
    expect(compareWithLiveDoc(service(fields.slice(1)), doc(item)).mismatches).toEqual([
      {
        route: "GET /i",
        section: "response 200",
        path: "$[].priority",
        live: 'type=string enum="HIGH","LOW" required',
      },
    ]);
  });
});
