// SPEC §2c: GET /graph as JSON, DOT and Mermaid, its filters, and the node limit (413).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../../harness/start-service.js";

let svc: StartedService;
let shop: string;
let other: string;
const ids: Record<string, string> = {};

async function issue(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await svc.post("/api/v1/issues", { title, ...extra });
  ids[title] = r.body.id;
  return r.body.id;
}
const depend = (id: string, on: string) =>
  svc.post(`/api/v1/issues/${id}/dependencies`, { depends_on_id: on });
const nodeTitles = (body: { nodes: { title: string }[] }) => body.nodes.map((n) => n.title).sort();

beforeAll(async () => {
  // Four nodes past the limit of 4 when unfiltered: 413; any filter below brings it under.
  svc = await startService({ env: { TASK_GRAPH_GRAPH_MAX_NODES: "4" } });
  shop = (await svc.post("/api/v1/components", { name: "cart", project: "shop" })).body.id;
  other = (await svc.post("/api/v1/components", { name: "ops", project: "infra" })).body.id;
  // login → api → db; ui → api; "deploy" elsewhere; "notes" without a component.
  await issue("db", { component_id: shop, status: "CLOSED" });
  await issue("api", { component_id: shop });
  await issue("login", { component_id: shop, priority: "HIGH" });
  await issue("ui", { component_id: other });
  await issue('deploy "prod"', { component_id: other });
  await depend(ids.api!, ids.db!);
  await depend(ids.login!, ids.api!);
  await depend(ids.ui!, ids.api!);
  await svc.post(`/api/v1/issues/${ids.login}/claim`, { agent: "agent-7" });
});
afterAll(() => svc.close());

describe("GET /graph", () => {
  it("answers the project's issues as nodes and the edges between them as JSON", async () => {
    const r = await svc.get("/api/v1/graph?project=shop");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    expect(nodeTitles(r.body)).toEqual(["api", "db", "login"]);
    const login = r.body.nodes.find((n: { title: string }) => n.title === "login");
    expect(login).toEqual({
      id: ids.login,
      title: "login",
      status: "OPEN",
      priority: "HIGH",
      component_id: shop,
      assignee: "agent-7",
    });
    expect(r.body.edges).toEqual(
      expect.arrayContaining([
        { from: ids.api, to: ids.db, type: "depends_on" },
        { from: ids.login, to: ids.api, type: "depends_on" },
      ]),
    );
    // ui → api crosses into another project: one end is not a node, so no edge.
    expect(r.body.edges).toHaveLength(2);
  });

  it("filters by status and component, and by a root's neighbourhood within depth", async () => {
    expect(nodeTitles((await svc.get("/api/v1/graph?status=CLOSED")).body)).toEqual(["db"]);
    expect(nodeTitles((await svc.get(`/api/v1/graph?component_id=${other}`)).body)).toEqual([
      'deploy "prod"',
      "ui",
    ]);
    const near = await svc.get(`/api/v1/graph?root=${ids.api}&depth=1`);
    expect(nodeTitles(near.body)).toEqual(["api", "db", "login", "ui"]);
    expect(near.body.edges).toHaveLength(3);
    const two = await svc.get(`/api/v1/graph?root=${ids.login}&depth=1`);
    expect(nodeTitles(two.body)).toEqual(["api", "login"]);
    const open = await svc.get(`/api/v1/graph?root=${ids.login}&depth=5&status=OPEN`);
    expect(nodeTitles(open.body)).toEqual(["api", "login"]);
  });

  it("writes DOT with every node and edge quoted, and Mermaid with safe node ids", async () => {
    const dot = await svc.get(`/api/v1/graph?format=dot&component_id=${other}`);
    expect(dot.status).toBe(200);
    expect(dot.headers.get("content-type")).toBe("text/vnd.graphviz; charset=utf-8");
    expect(dot.text).toMatch(/^digraph dependencies \{\n/);
    expect(dot.text).toContain(
      `"${ids['deploy "prod"']}" [label="deploy \\"prod\\" (OPEN, ${ids['deploy "prod"']})"`,
    );
    const withEdges = await svc.get("/api/v1/graph?format=dot&project=shop");
    expect(withEdges.text).toContain(`"${ids.login}" -> "${ids.api}" [label="depends_on"];`);
    expect(withEdges.text.trimEnd().endsWith("}")).toBe(true);
    const mermaid = await svc.get("/api/v1/graph?format=mermaid&project=shop");
    expect(mermaid.headers.get("content-type")).toBe("text/vnd.mermaid; charset=utf-8");
    const lines = mermaid.text.trimEnd().split("\n");
    expect(lines[0]).toBe("flowchart LR");
    expect(lines.filter((l) => /^ {2}n\d+\["/.test(l))).toHaveLength(3);
    expect(lines.filter((l) => /^ {2}n\d+ -->\|depends on\| n\d+$/.test(l))).toHaveLength(2);
    const quoted = await svc.get(`/api/v1/graph?format=mermaid&component_id=${other}`);
    expect(quoted.text).toContain("deploy #34;prod#34;");
  });

  it("answers 413 GRAPH_TOO_LARGE asking for a filter when there are more nodes than the limit", async () => {
    const r = await svc.get("/api/v1/graph");
    expect(r.status).toBe(413);
    expect(r.body.code).toBe("GRAPH_TOO_LARGE");
    expect(r.body.details).toEqual({ nodes: 5, max_nodes: 4 });
    expect(r.body.error).toMatch(/filter|narrow/);
  });

  it("answers 404 for an unknown root and 400 for an unknown format, status or parameter", async () => {
    expect((await svc.get("/api/v1/graph?root=nope")).body.code).toBe("ISSUE_NOT_FOUND");
    expect((await svc.get("/api/v1/graph?format=svg")).status).toBe(400);
    expect((await svc.get("/api/v1/graph?status=DONE")).status).toBe(400);
    expect((await svc.get("/api/v1/graph?depth=0&root=x")).status).toBe(400);
    expect((await svc.get("/api/v1/graph?colour=red")).status).toBe(400);
  });
});
