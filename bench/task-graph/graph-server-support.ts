// A benchmark server in its own process (so the load generator does not share its CPU):
//   node --import tsx graph-server-support.ts <mode> [seedIssues]
// modes: journal (DATA_DIR journal, group commit), journal-no-group (one fsync per write),
// memory (no journal), bare (a bare Fastify route answering a fixed 20-issue page).
// Prints one line `LISTENING <url>` when ready.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import { HashingEmbedder } from "../../lib/embedding/index.js";
import { EmbeddedGraphStore } from "../../services/task-graph/src/adapters/embedded-graph/index.js";
import { EmbeddedVectorIndex } from "../../services/task-graph/src/adapters/embedded-vector/index.js";
import { createTaskGraphService } from "../../services/task-graph/src/index.js";
import { syntheticDag } from "./graph-dag-support.js";

const mode = process.argv[2] ?? "journal";
// Exit normally on SIGINT so --cpu-prof can write its profile.
process.on("SIGINT", () => process.exit(0));
const seedIssues = Number(process.argv[3] ?? 0);

if (mode === "bare") {
  // The same payload our list route answers, as a constant: the cost of Fastify itself.
  const page = syntheticDag(20).issues.map((i) => ({ ...i, depends_on: [], blocks: [] }));
  const body = {
    items: page,
    total: seedIssues,
    page: 1,
    limit: 20,
    total_pages: Math.ceil(seedIssues / 20),
  };
  const app = Fastify({ logger: false });
  app.get("/api/v1/issues", async () => body);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  console.log(`LISTENING http://127.0.0.1:${port}`);
} else {
  const dataDir = mode === "memory" ? undefined : mkdtempSync(join(tmpdir(), "tg-bench-"));
  const graph = new EmbeddedGraphStore({
    ...(dataDir ? { dataDir } : {}),
    ...(mode === "journal-no-group" ? { maxBatch: 1 } : {}),
  });
  if (seedIssues > 0) {
    await graph.init();
    const dag = syntheticDag(seedIssues);
    for (const i of dag.issues) await graph.createIssue(i);
    for (const e of dag.edges) await graph.addDependency(e);
  }
  const service = await createTaskGraphService({
    port: 0,
    host: "127.0.0.1",
    env: { LOG_LEVEL: "silent" },
    logger: false,
    adapters: { graph, vectors: new EmbeddedVectorIndex(), embedder: new HashingEmbedder() },
  });
  console.log(`LISTENING ${service.url}`);
}
