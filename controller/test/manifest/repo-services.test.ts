// The scan of this repository's own services must list exactly the routes their live OpenAPI
// documents (`/docs/json` of the app built in-process), with the same parameters in the path.
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

type App = {
  inject(o: { method: "GET"; url: string }): Promise<{ json(): unknown }>;
  close(): Promise<unknown>;
};
type OpenApi = { paths: Record<string, Record<string, { operationId?: string }>> };

const METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);
const documented = (doc: OpenApi) =>
  Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => METHODS.has(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    )
    .sort();
const scanned = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

async function scan(name: string): Promise<ServiceManifest> {
  const root = join(REPO_ROOT, "services", name);
  return (await scanService({ name, root, displayRoot: `services/${name}`, parser: codeGraphParser }))
    .service;
}

describe("the manifest of services/auth", () => {
  let app: App;
  let doc: OpenApi;
  beforeAll(async () => {
    const env = { LOG_LEVEL: "silent" };
    app = (await buildAuthApp({ config: resolveAuthConfig(env), env, logger: false })).app as unknown as App;
    doc = (await app.inject({ method: "GET", url: "/docs/json" })).json() as OpenApi;
  });
  afterAll(() => app.close());

  it("lists exactly the routes the live /docs/json documents", async () => {
    expect(scanned(await scan("auth"))).toEqual(documented(doc));
  });

  it("names each route's operationId, request and response DTOs as the route's schema does", async () => {
    const s = await scan("auth");
    for (const e of s.endpoints)
      expect(e.operation_id).toBe(doc.paths[e.path]?.[e.method.toLowerCase()]?.operationId);
    expect(s.endpoints.find((e) => e.id === "POST /api/users")).toMatchObject({
      request: "CreateUserBody",
      responses: [{ status: 201, dto: "UserSchema" }],
    });
    expect(
      s.dtos.find((d) => d.name === "CreateUserBody")?.fields.find((f) => f.name === "password"),
    ).toEqual({
      name: "password",
      type: "string",
      required: true,
      constraints: { minLength: 6, maxLength: 128 },
    });
  });
});

describe("the manifest of services/task-graph", () => {
  let app: App;
  let doc: OpenApi;
  beforeAll(async () => {
    const adapters = {
      graph: new EmbeddedGraphStore(),
      vectors: new EmbeddedVectorIndex(),
      embedder: new HashingEmbedder(),
    };
    app = (await buildTaskGraphApp({
      adapters,
      env: { LOG_LEVEL: "silent" },
      logger: false,
    })) as unknown as App;
    doc = (await app.inject({ method: "GET", url: "/docs/json" })).json() as OpenApi;
  });
  afterAll(() => app.close());

  it("lists exactly the routes the live /docs/json documents, under the /api/v1 prefix given to register", async () => {
    expect(scanned(await scan("task-graph"))).toEqual(documented(doc));
  });
});
