// Every MCP tool (SPEC §2c "MCP, complete") driven through the official SDK's client over a real
// socket: tools/list declares an inputSchema and an outputSchema for each, and each tool's answer
// is checked against its declared outputSchema by Ajv (besides the SDK client's own check), its
// text equal to its structuredContent, and compared with the HTTP route it stands for. The last
// test fails if a listed tool was not driven here.
import { createRequire } from "node:module";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { Ajv, type ValidateFunction } from "ajv";
import type { FormatsPlugin } from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type StartedService, startService } from "../../harness/start-service.js";

// ajv-formats is CommonJS whose module.exports is the plugin itself.
const addFormats = createRequire(import.meta.url)("ajv-formats") as FormatsPlugin;

const CODE = [
  { path: "src/users.ts", content: "export function getUser(id: string): string {\n  return id;\n}\n" },
  {
    path: "src/app.ts",
    content:
      'import { getUser } from "./users.js";\nexport function handle(id: string): string {\n  return getUser(id);\n}\n',
  },
  {
    path: "src/users.test.ts",
    content:
      'import { getUser } from "./users.js";\nexport function checkUser(): string {\n  return getUser("1");\n}\n',
  },
];

describe("every MCP tool, its declared schemas and its answers", () => {
  let svc: StartedService;
  let mcp: Client;
  let tools: Tool[];
  const validators = new Map<string, ValidateFunction>();
  const checked = new Set<string>();

  beforeAll(async () => {
    svc = await startService();
    const upload = await svc.request("PUT", "/api/v1/code/repositories/shop/files", { files: CODE });
    expect(upload.status, upload.text).toBe(200);
    mcp = new Client({ name: "mcp-complete-test", version: "1.0.0" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL("/mcp", svc.url)));
    tools = (await mcp.listTools()).tools;
    // Strict: a keyword Ajv does not know in a declared schema fails the compile, as a typo would.
    const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
    addFormats(ajv);
    ajv.addVocabulary(["x-max-graphemes", "x-message", "x-trim"]);
    for (const tool of tools) validators.set(tool.name, ajv.compile(tool.outputSchema!));
  });
  afterAll(async () => {
    await mcp?.close();
    await svc?.close();
  });

  /** Calls a tool and checks its answer against the tool's declared outputSchema. */
  async function call(name: string, args: Record<string, unknown>): Promise<Json> {
    const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
    const answer = result.structuredContent;
    const validate = validators.get(name)!;
    expect(validate(answer), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(answer);
    checked.add(name);
    return answer;
  }

  /** A refusal: isError, the route's error body as text, and no structuredContent. */
  async function refusal(name: string, args: Record<string, unknown>): Promise<Json> {
    const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    return JSON.parse((result.content[0] as { text: string }).text);
  }

  it("declares an input and an output object schema for every tool, among them the tools of SPEC §2c", () => {
    const names = tools.map((t) => t.name);
    for (const name of ["get_issue", "list_issues", "list_blocked", "add_dependency", "remove_dependency"])
      expect(names).toContain(name);
    for (const name of ["dependency_chain", "release_claim", "add_note", "find_symbol", "symbol_references"])
      expect(names).toContain(name);
    expect(names).toContain("file_info");
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(Object.keys(tool.outputSchema?.properties ?? {}).length, tool.name).toBeGreaterThan(0);
      // Nulls are spelled the JSON Schema way, not OpenAPI 3.0's `nullable`.
      expect(JSON.stringify([tool.inputSchema, tool.outputSchema]), tool.name).not.toContain('"nullable"');
    }
  });

  it("reads, lists, links and unlinks issues as the HTTP routes do", async () => {
    const base = await call("create_issue", { title: "Session store loses writes", priority: "HIGH" });
    const dependent = await call("create_issue", { title: "Login fails after restart" });
    const { etag, ...read } = await call("get_issue", { id: base.id });
    expect(read).toEqual((await svc.get(`/api/v1/issues/${base.id}`)).body);
    expect(etag).toBe(base.etag);

    const listed = await call("list_issues", { priority: ["HIGH"], sort: "-created_at", limit: 5 });
    expect(listed).toEqual((await svc.get("/api/v1/issues?priority=HIGH&sort=-created_at&limit=5")).body);
    expect(listed.items.map((i: Json) => i.id)).toContain(base.id);

    const added = await call("add_dependency", { id: dependent.id, depends_on_id: base.id });
    expect(added).toEqual({ issue_id: dependent.id, depends_on_id: base.id, created: true });
    expect((await call("add_dependency", { id: dependent.id, depends_on_id: base.id })).created).toBe(false);
    expect((await svc.get(`/api/v1/issues/${dependent.id}/dependencies`)).body.depends_on).toEqual([base.id]);
    const cycle = await refusal("add_dependency", { id: base.id, depends_on_id: dependent.id });
    expect(cycle.code).toBe("CIRCULAR_DEPENDENCY");

    const blocked = await call("list_blocked", { limit: 100 });
    expect(blocked).toEqual((await svc.get("/api/v1/issues/blocked?limit=100")).body);
    expect(blocked.items.map((i: Json) => i.id)).toContain(dependent.id);

    const chain = await call("dependency_chain", { id: dependent.id });
    expect(chain).toMatchObject({ issue_id: dependent.id, open_count: 1, truncated: false });
    expect(chain.prerequisites).toEqual([
      { id: base.id, title: base.title, status: "OPEN", depth: 1, path: [dependent.id, base.id] },
    ]);

    const removed = await call("remove_dependency", { id: dependent.id, depends_on_id: base.id });
    expect(removed).toEqual({ issue_id: dependent.id, depends_on_id: base.id, removed: true });
    expect((await svc.get(`/api/v1/issues/${dependent.id}/dependencies`)).body.depends_on).toEqual([]);
    const again = await refusal("remove_dependency", { id: dependent.id, depends_on_id: base.id });
    expect(again.code).toBe("DEPENDENCY_NOT_FOUND");
    expect((await refusal("get_issue", { id: "no-such-issue" })).code).toBe("ISSUE_NOT_FOUND");
  });

  it("claims and releases an issue, refusing a release by an agent that does not hold it", async () => {
    const issue = await call("create_issue", { title: "Rotate the signing key" });
    expect((await call("claim_issue", { id: issue.id, agent: "agent-a" })).assignee).toBe("agent-a");
    const workable = await call("list_workable", { unclaimed: true, limit: 100 });
    expect(workable.items.map((i: Json) => i.id)).not.toContain(issue.id);
    const wrong = await refusal("release_claim", { id: issue.id, agent: "agent-b" });
    expect(wrong.code).toBe("ALREADY_CLAIMED");
    const released = await call("release_claim", { id: issue.id, agent: "agent-a" });
    expect(released.assignee).toBeNull();
    const { etag, ...view } = released;
    expect(view).toEqual((await svc.get(`/api/v1/issues/${issue.id}`)).body);
    expect(etag).toBe((await svc.get(`/api/v1/issues/${issue.id}`)).headers.get("etag"));
  });

  it("updates, notes, analyses, searches and gives an issue's context", async () => {
    const component = (await svc.post("/api/v1/components", { name: "auth", project: "web" })).body;
    const issue = await call("create_issue", {
      title: "getUser returns the wrong user",
      component_id: component.id,
      labels: ["users"],
      code_refs: ["src/users.ts#getUser"],
    });
    const updated = await call("update_issue", { id: issue.id, status: "IN_PROGRESS", if_match: issue.etag });
    expect(updated.status).toBe("IN_PROGRESS");
    const note = await call("add_note", {
      id: issue.id,
      author: "agent-a",
      kind: "decision",
      text: "Cache by id",
    });
    expect(note).toMatchObject({ issue_id: issue.id, kind: "decision", text: "Cache by id" });
    const impact = await call("analyze_impact", { id: issue.id });
    expect(impact).toEqual((await svc.get(`/api/v1/analyze/impact/${issue.id}`)).body);
    const cause = await call("analyze_root_cause", {
      test_failure: "getUser returned another user",
      component_id: component.id,
    });
    expect(cause.candidates.map((c: Json) => c.id)).toContain(issue.id);
    const found = await call("search", { query: "wrong user", types: ["issue"] });
    expect(found.results.map((r: Json) => r.id)).toContain(issue.id);
    const context = await call("get_issue_context", { id: issue.id, budget_tokens: 2000 });
    expect(context.issue.id).toBe(issue.id);
    expect(context.files.map((f: Json) => f.path)).toContain("src/users.ts");
  });

  it("answers the whole-graph tools as their HTTP routes do", async () => {
    const component = (await svc.post("/api/v1/components", { name: "billing", project: "shop" })).body;
    const invoice = await call("create_issue", { title: "Invoice totals", component_id: component.id });
    const tax = await call("create_issue", { title: "Tax rounding" });
    const refund = await call("create_issue", { title: "Refund export" });
    const bulk = await call("add_dependencies", { id: refund.id, depends_on_ids: [invoice.id, tax.id] });
    expect(bulk).toEqual({ added: [invoice.id, tax.id], existing: [] });
    const again = await call("add_dependencies", { id: refund.id, depends_on_ids: [invoice.id] });
    expect(again).toEqual({ added: [], existing: [invoice.id] });
    const cycle = await refusal("add_dependencies", { id: invoice.id, depends_on_ids: [tax.id, refund.id] });
    expect(cycle.code).toBe("CIRCULAR_DEPENDENCY");
    expect((await svc.get(`/api/v1/issues/${invoice.id}/dependencies`)).body.depends_on).toEqual([]);

    const graph = await call("export_graph", { root: refund.id, depth: 1 });
    expect(graph).toEqual((await svc.get(`/api/v1/graph?root=${refund.id}&depth=1`)).body);
    expect(graph.edges).toContainEqual({ from: refund.id, to: invoice.id, type: "depends_on" });
    const open = await call("export_graph", { status: ["OPEN"], project: "shop" });
    expect(open.nodes.map((n: Json) => n.id)).toEqual([invoice.id]);

    const projects = await call("list_projects", {});
    expect(projects.items).toEqual((await svc.get("/api/v1/projects")).body);
    expect(projects.items.map((p: Json) => p.name)).toContain("shop");
    const impact = await call("component_impact", { component_id: component.id });
    expect(impact).toEqual((await svc.get(`/api/v1/analyze/component-impact/${component.id}`)).body);
    expect(impact.dependents.map((d: Json) => d.id)).toEqual([refund.id]);

    await call("claim_issue", { id: tax.id, agent: "agent-graph" });
    const agents = await call("list_agents", {});
    expect(agents.items).toEqual((await svc.get("/api/v1/agents")).body);
    expect(agents.items.map((a: Json) => a.name)).toContain("agent-graph");
  });

  it("answers the code queries as their HTTP routes do", async () => {
    const symbols = await call("find_symbol", { q: "getuser", repo: "shop" });
    expect(symbols).toEqual((await svc.get("/api/v1/code/symbols?q=getuser&repo=shop")).body);
    expect(symbols.items[0]).toMatchObject({ id: "shop:src/users.ts#getUser", match: "exact" });

    const id = "shop:src/users.ts#getUser";
    const references = await call("symbol_references", { id });
    expect(references).toEqual((await svc.get(`/api/v1/code/symbols/${encodeURIComponent(id)}`)).body);
    expect(references.callers.map((c: Json) => [c.id, c.confidence])).toEqual([
      ["shop:src/app.ts#handle", 1],
      ["shop:src/users.test.ts#checkUser", 1],
    ]);

    const file = await call("file_info", { path: "src/users.ts" });
    expect(file).toEqual((await svc.get("/api/v1/code/files?path=src/users.ts&repo=shop")).body);
    expect(file.tested_by.map((f: Json) => f.path)).toEqual(["src/users.test.ts"]);

    const stats = await call("repository_stats", { name: "shop" });
    expect(stats).toEqual((await svc.get("/api/v1/code/repositories/shop/stats")).body);
    expect(stats).toMatchObject({ files: 3, symbols: 3 });

    expect((await refusal("symbol_references", { id: "shop:src/none.ts#x" })).code).toBe("SYMBOL_NOT_FOUND");
    expect((await refusal("find_symbol", { q: "" })).code).toBe("VALIDATION_ERROR");
    expect((await refusal("repository_stats", { name: "none" })).code).toBe("REPOSITORY_NOT_FOUND");
  });

  it("drove every listed tool and checked its answer against its outputSchema", () => {
    expect(tools.map((t) => t.name).filter((name) => !checked.has(name))).toEqual([]);
  });
});
