// Every MCP tool (SPEC §2c "MCP, complete") driven through the official SDK's client over a real
// socket: tools/list declares an inputSchema and an outputSchema for each, and each tool's answer
// is checked against its declared outputSchema by Ajv (besides the SDK client's own check), its
// short text bounded and naming the answer's key facts, and compared with the HTTP route it stands
// for. The last test fails if a listed tool was not driven here.
import { createRequire } from "node:module";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { Ajv, type ValidateFunction } from "ajv";
import type { FormatsPlugin } from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type StartedService, startService } from "../../harness/start-service.js";
import { LISTED_ITEMS, MAX_SUMMARY_CHARS } from "../../src/routes/mcp/summary-text.js";

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

  const texts = new Map<string, string>();

  /**
   * Calls a tool and checks its answer against the tool's declared outputSchema, and that its text
   * is short: bounded, a heading and at most LISTED_ITEMS rows and a "…and N more", not the JSON.
   */
  async function call(name: string, args: Record<string, unknown>): Promise<Json> {
    const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
    const answer = result.structuredContent;
    const validate = validators.get(name)!;
    expect(validate(answer), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    expect(result.content).toHaveLength(1);
    const text = (result.content[0] as { type: string; text: string }).text;
    expect(text.length, `${name}: ${text}`).toBeGreaterThan(10);
    expect(text.length, `${name}: ${text}`).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
    expect(text.split("\n").length, `${name}: ${text}`).toBeLessThanOrEqual(LISTED_ITEMS + 2);
    expect(text.trimStart(), name).not.toMatch(/^[{[]/);
    texts.set(name, text);
    checked.add(name);
    return answer;
  }

  /** The short text of the tool's latest call. */
  const textOf = (name: string) => texts.get(name) ?? "";

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
    expect(textOf("create_issue")).toBe(
      `Created issue ${base.id} 'Session store loses writes' (OPEN, HIGH), depends on 0, blocks 0; unclaimed.`,
    );
    const dependent = await call("create_issue", { title: "Login fails after restart" });
    const { etag, ...read } = await call("get_issue", { id: base.id });
    expect(read).toEqual((await svc.get(`/api/v1/issues/${base.id}`)).body);
    expect(etag).toBe(base.etag);
    expect(textOf("get_issue")).toContain(`${base.id} 'Session store loses writes' (OPEN, HIGH)`);

    const listed = await call("list_issues", { priority: ["HIGH"], sort: "-created_at", limit: 5 });
    expect(listed).toEqual((await svc.get("/api/v1/issues?priority=HIGH&sort=-created_at&limit=5")).body);
    expect(listed.items.map((i: Json) => i.id)).toContain(base.id);
    expect(textOf("list_issues")).toMatch(
      new RegExp(`^${listed.items.length} of ${listed.total} issues? \\(page 1 of `),
    );
    expect(textOf("list_issues")).toContain(`- ${base.id} 'Session store loses writes' (OPEN, HIGH)`);

    const added = await call("add_dependency", { id: dependent.id, depends_on_id: base.id });
    expect(added).toEqual({ issue_id: dependent.id, depends_on_id: base.id, created: true });
    expect(textOf("add_dependency")).toBe(`${dependent.id} now depends on ${base.id}.`);
    expect((await call("add_dependency", { id: dependent.id, depends_on_id: base.id })).created).toBe(false);
    expect(textOf("add_dependency")).toBe(`${dependent.id} already depended on ${base.id}.`);
    expect((await svc.get(`/api/v1/issues/${dependent.id}/dependencies`)).body.depends_on).toEqual([base.id]);
    const cycle = await refusal("add_dependency", { id: base.id, depends_on_id: dependent.id });
    expect(cycle.code).toBe("CIRCULAR_DEPENDENCY");

    const blocked = await call("list_blocked", { limit: 100 });
    expect(blocked).toEqual((await svc.get("/api/v1/issues/blocked?limit=100")).body);
    expect(blocked.items.map((i: Json) => i.id)).toContain(dependent.id);
    expect(textOf("list_blocked")).toContain("blocked issue");

    const chain = await call("dependency_chain", { id: dependent.id });
    expect(chain).toMatchObject({ issue_id: dependent.id, open_count: 1, truncated: false });
    expect(chain.prerequisites).toEqual([
      { id: base.id, title: base.title, status: "OPEN", depth: 1, path: [dependent.id, base.id] },
    ]);
    expect(textOf("dependency_chain")).toBe(
      `${dependent.id} waits on 1 prerequisite, 1 open:\n- ${base.id} 'Session store loses writes' (OPEN) at depth 1`,
    );

    const removed = await call("remove_dependency", { id: dependent.id, depends_on_id: base.id });
    expect(removed).toEqual({ issue_id: dependent.id, depends_on_id: base.id, removed: true });
    expect(textOf("remove_dependency")).toBe(`${dependent.id} no longer depends on ${base.id}.`);
    expect((await svc.get(`/api/v1/issues/${dependent.id}/dependencies`)).body.depends_on).toEqual([]);
    const again = await refusal("remove_dependency", { id: dependent.id, depends_on_id: base.id });
    expect(again.code).toBe("DEPENDENCY_NOT_FOUND");
    expect((await refusal("get_issue", { id: "no-such-issue" })).code).toBe("ISSUE_NOT_FOUND");
  });

  it("claims and releases an issue, refusing a release by an agent that does not hold it", async () => {
    const issue = await call("create_issue", { title: "Rotate the signing key" });
    const claimed = await call("claim_issue", { id: issue.id, agent: "agent-a" });
    expect(claimed.assignee).toBe("agent-a");
    expect(textOf("claim_issue")).toContain(`Claimed issue ${issue.id} 'Rotate the signing key'`);
    expect(textOf("claim_issue")).toContain(`claimed by agent-a until ${claimed.claim_expires_at}`);
    const workable = await call("list_workable", { unclaimed: true, limit: 100 });
    expect(workable.items.map((i: Json) => i.id)).not.toContain(issue.id);
    const wrong = await refusal("release_claim", { id: issue.id, agent: "agent-b" });
    expect(wrong.code).toBe("ALREADY_CLAIMED");
    const released = await call("release_claim", { id: issue.id, agent: "agent-a" });
    expect(released.assignee).toBeNull();
    expect(textOf("release_claim")).toMatch(new RegExp(`^Released issue ${issue.id} .*; unclaimed\\.$`));
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
    expect(textOf("update_issue")).toContain(
      `Updated issue ${issue.id} 'getUser returns the wrong user' (IN_PROGRESS`,
    );
    const note = await call("add_note", {
      id: issue.id,
      author: "agent-a",
      kind: "decision",
      text: "Cache by id",
    });
    expect(note).toMatchObject({ issue_id: issue.id, kind: "decision", text: "Cache by id" });
    expect(textOf("add_note")).toBe(
      `Added decision ${note.id} on issue ${issue.id} by agent-a: 'Cache by id'`,
    );
    const impact = await call("analyze_impact", { id: issue.id });
    expect(impact).toEqual((await svc.get(`/api/v1/analyze/impact/${issue.id}`)).body);
    expect(textOf("analyze_impact")).toBe(
      `Impact of ${issue.id}: risk ${impact.risk_level} (${impact.risk_score}), 0 direct and 0 transitive dependents, 0 blocked by it alone.`,
    );
    const cause = await call("analyze_root_cause", {
      test_failure: "getUser returned another user",
      component_id: component.id,
    });
    expect(cause.candidates.map((c: Json) => c.id)).toContain(issue.id);
    expect(textOf("analyze_root_cause")).toMatch(/^\d+ likely causes? among \d+ issues scored:/);
    expect(textOf("analyze_root_cause")).toContain(`${issue.id} 'getUser returns the wrong user'`);
    const found = await call("search", { query: "wrong user", types: ["issue"] });
    expect(found.results.map((r: Json) => r.id)).toContain(issue.id);
    expect(textOf("search")).toMatch(/^\d+ results? for 'wrong user'/);
    expect(textOf("search")).toContain(`issue ${issue.id} 'getUser returns the wrong user'`);
    const context = await call("get_issue_context", { id: issue.id, budget_tokens: 2000 });
    expect(context.issue.id).toBe(issue.id);
    expect(context.files.map((f: Json) => f.path)).toContain("src/users.ts");
    expect(textOf("get_issue_context")).toContain(
      `Context for ${issue.id} 'getUser returns the wrong user' (IN_PROGRESS): ${context.files.length} file`,
    );
    expect(textOf("get_issue_context")).toContain(`1 decision, ${context.used_tokens}/2000 tokens`);
    expect(textOf("get_issue_context")).toContain("- shop:src/users.ts (score ");
  });

  it("answers the whole-graph tools as their HTTP routes do", async () => {
    const component = (await svc.post("/api/v1/components", { name: "billing", project: "shop" })).body;
    const invoice = await call("create_issue", { title: "Invoice totals", component_id: component.id });
    const tax = await call("create_issue", { title: "Tax rounding" });
    const refund = await call("create_issue", { title: "Refund export" });
    const bulk = await call("add_dependencies", { id: refund.id, depends_on_ids: [invoice.id, tax.id] });
    expect(bulk).toEqual({ added: [invoice.id, tax.id], existing: [] });
    expect(textOf("add_dependencies")).toBe(
      `Added 2 prerequisites: ${invoice.id}, ${tax.id}; already there: none.`,
    );
    const again = await call("add_dependencies", { id: refund.id, depends_on_ids: [invoice.id] });
    expect(again).toEqual({ added: [], existing: [invoice.id] });
    const cycle = await refusal("add_dependencies", { id: invoice.id, depends_on_ids: [tax.id, refund.id] });
    expect(cycle.code).toBe("CIRCULAR_DEPENDENCY");
    expect((await svc.get(`/api/v1/issues/${invoice.id}/dependencies`)).body.depends_on).toEqual([]);

    const graph = await call("export_graph", { root: refund.id, depth: 1 });
    expect(graph).toEqual((await svc.get(`/api/v1/graph?root=${refund.id}&depth=1`)).body);
    expect(graph.edges).toContainEqual({ from: refund.id, to: invoice.id, type: "depends_on" });
    expect(textOf("export_graph")).toMatch(/^3 issues and 2 dependencies:\n/);
    expect(textOf("export_graph")).toContain(`- ${refund.id} 'Refund export' (OPEN, MEDIUM)`);
    const open = await call("export_graph", { status: ["OPEN"], project: "shop" });
    expect(open.nodes.map((n: Json) => n.id)).toEqual([invoice.id]);

    const projects = await call("list_projects", {});
    expect(projects.items).toEqual((await svc.get("/api/v1/projects")).body);
    expect(projects.items.map((p: Json) => p.name)).toContain("shop");
    expect(textOf("list_projects")).toContain(
      "- shop: 1 component, issues 1 open, 0 in progress, 0 blocked, 0 closed",
    );
    const impact = await call("component_impact", { component_id: component.id });
    expect(impact).toEqual((await svc.get(`/api/v1/analyze/component-impact/${component.id}`)).body);
    expect(impact.dependents.map((d: Json) => d.id)).toEqual([refund.id]);
    expect(textOf("component_impact")).toBe(
      `Component billing (shop): risk ${impact.risk_level}, 1 open issue, 1 dependent outside it in ${impact.affected_components.length} component${impact.affected_components.length === 1 ? "" : "s"}:\n- ${refund.id} 'Refund export' (OPEN, MEDIUM)`,
    );

    await call("claim_issue", { id: tax.id, agent: "agent-graph" });
    const agents = await call("list_agents", {});
    expect(agents.items).toEqual((await svc.get("/api/v1/agents")).body);
    expect(agents.items.map((a: Json) => a.name)).toContain("agent-graph");
    expect(textOf("list_agents")).toMatch(new RegExp(`agent-graph: 1 claim \\(${tax.id}\\), last seen `));
  });

  it("answers the code queries as their HTTP routes do", async () => {
    const symbols = await call("find_symbol", { q: "getuser", repo: "shop" });
    expect(symbols).toEqual((await svc.get("/api/v1/code/symbols?q=getuser&repo=shop")).body);
    expect(symbols.items[0]).toMatchObject({ id: "shop:src/users.ts#getUser", match: "exact" });
    expect(textOf("find_symbol")).toMatch(
      /^\d+ symbols? match 'getuser':\n- function getUser \(exact\) shop:src\/users.ts:1/,
    );

    const id = "shop:src/users.ts#getUser";
    const references = await call("symbol_references", { id });
    expect(references).toEqual((await svc.get(`/api/v1/code/symbols/${encodeURIComponent(id)}`)).body);
    expect(references.callers.map((c: Json) => [c.id, c.confidence])).toEqual([
      ["shop:src/app.ts#handle", 1],
      ["shop:src/users.test.ts#checkUser", 1],
    ]);
    expect(textOf("symbol_references")).toBe(
      "function getUser at shop:src/users.ts:1: 2 callers, 0 callees, 0 members; callers:\n" +
        "- handle src/app.ts:2 (confidence 1)\n- checkUser src/users.test.ts:2 (confidence 1)",
    );

    const file = await call("file_info", { path: "src/users.ts" });
    expect(file).toEqual((await svc.get("/api/v1/code/files?path=src/users.ts&repo=shop")).body);
    expect(file.tested_by.map((f: Json) => f.path)).toEqual(["src/users.test.ts"]);
    expect(textOf("file_info")).toBe(
      "shop:src/users.ts (typescript, 3 lines): 1 symbol, imports 0, imported by 2, tests 0, tested by 1.\n" +
        "Imports: none\nImported by: src/app.ts, src/users.test.ts\nTested by: src/users.test.ts",
    );

    const stats = await call("repository_stats", { name: "shop" });
    expect(stats).toEqual((await svc.get("/api/v1/code/repositories/shop/stats")).body);
    expect(stats).toMatchObject({ files: 3, symbols: 3 });
    expect(textOf("repository_stats")).toBe(
      `Repository shop: 3 files, ${stats.lines} lines, 3 symbols; languages typescript 3; edges IMPORTS ${stats.edges.IMPORTS}, REFERENCES ${stats.edges.REFERENCES}, TESTS ${stats.edges.TESTS}, CONTAINS ${stats.edges.CONTAINS}.`,
    );

    expect((await refusal("symbol_references", { id: "shop:src/none.ts#x" })).code).toBe("SYMBOL_NOT_FOUND");
    expect((await refusal("find_symbol", { q: "" })).code).toBe("VALIDATION_ERROR");
    expect((await refusal("repository_stats", { name: "none" })).code).toBe("REPOSITORY_NOT_FOUND");
  });

  it("caps a long list in the text at a few rows and says how many more there are", async () => {
    const page = await call("list_issues", { limit: 100, sort: "created_at" });
    expect(page.items.length).toBeGreaterThan(LISTED_ITEMS);
    const rows = textOf("list_issues").split("\n");
    expect(rows[0]).toBe(`${page.items.length} of ${page.total} issues (page 1 of 1):`);
    expect(rows.slice(1, -1)).toHaveLength(LISTED_ITEMS);
    expect(rows[1]).toContain(`- ${page.items[0].id} '${page.items[0].title}'`);
    expect(rows.at(-1)).toBe(`…and ${page.items.length - LISTED_ITEMS} more`);
    // The data is all in structuredContent.
    expect(page).toEqual((await svc.get("/api/v1/issues?limit=100&sort=created_at")).body);
  });

  it("drove every listed tool and checked its answer against its outputSchema", () => {
    expect(tools.map((t) => t.name).filter((name) => !checked.has(name))).toEqual([]);
  });
});
