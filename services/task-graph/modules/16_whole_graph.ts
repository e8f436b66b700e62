import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type TaskGraphPage from "../page.js";
import { assertEnvelope, assertError } from "./support.js";

export const tags = ["dependencies", "graph", "projects", "agents"];

/**
 * SPEC §2c, the whole graph: bulk dependencies (all or none), the dependency chain, the graph as
 * JSON/DOT/Mermaid, projects with counts, the `project` filter of the lists, component impact and
 * the agents view. A project of its own keeps the checks exact on a shared service.
 */
export async function run(page: TaskGraphPage) {
  const project = `e2e-${randomUUID().slice(0, 8)}`;
  const component = async (name: string) => {
    const res = await page.createComponent({ name, project });
    assert.equal(res.status, 201, res.text());
    return res.json().id as string;
  };
  const core = await component("core");
  const app = await component("app");
  const a = (await page.newIssue({ title: "core a", component_id: core })).id;
  const b = (await page.newIssue({ title: "core b", component_id: core })).id;
  const c = (await page.newIssue({ title: "app c", component_id: app })).id;

  const bulk = await page.addDependencies(c, [a, b]);
  assert.equal(bulk.status, 201, bulk.text());
  assert.deepEqual(bulk.json(), { added: [a, b], existing: [] });
  const refused = assertError(await page.addDependencies(a, [b, c]), 409, "CIRCULAR_DEPENDENCY");
  assert.deepEqual((refused.details as { cycle: string[] }).cycle, [a, c, a]);
  assertError(await page.addDependencies(b, ["no-such-issue"]), 404, "ISSUE_NOT_FOUND");
  assert.deepEqual((await page.dependencies(a)).json().depends_on, [], "a refused bulk adds nothing");

  const chain = (await page.dependencyChain(c)).json();
  assert.deepEqual(chain.prerequisites.map((p: { id: string }) => p.id).sort(), [a, b].sort());
  assert.equal(chain.open_count, 2);

  const graph = await page.graph({ project });
  assert.equal(graph.status, 200);
  assert.equal(graph.json().nodes.length, 3);
  assert.equal(graph.json().edges.length, 2);
  const dot = await page.graph({ project, format: "dot" });
  assert.match(dot.headers["content-type"] ?? "", /^text\/vnd\.graphviz/);
  assert.ok(dot.text().includes(`"${c}" -> "${a}"`), dot.text());
  assert.match((await page.graph({ project, format: "mermaid" })).text(), /^flowchart LR\n/);

  const mine = (await page.projects()).json().find((p: { name: string }) => p.name === project);
  assert.deepEqual(mine, {
    name: project,
    components: 2,
    issues: { open: 3, in_progress: 0, blocked: 0, closed: 0 },
  });
  assert.equal(assertEnvelope(await page.listIssues({ project, limit: 10 }), 1, 10).total, 3);
  const blocked = assertEnvelope(await page.blockedIssues({ project }), 1, 20);
  assert.deepEqual(
    blocked.items.map((i) => i.id),
    [c],
  );
  assert.equal(assertEnvelope(await page.listComponents({ project }), 1, 20).total, 2);

  const impact = (await page.componentImpact(core)).json();
  assert.deepEqual(
    impact.dependents.map((d: { id: string }) => d.id),
    [c],
  );
  assert.deepEqual(impact.blocked_issues, [c]);
  assert.equal(impact.risk_level, "MEDIUM");
  assertError(await page.componentImpact("no-such-component"), 404, "COMPONENT_NOT_FOUND");

  const agent = `e2e-graph-${randomUUID().slice(0, 8)}`;
  assert.equal((await page.claimIssue(a, { agent, lease_seconds: 60 })).status, 200);
  const listed = (await page.agents()).json().find((x: { name: string }) => x.name === agent);
  assert.deepEqual(
    listed?.claims.map((x: { issue_id: string }) => x.issue_id),
    [a],
    "the agent is listed with its claim",
  );
  return page.releaseClaim(a, agent);
}
