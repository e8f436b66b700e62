// The whole-graph routes of SPEC §2c at the size SPEC §2 plans for: 20,000 issues in 20
// components of 4 projects, ~26,000 DEPENDS_ON edges, in one task-graph service in this process
// (harness/start-service.ts: embedded store, a real loopback socket), filled through the store.
// Measured over HTTP, each a round trip, the routes interleaved round by round: graph export
// (json, dot, mermaid) of the whole graph (20,000 nodes, the limit) and of one project, the
// neighbourhood of a root, projects, component impact, dependency chain, agents, a project list;
// baseline, same script, same run: GET /api/v1/issues?limit=100 (the list agents poll).
// Then what a full export costs the others: GET /issues/{id} p50/p95 alone and while one client
// exports the whole graph in a loop.
// Run: npm run bench:task-graph -- whole-graph   (BENCH_ROUNDS=20)
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { type StartedService, startService } from "../../services/task-graph/harness/start-service.js";
import type { ComponentRecord, IssueRecord } from "../../services/task-graph/src/ports/graph-store.js";
import { type LatencySummary, summarize, writeResult } from "./search-support.js";

const ISSUES = 20_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const BASELINE = "baseline: GET /issues?limit=100";

async function fill(svc: StartedService): Promise<{ ids: string[]; components: ComponentRecord[] }> {
  const g = svc.adapters.graph;
  const at = (k: number) => new Date(Date.UTC(2026, 0, 1) + k * 1000).toISOString().slice(0, 23);
  const components = Array.from({ length: 20 }, (_, k) => ({
    id: randomUUID(),
    name: `c${k}`,
    description: "",
    project: `p${k % 4}`,
    created_at: at(0),
    updated_at: at(0),
  }));
  for (const c of components) await g.createComponent(c);
  const ids: string[] = [];
  for (let k = 0; k < ISSUES; k++) {
    const issue: IssueRecord = {
      id: randomUUID(),
      title: `issue ${k}`,
      description: "",
      status: k % 5 === 0 ? "CLOSED" : "OPEN",
      priority: "MEDIUM",
      component_id: components[k % 20]!.id,
      labels: [],
      created_at: at(k),
      updated_at: at(k),
      closed_at: k % 5 === 0 ? at(k) : null,
    };
    ids.push(issue.id);
    await g.createIssue(issue);
  }
  // Each issue depends on one of the ~100 before it, every third on a second one.
  for (let k = 100; k < ISSUES; k++) {
    await g.addDependency({ issue_id: ids[k]!, depends_on_id: ids[k - 1 - (k % 97)]! });
    if (k % 3 === 0) await g.addDependency({ issue_id: ids[k]!, depends_on_id: ids[k - 50]! });
  }
  return { ids, components };
}

async function roundTrip(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const svc = await startService({ env: { TASK_GRAPH_BACKEND_TIMEOUT_MS: "60000" } });
  try {
    const { ids, components } = await fill(svc);
    const base = `${svc.url}/api/v1`;
    const routes: Record<string, string> = {
      [BASELINE]: `${base}/issues?limit=100`,
      "graph json, 20,000 nodes": `${base}/graph`,
      "graph dot, 20,000 nodes": `${base}/graph?format=dot`,
      "graph mermaid, 20,000 nodes": `${base}/graph?format=mermaid`,
      "graph json, one project (5,000)": `${base}/graph?project=p1`,
      "graph json, root and depth 3": `${base}/graph?root=${ids[10_000]}&depth=3`,
      projects: `${base}/projects`,
      "component impact, max_depth 3": `${base}/analyze/component-impact/${components[0]!.id}?max_depth=3`,
      "dependency chain, max_depth 10": `${base}/issues/${ids[ISSUES - 1]}/dependency-chain`,
      agents: `${base}/agents`,
      "issues?project=p1&limit=100": `${base}/issues?project=p1&limit=100`,
    };
    for (const url of Object.values(routes)) await roundTrip(url); // unmeasured round
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(routes).map((k) => [k, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const [name, url] of Object.entries(routes)) times[name]!.push(await roundTrip(url));
    }
    const routeResults: Record<string, LatencySummary & { p95_vs_baseline: number }> = {};
    const baseline = summarize([...times[BASELINE]!]);
    for (const [name, list] of Object.entries(times)) {
      const s = summarize(list);
      routeResults[name] = { ...s, p95_vs_baseline: Math.round((s.p95_ms / baseline.p95_ms) * 10) / 10 };
    }
    const others = await getWhileExporting(`${base}/issues/${ids[5]}`, `${base}/graph`);
    const result = { issues: ISSUES, rounds: ROUNDS, routes: routeResults, get_issue: others };
    for (const [name, s] of Object.entries(routeResults))
      console.log(`${name}: p50 ${s.p50_ms} ms, p95 ${s.p95_ms} ms (×${s.p95_vs_baseline} baseline p95)`);
    console.log(`GET /issues/{id} alone: ${JSON.stringify(others.alone)}`);
    console.log(`GET /issues/{id} while exporting: ${JSON.stringify(others.while_exporting)}`);
    console.log(`load ${loadavg()[0]!.toFixed(1)}; results: ${writeResult("whole-graph", result)}`);
  } finally {
    await svc.close();
  }
}

/** GET /issues/{id} latencies alone, then while one client exports the whole graph in a loop. */
async function getWhileExporting(
  getUrl: string,
  exportUrl: string,
): Promise<{ alone: LatencySummary; while_exporting: LatencySummary; exports: number }> {
  const sample = async (n: number) => {
    const out: number[] = [];
    for (let k = 0; k < n; k++) out.push(await roundTrip(getUrl));
    return summarize(out);
  };
  const alone = await sample(200);
  let exporting = true;
  let exports = 0;
  const exporter = (async () => {
    while (exporting) {
      await roundTrip(exportUrl);
      exports++;
    }
  })();
  const during = await sample(200);
  exporting = false;
  await exporter;
  return { alone, while_exporting: during, exports };
}

await main();
