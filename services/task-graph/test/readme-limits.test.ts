// The README is what users read: each default and limit it states is the one the code enforces
// (STYLE.md, "docs that cannot drift"; services/auth has the same check of its defaults). Limits
// are read from the OpenAPI document the service serves, which is generated from the schemas that
// validate, so a number changed in a schema and not in the README (or back) fails here.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type StartedService, startService } from "../harness/start-service.js";
import { readConfig } from "../src/config.js";

const README = readFileSync(new URL("../README.md", import.meta.url), "utf8").replace(/\s+/g, " ");

/** The numbers the README states where `pattern` matches (1,000 → 1000); fails when it says nothing. */
function stated(pattern: RegExp): number[] {
  const m = pattern.exec(README);
  expect(m, `README.md no longer states ${pattern}`).not.toBeNull();
  return m!.slice(1).map((n) => Number(n.replace(/,/g, "")));
}

/** The Default column of the README's environment table, by variable. */
function documentedDefault(variable: string): string | undefined {
  return new RegExp(`\\| \`${variable}\` \\| \`([^\`]+)\` \\|`).exec(README)?.[1];
}

describe("services/task-graph/README.md", () => {
  let svc: StartedService;
  let doc: Json;
  beforeAll(async () => {
    svc = await startService();
    doc = (await svc.get("/docs/json")).body;
  });
  afterAll(() => svc?.close());

  /** An operation's schema by operationId: its JSON body, or one of its query parameters. */
  function operation(id: string): { body: Json; query: (name: string) => Json } {
    for (const methods of Object.values(doc.paths as Record<string, Record<string, Json>>))
      for (const op of Object.values(methods))
        if (op.operationId === id)
          return {
            body: op.requestBody?.content["application/json"].schema,
            query: (name) => op.parameters.find((p: Json) => p.in === "query" && p.name === name).schema,
          };
    throw new Error(`no operation ${id} in /docs/json`);
  }
  const graphemes = (schema: Json) => schema["x-max-graphemes"];

  it("states the defaults the code applies when a variable is unset", () => {
    const config = readConfig({});
    expect({
      TASK_GRAPH_BACKEND_TIMEOUT_MS: documentedDefault("TASK_GRAPH_BACKEND_TIMEOUT_MS"),
      TASK_GRAPH_HEALTH_TIMEOUT_MS: documentedDefault("TASK_GRAPH_HEALTH_TIMEOUT_MS"),
    }).toEqual({
      TASK_GRAPH_BACKEND_TIMEOUT_MS: String(config.backendTimeoutMs),
      TASK_GRAPH_HEALTH_TIMEOUT_MS: String(config.healthTimeoutMs),
    });
  });

  it("states the text limits of issues and components that the schemas enforce", () => {
    const issue = operation("createIssue").body.properties;
    const component = operation("createComponent").body.properties;
    expect(stated(/a title is 1\.\.(\d+)/)).toEqual([graphemes(issue.title)]);
    expect(stated(/a description at most ([\d,]+)/)).toEqual([graphemes(issue.description)]);
    expect(stated(/a component description ([\d,]+)/)).toEqual([graphemes(component.description)]);
    expect(stated(/labels at most (\d+) of 1\.\.(\d+)/)).toEqual([
      issue.labels.maxItems,
      graphemes(issue.labels.items),
    ]);
    expect(stated(/component name, project or claim agent 1\.\.(\d+)/)).toEqual([graphemes(component.name)]);
    expect(stated(/issues take `code_refs` \(≤ (\d+) distinct/)).toEqual([issue.code_refs.maxItems]);
    expect(stated(/components `paths` \(≤ (\d+) picomatch/)).toEqual([component.paths.maxItems]);
  });

  it("states the agent context's budget and limit as the route and the MCP tool enforce them", () => {
    const { query } = operation("getAgentContext");
    const budget = query("budget_tokens");
    const limit = query("limit");
    expect(stated(/\(([\d,]+)\.\.([\d,]+)\)\. Files are added best first/)).toEqual([
      budget.minimum,
      budget.maximum,
    ]);
    expect(stated(/`budget_tokens\?` \(([\d,]+)\.\.([\d,]+), default (\d+)\)/)).toEqual([
      budget.minimum,
      budget.maximum,
      budget.default,
    ]);
    expect(stated(/`budget_tokens\?` \([^)]*\), `limit\?` \((\d+)\.\.(\d+), (\d+)\)/)).toEqual([
      limit.minimum,
      limit.maximum,
      limit.default,
    ]);
  });

  it("states RAG search's query and limit bounds as the route enforces them", () => {
    const body = operation("ragSearch").body.properties;
    const [queryMax, limitMin, limitMax, limitDefault] = stated(
      /`query` 1\.\.([\d,]+) characters \(not blank\), `limit` (\d+)\.\.(\d+) \(default (\d+)\)/,
    );
    expect(queryMax).toBe(graphemes(body.query) ?? body.query.maxLength);
    expect([limitMin, limitMax, limitDefault]).toEqual([body.limit.minimum, body.limit.maximum, body.limit.default]);
  });
});
