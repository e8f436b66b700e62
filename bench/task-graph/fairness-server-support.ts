// The server of the agent-fairness benchmark, in its own process:
//   node --import tsx fairness-server-support.ts <ours|bare> <issues> <edges>
// ours: the task-graph service on an in-memory embedded store seeded with `issues` issues and
// `edges` dependency edges (a layered DAG); bare: a bare Fastify app answering the same routes
// with constant bodies of the same size (the cost of Fastify and the machine alone).
// The event loop is watched with monitorEventLoopDelay; the parent reads and resets it over IPC
// ("loop" → {max_ms, p99_ms, p50_ms, longest_task_ms}). Prints `LISTENING <url> <ids json file>`.
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import Fastify from "fastify";
import { HashingEmbedder } from "../../lib/embedding/index.js";
import { EmbeddedGraphStore } from "../../services/task-graph/src/adapters/embedded-graph/index.js";
import { EmbeddedVectorIndex } from "../../services/task-graph/src/adapters/embedded-vector/index.js";
import { createTaskGraphService } from "../../services/task-graph/src/index.js";
import type { DependencyEdge } from "../../services/task-graph/src/ports/graph-store.js";
import { syntheticDag } from "./graph-dag-support.js";
import { rng } from "./search-corpus.js";

const mode = process.argv[2] ?? "ours";
const issueCount = Number(process.argv[3] ?? 20_000);
const edgeCount = Number(process.argv[4] ?? 40_000);
process.on("SIGINT", () => process.exit(0));

/** The layered DAG of the graph benchmarks, topped up to exactly `edges` edges (always upwards). */
function seededGraph(n: number, edges: number) {
  const dag = syntheticDag(n);
  const random = rng(99);
  const have = new Set(dag.edges.map((e) => `${e.issue_id}>${e.depends_on_id}`));
  const extra: DependencyEdge[] = [];
  while (dag.edges.length + extra.length < edges) {
    const upper = 1 + Math.floor(random() * (dag.layers.length - 1));
    const lower = Math.floor(random() * upper);
    const from = dag.layers[upper]![Math.floor(random() * dag.layers[upper]!.length)]!;
    const to = dag.layers[lower]![Math.floor(random() * dag.layers[lower]!.length)]!;
    const key = `${from}>${to}`;
    if (have.has(key)) continue;
    have.add(key);
    extra.push({ issue_id: from, depends_on_id: to });
  }
  return { issues: dag.issues, edges: [...dag.edges, ...extra].slice(0, edges) };
}

// Two views of the event loop. monitorEventLoopDelay: how late timers fire, which on a shared
// 2-core machine also counts the time the process waited for a core. The long-task estimate:
// a 5 ms ticker compares each wall-clock gap with the CPU time the process used in it; a gap is
// a task of min(gap, CPU) ms, so time spent descheduled is not blamed on our code.
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
let longestTaskMs = 0;
let lastWall = performance.now();
let lastCpu = process.cpuUsage();
setInterval(() => {
  const wall = performance.now();
  const cpu = process.cpuUsage(lastCpu);
  const task = Math.min(wall - lastWall, (cpu.user + cpu.system) / 1000);
  if (task > longestTaskMs) longestTaskMs = task;
  lastWall = wall;
  lastCpu = process.cpuUsage();
}, 5).unref();
process.on("message", (m) => {
  if (m !== "loop") return;
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  process.send?.({
    max_ms: ms(loop.max),
    p99_ms: ms(loop.percentile(99)),
    p50_ms: ms(loop.percentile(50)),
    longest_task_ms: Math.round(longestTaskMs * 100) / 100,
    samples: loop.count,
  });
  loop.reset();
  longestTaskMs = 0;
});

const graph = seededGraph(issueCount, edgeCount);
const idsFile = join(tmpdir(), `tg-fairness-ids-${process.pid}.json`);
writeFileSync(idsFile, JSON.stringify(graph.issues.map((i) => i.id)));

if (mode === "bare") {
  // Constant bodies shaped like ours: a 20-issue page, a 100-issue page and one issue.
  const view = (i: (typeof graph.issues)[number]) => ({
    ...i,
    depends_on: [] as string[],
    blocks: [] as string[],
    assignee: null,
    claim_expires_at: null,
  });
  const pageOf = (n: number) => ({
    items: graph.issues.slice(0, n).map(view),
    total: issueCount,
    page: 1,
    limit: n,
    total_pages: Math.ceil(issueCount / n),
  });
  const small = pageOf(20);
  const large = pageOf(100);
  const one = view(graph.issues[0]!);
  const app = Fastify({ logger: false });
  app.get("/api/v1/issues/workable", async () => small);
  app.get("/api/v1/issues/blocked", async () => large);
  app.get("/api/v1/issues/:id", async () => one);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  console.log(`LISTENING http://127.0.0.1:${port} ${idsFile}`);
} else {
  const store = new EmbeddedGraphStore();
  await store.init();
  for (const i of graph.issues) await store.createIssue(i);
  for (const e of graph.edges) await store.addDependency(e);
  const service = await createTaskGraphService({
    port: 0,
    host: "127.0.0.1",
    env: { LOG_LEVEL: "silent" },
    logger: false,
    adapters: { graph: store, vectors: new EmbeddedVectorIndex(), embedder: new HashingEmbedder() },
  });
  console.log(`LISTENING ${service.url} ${idsFile}`);
}
