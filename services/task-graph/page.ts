// The task-graph service's page: one method per endpoint of seed 2 and SPEC §2.
// e2e.conf (services.task-graph) supplies base_url, headers and timeouts.

import { randomUUID } from "node:crypto";
import { BasePage, type PageResponse } from "gantry";

export interface IssueQuery {
  page?: number | string;
  limit?: number | string;
  status?: string;
  priority?: string;
  component_id?: string;
  project?: string;
  label?: string;
  q?: string;
  sort?: string;
}

const issuePath = (id: string) => `/api/v1/issues/${encodeURIComponent(id)}`;
const componentPath = (id: string) => `/api/v1/components/${encodeURIComponent(id)}`;
const repositoryPath = (name: string) => `/api/v1/code/repositories/${encodeURIComponent(name)}`;

export default class TaskGraphPage extends BasePage {
  /** GET /health */
  health(): Promise<PageResponse> {
    return this.get("/health");
  }

  /** POST /api/v1/issues; `body` may be anything, to exercise validation. */
  createIssue(body: unknown): Promise<PageResponse> {
    return this.post("/api/v1/issues", body);
  }

  /** GET /api/v1/issues with filters, sort and paging */
  listIssues(query: IssueQuery = {}): Promise<PageResponse> {
    return this.get("/api/v1/issues", { query: { ...query } });
  }

  /** GET /api/v1/issues/{id} */
  getIssue(id: string): Promise<PageResponse> {
    return this.get(issuePath(id));
  }

  /** PATCH /api/v1/issues/{id} */
  updateIssue(id: string, body: unknown): Promise<PageResponse> {
    return this.patch(issuePath(id), body);
  }

  /** PATCH /api/v1/issues/{id} only if it still has the ETag `ifMatch` (else 412). */
  updateIssueIfMatch(id: string, body: unknown, ifMatch: string): Promise<PageResponse> {
    return this.patch(issuePath(id), body, { headers: { "if-match": ifMatch } });
  }

  /** DELETE /api/v1/issues/{id}; `force` also deletes an issue others depend on. */
  deleteIssue(id: string, options: { force?: boolean } = {}): Promise<PageResponse> {
    return this.delete(issuePath(id), options.force ? { query: { force: "true" } } : {});
  }

  /** POST /api/v1/issues/{id}/claim {agent, lease_seconds?} */
  claimIssue(id: string, body: unknown): Promise<PageResponse> {
    return this.post(`${issuePath(id)}/claim`, body);
  }

  /** DELETE /api/v1/issues/{id}/claim, optionally only `agent`'s claim. */
  releaseClaim(id: string, agent?: string): Promise<PageResponse> {
    return this.delete(`${issuePath(id)}/claim`, agent === undefined ? {} : { query: { agent } });
  }

  /** GET /api/v1/issues/blocked with the list's filters, plus unclaimed */
  blockedIssues(query: IssueQuery & { unclaimed?: boolean } = {}): Promise<PageResponse> {
    return this.get("/api/v1/issues/blocked", { query: { ...query } });
  }

  /** GET /api/v1/issues/workable with the list's filters, plus unclaimed */
  workableIssues(query: IssueQuery & { unclaimed?: boolean } = {}): Promise<PageResponse> {
    return this.get("/api/v1/issues/workable", { query: { ...query } });
  }

  /** POST /api/v1/issues/{id}/dependencies: `id` depends on `dependsOnId`. */
  addDependency(id: string, dependsOnId: unknown): Promise<PageResponse> {
    return this.post(`${issuePath(id)}/dependencies`, { depends_on_id: dependsOnId });
  }

  /** GET /api/v1/issues/{id}/dependencies */
  dependencies(id: string): Promise<PageResponse> {
    return this.get(`${issuePath(id)}/dependencies`);
  }

  /** DELETE /api/v1/issues/{id}/dependencies/{depends_on_id} */
  removeDependency(id: string, dependsOnId: string): Promise<PageResponse> {
    return this.delete(`${issuePath(id)}/dependencies/${encodeURIComponent(dependsOnId)}`);
  }

  /** POST /api/v1/components */
  createComponent(body: unknown): Promise<PageResponse> {
    return this.post("/api/v1/components", body);
  }

  /** GET /api/v1/components */
  listComponents(query: { page?: number; limit?: number; project?: string } = {}): Promise<PageResponse> {
    return this.get("/api/v1/components", { query: { ...query } });
  }

  /** GET /api/v1/components/{id} */
  getComponent(id: string): Promise<PageResponse> {
    return this.get(componentPath(id));
  }

  /** PATCH /api/v1/components/{id} */
  updateComponent(id: string, body: unknown): Promise<PageResponse> {
    return this.patch(componentPath(id), body);
  }

  /** DELETE /api/v1/components/{id} */
  deleteComponent(id: string): Promise<PageResponse> {
    return this.delete(componentPath(id));
  }

  /** GET /api/v1/analyze/impact/{id}?max_depth */
  impact(id: string, maxDepth?: number | string): Promise<PageResponse> {
    return this.get(`/api/v1/analyze/impact/${encodeURIComponent(id)}`, {
      query: maxDepth === undefined ? {} : { max_depth: maxDepth },
    });
  }

  /** GET /api/v1/issues/{id}/dependency-chain?max_depth (SPEC §2c) */
  dependencyChain(id: string, maxDepth?: number | string): Promise<PageResponse> {
    return this.get(`${issuePath(id)}/dependency-chain`, {
      query: maxDepth === undefined ? {} : { max_depth: maxDepth },
    });
  }

  /** POST /api/v1/issues/{id}/dependencies/bulk {depends_on_ids}: all or none (SPEC §2c) */
  addDependencies(id: string, dependsOnIds: unknown): Promise<PageResponse> {
    return this.post(`${issuePath(id)}/dependencies/bulk`, { depends_on_ids: dependsOnIds });
  }

  /** GET /api/v1/graph with format and filters (SPEC §2c) */
  graph(query: Record<string, string | number> = {}): Promise<PageResponse> {
    return this.get("/api/v1/graph", { query: { ...query } });
  }

  /** GET /api/v1/projects (SPEC §2c) */
  projects(): Promise<PageResponse> {
    return this.get("/api/v1/projects");
  }

  /** GET /api/v1/analyze/component-impact/{component_id}?max_depth (SPEC §2c) */
  componentImpact(componentId: string, maxDepth?: number | string): Promise<PageResponse> {
    return this.get(`/api/v1/analyze/component-impact/${encodeURIComponent(componentId)}`, {
      query: maxDepth === undefined ? {} : { max_depth: maxDepth },
    });
  }

  /** GET /api/v1/agents (SPEC §2c) */
  agents(): Promise<PageResponse> {
    return this.get("/api/v1/agents");
  }

  /** POST /api/v1/analyze/root-cause */
  rootCause(body: unknown): Promise<PageResponse> {
    return this.post("/api/v1/analyze/root-cause", body);
  }

  /** POST /api/v1/rag/search */
  search(body: unknown): Promise<PageResponse> {
    return this.post("/api/v1/rag/search", body);
  }

  /** POST /api/v1/code/repositories {name, path}: a folder of the service's machine, indexed in the background. */
  registerRepository(body: unknown): Promise<PageResponse> {
    return this.post("/api/v1/code/repositories", body);
  }

  /** GET /api/v1/code/repositories */
  listRepositories(): Promise<PageResponse> {
    return this.get("/api/v1/code/repositories");
  }

  /** GET /api/v1/code/repositories/{name} */
  getRepository(name: string): Promise<PageResponse> {
    return this.get(repositoryPath(name));
  }

  /** DELETE /api/v1/code/repositories/{name} */
  deleteRepository(name: string): Promise<PageResponse> {
    return this.delete(repositoryPath(name));
  }

  /** PUT /api/v1/code/repositories/{name}/files {files: [{path, content} | {path, deleted: true}]} */
  uploadFiles(name: string, files: unknown): Promise<PageResponse> {
    return this.put(`${repositoryPath(name)}/files`, { files });
  }

  /** GET /api/v1/code/symbols?q&repo&kind&limit: exact name, then prefix, then fuzzy (SPEC §2c) */
  findSymbols(query: { q: string; repo?: string; kind?: string; limit?: number }): Promise<PageResponse> {
    return this.get("/api/v1/code/symbols", { query: { ...query } });
  }

  /** GET /api/v1/code/symbols/{id}?limit: the symbol with callers, callees, container, members */
  getSymbol(id: string, limit?: number): Promise<PageResponse> {
    return this.get(`/api/v1/code/symbols/${encodeURIComponent(id)}`, {
      query: limit === undefined ? {} : { limit },
    });
  }

  /** GET /api/v1/code/symbols/by-id?id&limit: the same, for ids too long for a path segment */
  getSymbolById(id: string, limit?: number): Promise<PageResponse> {
    return this.get("/api/v1/code/symbols/by-id", { query: limit === undefined ? { id } : { id, limit } });
  }

  /** GET /api/v1/code/files?path&repo&limit: a file's symbols, imports, importers and tests */
  codeFile(query: { path: string; repo?: string; limit?: number }): Promise<PageResponse> {
    return this.get("/api/v1/code/files", { query: { ...query } });
  }

  /** GET /api/v1/code/repositories/{name}/stats */
  repositoryStats(name: string): Promise<PageResponse> {
    return this.get(`${repositoryPath(name)}/stats`);
  }

  /** POST /api/v1/issues/{id}/notes {author, kind, text}, as `agent` (X-Agent) when given (SPEC §2c) */
  addNote(id: string, body: unknown, agent?: string): Promise<PageResponse> {
    return this.post(`${issuePath(id)}/notes`, body, agent ? { headers: { "x-agent": agent } } : {});
  }

  /** GET /api/v1/issues/{id}/notes?kind&page&limit */
  notes(id: string, query: { kind?: string; page?: number; limit?: number } = {}): Promise<PageResponse> {
    return this.get(`${issuePath(id)}/notes`, { query: { ...query } });
  }

  /** GET /api/v1/issues/{id}/activity?page&limit: the issue's events, newest first */
  activity(id: string, query: { page?: number; limit?: number } = {}): Promise<PageResponse> {
    return this.get(`${issuePath(id)}/activity`, { query: { ...query } });
  }

  /**
   * GET /api/v1/events (Server-Sent Events). The stream does not end, so by default only its
   * status and headers are read; `headersOnly: false` reads a refusal's JSON body.
   */
  events(
    query: { types?: string; issue_id?: string; last_event_id?: string } = {},
    options: { headersOnly?: boolean } = {},
  ): Promise<PageResponse> {
    return this.get("/api/v1/events", { query: { ...query }, headersOnly: options.headersOnly ?? true });
  }

  /** PATCH /api/v1/issues/{id} as `agent` (X-Agent: recorded as the event's actor) */
  updateIssueAs(id: string, body: unknown, agent: string): Promise<PageResponse> {
    return this.patch(issuePath(id), body, { headers: { "x-agent": agent } });
  }

  /** GET /api/v1/agent/context/{issue_id}?budget_tokens&limit&repo */
  agentContext(
    issueId: string,
    query: { budget_tokens?: number; limit?: number; repo?: string } = {},
  ): Promise<PageResponse> {
    return this.get(`/api/v1/agent/context/${encodeURIComponent(issueId)}`, { query: { ...query } });
  }

  /** POST /mcp: one JSON-RPC call of an MCP tool (stateless Streamable HTTP, JSON answer). */
  callTool(name: string, args: Record<string, unknown>, id = 1): Promise<PageResponse> {
    return this.post(
      "/mcp",
      { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } },
      { headers: { accept: "application/json, text/event-stream" } },
    );
  }

  /** A component in its own project-unique name, created for one scenario. */
  async newComponent(name = "component"): Promise<{ id: string; name: string }> {
    const res = await this.createComponent({ name: `${name}-${randomUUID().slice(0, 8)}` });
    if (res.status !== 201) throw new Error(`creating a component answered ${res.status}: ${res.text()}`);
    return res.json();
  }

  /** An issue created for one scenario; fails loudly if the service refuses it. */
  async newIssue(body: Record<string, unknown> = {}): Promise<Record<string, unknown> & { id: string }> {
    const res = await this.createIssue({ title: `e2e issue ${randomUUID().slice(0, 8)}`, ...body });
    if (res.status !== 201) throw new Error(`creating an issue answered ${res.status}: ${res.text()}`);
    return res.json();
  }
}
