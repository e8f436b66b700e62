// POST /mcp driven by the official SDK's own client (Client + StreamableHTTPClientTransport)
// against a listening service: the tools it lists, each tool's answer compared with the HTTP
// route it stands for, refusals worded as the route words them, and the API key.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type StartedService, startService } from "../../harness/start-service.js";
import { NO_CODE_INDEXED } from "../../src/domain/context/agent-context.js";
import { MAX_SUMMARY_CHARS } from "../../src/routes/mcp/summary-text.js";

const TOOLS = [
  "add_dependencies",
  "add_dependency",
  "add_note",
  "analyze_impact",
  "analyze_root_cause",
  "claim_issue",
  "component_impact",
  "create_issue",
  "dependency_chain",
  "export_graph",
  "file_info",
  "find_symbol",
  "get_issue",
  "get_issue_context",
  "list_agents",
  "list_blocked",
  "list_issues",
  "list_projects",
  "list_workable",
  "release_claim",
  "remove_dependency",
  "repository_stats",
  "search",
  "symbol_references",
  "update_issue",
];

async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", url), { requestInit: { headers } }));
  return client;
}

/** A tool's answer (structured), failing the test with the refusal if it was refused. */
async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Json> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  // The data is structuredContent; the text is a short summary (mcp-complete.test.ts checks each).
  const text = (result.content[0] as { text: string }).text;
  expect(text.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
  expect(text).not.toBe(JSON.stringify(result.structuredContent));
  return result.structuredContent;
}

/** A refused call's error body ({error, code, details}). */
async function refusal(client: Client, name: string, args: Record<string, unknown>): Promise<Json> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError).toBe(true);
  return JSON.parse((result.content[0] as { text: string }).text);
}

describe("MCP tools over Streamable HTTP", () => {
  let svc: StartedService;
  let mcp: Client;

  beforeAll(async () => {
    svc = await startService();
    mcp = await connect(svc.url);
  });
  afterAll(async () => {
    await mcp?.close();
    await svc?.close();
  });

  it("lists the tools, each with the fields of its route's schemas", async () => {
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.create_issue!.inputSchema.required).toEqual(["title"]);
    expect(Object.keys(byName.create_issue!.inputSchema.properties ?? {}).sort()).toEqual([
      "code_refs",
      "component_id",
      "description",
      "labels",
      "priority",
      "status",
      "title",
    ]);
    expect(byName.update_issue!.inputSchema.required).toEqual(["id"]);
    expect(byName.update_issue!.inputSchema.properties).toHaveProperty("if_match");
    expect(byName.list_workable!.inputSchema.properties).toHaveProperty("unclaimed");
    expect(byName.claim_issue!.inputSchema.required).toEqual(["id", "agent"]);
    expect(byName.analyze_root_cause!.inputSchema.required).toEqual(["test_failure", "component_id"]);
    for (const tool of tools) expect(tool.description, tool.name).toMatch(/\/api\/v1\//);
  });

  it("creates and updates an issue through the same store and rules as the HTTP routes", async () => {
    const created = await call(mcp, "create_issue", { title: "  Login times out  ", labels: ["auth"] });
    const read = await svc.get(`/api/v1/issues/${created.id}`);
    expect(read.status).toBe(200);
    // Trimmed as the route trims; the etag is the one the route sends as ETag.
    expect(read.body.title).toBe("Login times out");
    const { etag, ...issue } = created;
    expect(issue).toEqual(read.body);
    expect(etag).toBe(read.headers.get("etag"));

    const updated = await call(mcp, "update_issue", { id: created.id, priority: "HIGH", if_match: etag });
    expect(updated.priority).toBe("HIGH");
    expect((await svc.get(`/api/v1/issues/${created.id}`)).body.priority).toBe("HIGH");
    const stale = await refusal(mcp, "update_issue", { id: created.id, priority: "LOW", if_match: etag });
    expect(stale.code).toBe("PRECONDITION_FAILED");
    expect((await svc.get(`/api/v1/issues/${created.id}`)).body.priority).toBe("HIGH");
  });

  it("refuses closing an issue with an open prerequisite, naming it, as PATCH does", async () => {
    const prerequisite = await call(mcp, "create_issue", { title: "prerequisite" });
    const dependent = await call(mcp, "create_issue", { title: "dependent" });
    await svc.post(`/api/v1/issues/${dependent.id}/dependencies`, { depends_on_id: prerequisite.id });
    const viaMcp = await refusal(mcp, "update_issue", { id: dependent.id, status: "CLOSED" });
    const viaHttp = await svc.patch(`/api/v1/issues/${dependent.id}`, { status: "CLOSED" });
    expect(viaHttp.status).toBe(409);
    expect(viaMcp).toEqual(viaHttp.body);
  });

  it("claims an issue for one agent and refuses another while the lease runs", async () => {
    const issue = await call(mcp, "create_issue", { title: "claim me" });
    const claimed = await call(mcp, "claim_issue", { id: issue.id, agent: "agent-a", lease_seconds: 60 });
    expect(claimed.assignee).toBe("agent-a");
    const held = await refusal(mcp, "claim_issue", { id: issue.id, agent: "agent-b" });
    expect(held.code).toBe("ALREADY_CLAIMED");
    expect(JSON.stringify(held.details)).toContain("agent-a");
    const unknown = await refusal(mcp, "claim_issue", { id: "no-such-issue", agent: "agent-a" });
    expect(unknown.code).toBe("ISSUE_NOT_FOUND");
  });

  it("lists workable issues as GET /issues/workable does, with the same filters and paging", async () => {
    await call(mcp, "create_issue", { title: "workable high", priority: "HIGH" });
    const args = { priority: ["HIGH"], sort: "-created_at", limit: 5, unclaimed: true };
    const viaMcp = await call(mcp, "list_workable", args);
    const viaHttp = await svc.get(
      "/api/v1/issues/workable?priority=HIGH&sort=-created_at&limit=5&unclaimed=true",
    );
    expect(viaMcp).toEqual(viaHttp.body);
    expect(viaMcp.items.length).toBeGreaterThan(0);
    expect(viaMcp).toMatchObject({ page: 1, limit: 5 });
  });

  it("answers impact, root cause and search exactly as their HTTP routes do", async () => {
    const component = (await svc.post("/api/v1/components", { name: "payments", project: "shop" })).body;
    const base = await call(mcp, "create_issue", {
      title: "Card refund fails with timeout",
      component_id: component.id,
      labels: ["refunds"],
    });
    const dependent = await call(mcp, "create_issue", { title: "Refund report is empty" });
    await svc.post(`/api/v1/issues/${dependent.id}/dependencies`, { depends_on_id: base.id });

    const impact = await call(mcp, "analyze_impact", { id: base.id, max_depth: 3 });
    expect(impact).toEqual((await svc.get(`/api/v1/analyze/impact/${base.id}?max_depth=3`)).body);
    expect(impact.directly_affected.map((i: { id: string }) => i.id)).toEqual([dependent.id]);

    const failure = {
      test_failure: "refund request timed out",
      component_id: component.id,
      labels: ["refunds"],
    };
    const rootCause = await call(mcp, "analyze_root_cause", failure);
    expect(rootCause).toEqual((await svc.post("/api/v1/analyze/root-cause", failure)).body);
    expect(rootCause.candidates[0].id).toBe(base.id);

    const query = { query: "card refund timeout", limit: 5 };
    const found = await call(mcp, "search", query);
    expect(found).toEqual((await svc.post("/api/v1/rag/search", query)).body);
    expect(found.results[0].id).toBe(base.id);
  });

  it("gives an issue's context as GET /agent/context does: related issues, a warning while no code is indexed, then ranked files", async () => {
    const prerequisite = await call(mcp, "create_issue", { title: "Schema migration" });
    const issue = await call(mcp, "create_issue", { title: "Add column to addColumnDefault" });
    await svc.post(`/api/v1/issues/${issue.id}/dependencies`, { depends_on_id: prerequisite.id });
    const context = await call(mcp, "get_issue_context", { id: issue.id, budget_tokens: 2000 });
    expect(context).toMatchObject({
      issue: { id: issue.id, title: "Add column to addColumnDefault", status: "OPEN" },
      tokenizer: "o200k_base",
      budget_tokens: 2000,
      files: [],
      warnings: [NO_CODE_INDEXED],
    });
    expect(context.used_tokens).toBe(countTokens(JSON.stringify(context)));
    expect(context.related_issues).toContainEqual({
      id: prerequisite.id,
      title: "Schema migration",
      status: "OPEN",
      relation: "depends_on",
    });
    expect(context).toEqual((await svc.get(`/api/v1/agent/context/${issue.id}?budget_tokens=2000`)).body);
    expect((await refusal(mcp, "get_issue_context", { id: "missing" })).code).toBe("ISSUE_NOT_FOUND");

    // Once code is uploaded, files are ranked; a repository that does not exist is refused.
    const upload = await svc.request("PUT", "/api/v1/code/repositories/app/files", {
      files: [
        {
          path: "src/schema.ts",
          content: "export function addColumnDefault(table: string) {\n  return table;\n}\n",
        },
      ],
    });
    expect(upload.status).toBe(200);
    const later = await call(mcp, "get_issue_context", { id: issue.id });
    expect(later.files[0]).toMatchObject({ repo: "app", path: "src/schema.ts" });
    expect(later.files[0].symbols[0]).toMatchObject({ name: "addColumnDefault", line: 1 });
    expect((await refusal(mcp, "get_issue_context", { id: issue.id, repo: "other" })).code).toBe(
      "REPOSITORY_NOT_FOUND",
    );
  });

  it("adds a note as POST /issues/{id}/notes does: in the list, the activity, search and the context's decisions", async () => {
    const issue = await call(mcp, "create_issue", { title: "Pick a message queue" });
    const note = await call(mcp, "add_note", {
      id: issue.id,
      author: "  agent-q  ",
      kind: "decision",
      text: "Use the outbox table, no broker.",
    });
    expect(note).toEqual({
      id: expect.any(String),
      issue_id: issue.id,
      author: "agent-q",
      kind: "decision",
      text: "Use the outbox table, no broker.",
      created_at: expect.any(String),
    });
    expect((await svc.get(`/api/v1/issues/${issue.id}/notes`)).body.items).toEqual([note]);
    const activity = (await svc.get(`/api/v1/issues/${issue.id}/activity`)).body.items;
    expect(activity[0]).toMatchObject({ type: "note.added", actor: "agent-q", note });
    const found = await call(mcp, "search", { query: "outbox broker", types: ["note"] });
    expect(found.results[0]).toMatchObject({ type: "note", id: note.id, issue_id: issue.id });
    const context = await call(mcp, "get_issue_context", { id: issue.id });
    expect(context.decisions.map((d: Json) => d.id)).toEqual([note.id]);
    expect(
      await refusal(mcp, "add_note", { id: issue.id, author: "a", kind: "idea", text: "t" }),
    ).toMatchObject({
      code: "VALIDATION_ERROR",
      error: expect.stringContaining("kind"),
    });
  });

  it("refuses bad arguments with the route's sentence: which field, what was expected", async () => {
    // The same body as POST /issues: the same message, code and details.
    for (const body of [
      { title: "   " },
      { title: "x", priority: "URGENT" },
      { title: "x", labels: "auth" },
    ]) {
      const viaHttp = await svc.post("/api/v1/issues", body);
      expect(viaHttp.status).toBe(400);
      const viaMcp = await refusal(mcp, "create_issue", body);
      expect(viaMcp.code).toBe("VALIDATION_ERROR");
      expect(viaMcp.error).toBe(viaHttp.body.error);
      expect(viaMcp.details).toEqual({ ...viaHttp.body.details, location: "arguments" });
    }
    expect(await refusal(mcp, "create_issue", {})).toMatchObject({ error: 'Field "title" is required.' });
    expect(await refusal(mcp, "create_issue", { title: "x", owner: "me" })).toMatchObject({
      error: 'Field "owner" is not allowed.',
    });
    expect(await refusal(mcp, "list_workable", { limit: 101 })).toMatchObject({
      error: 'Field "limit" must be at most 100.',
      details: { field: "limit", rule: "maximum" },
    });
    expect(await refusal(mcp, "list_workable", { status: ["DONE"] })).toMatchObject({
      error: expect.stringMatching(
        /^Field "status\[0\]" must be one of: "OPEN", "IN_PROGRESS", "BLOCKED", "CLOSED"\.$/,
      ),
    });
    expect(await refusal(mcp, "claim_issue", { id: "x", agent: "a", lease_seconds: "60" })).toMatchObject({
      error: 'Field "lease_seconds" must be an integer.',
    });
    expect(await refusal(mcp, "update_issue", { id: "x" })).toMatchObject({
      code: "VALIDATION_ERROR",
      error: "The arguments must have at least 1 field.",
    });
    expect(await refusal(mcp, "create_issue", { title: "a\u0000b" })).toMatchObject({
      error: 'Field "title" must not contain the NUL character (U+0000).',
    });
    expect(await refusal(mcp, "analyze_impact", { id: "x", max_depth: 0 })).toMatchObject({
      error: 'Field "max_depth" must be at least 1.',
    });
    // Nothing refused was written.
    const all = (await svc.get("/api/v1/issues?limit=100")).body.items.map((i: { title: string }) => i.title);
    expect(all).not.toContain("x");
  });

  it("answers an unknown tool with a protocol error naming it", async () => {
    await expect(mcp.callTool({ name: "drop_everything", arguments: {} })).rejects.toThrow(/drop_everything/);
  });

  it("answers a GET on /mcp with 405 naming POST (no event stream in the stateless mode)", async () => {
    const r = await svc.get("/mcp");
    expect(r.status).toBe(405);
    expect(r.body).toMatchObject({ code: "METHOD_NOT_ALLOWED", details: { allowed: ["POST"] } });
  });
});

describe("MCP behind the API key", () => {
  const KEY = "mcp-test-key";
  let svc: StartedService;

  beforeAll(async () => {
    svc = await startService({ env: { TASK_GRAPH_API_KEY: KEY } });
  });
  afterAll(() => svc?.close());

  it("refuses a client without the key, or with a wrong one, before any tool runs", async () => {
    await expect(connect(svc.url)).rejects.toThrow(/401|Credentials are required/);
    await expect(connect(svc.url, { authorization: "Bearer wrong" })).rejects.toThrow(/401|not valid/);
    const raw = await svc.post("/mcp", { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(raw.status).toBe(401);
    expect(raw.body.code).toBe("UNAUTHORIZED");
  });

  it("serves a client sending the key as a bearer token or as X-API-Key", async () => {
    const ways: Record<string, string>[] = [{ authorization: `Bearer ${KEY}` }, { "x-api-key": KEY }];
    for (const headers of ways) {
      const client = await connect(svc.url, headers);
      const created = await call(client, "create_issue", { title: "made by an agent" });
      expect(created.title).toBe("made by an agent");
      await client.close();
    }
  });
});
