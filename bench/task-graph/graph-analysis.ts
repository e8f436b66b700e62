// Impact analysis and the cycle check of a dependency insert on the embedded graph store, on
// synthetic DAGs of 10k and 100k issues (out-degree ~2, depth <= 7).
// Targets: impact p95 <= 20 ms at 10k and <= 100 ms at 100k; cycle check on insert p95 <= 5 ms
// at 100k. Baseline, side by side on the same graph and inputs: the same walks without an
// adjacency index (each BFS level scans the whole edge list), the textbook first version.
// Run: node --import tsx bench/task-graph/graph-analysis.ts   (BENCH_SIZES=10000,100000)

import { DeadlineGraphStore, Deadlines } from "../../services/task-graph/src/adapters/deadline/index.js";
import { EmbeddedGraphStore } from "../../services/task-graph/src/adapters/embedded-graph/index.js";
import type { DomainContext } from "../../services/task-graph/src/domain/context.js";
import { DependencyService } from "../../services/task-graph/src/domain/dependencies.js";
import { ImpactAnalysis } from "../../services/task-graph/src/domain/impact/impact-analysis.js";
import { BestEffortIndexer } from "../../services/task-graph/src/domain/search-indexer.js";
import { WriteLock } from "../../services/task-graph/src/domain/write-lock.js";
import type { DependencyEdge } from "../../services/task-graph/src/ports/graph-store.js";
import { LAYERS, pickSome, syntheticDag } from "./graph-dag-support.js";
import { type LatencySummary, measure, round, summarize, writeResult } from "./search-support.js";

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map(Number);
const TARGET_IMPACT_P95: Record<number, number> = { 10000: 20, 100000: 100 };
const TARGET_CYCLE_P95_MS = 5;
/** Unmeasured runs first (JIT); refusal counters below include them. */
const WARMUP = 20;

/** Baseline: breadth-first over an edge list, scanning every edge at every level. */
function naiveDependents(edges: DependencyEdge[], start: string, maxDepth: number): number {
  const seen = new Set([start]);
  let frontier = new Set([start]);
  for (let d = 0; d < maxDepth && frontier.size > 0; d++) {
    const next = new Set<string>();
    for (const e of edges) {
      if (frontier.has(e.depends_on_id) && !seen.has(e.issue_id)) {
        seen.add(e.issue_id);
        next.add(e.issue_id);
      }
    }
    frontier = next;
  }
  return seen.size - 1;
}

function naiveReaches(edges: DependencyEdge[], from: string, to: string): boolean {
  const seen = new Set([from]);
  let frontier = new Set([from]);
  while (frontier.size > 0) {
    const next = new Set<string>();
    for (const e of edges) {
      if (frontier.has(e.issue_id) && !seen.has(e.depends_on_id)) {
        if (e.depends_on_id === to) return true;
        seen.add(e.depends_on_id);
        next.add(e.depends_on_id);
      }
    }
    frontier = next;
  }
  return false;
}

/** Times each insert alone (the undo is not timed); counts refusals. */
async function measureInserts(
  pairs: (readonly [string, string])[],
  insert: (p: readonly [string, string]) => Promise<boolean>,
  undo: (p: readonly [string, string]) => Promise<void>,
  onRefused: () => void,
): Promise<LatencySummary> {
  const times: number[] = [];
  for (const [k, pair] of pairs.entries()) {
    const start = performance.now();
    const wasRefused = await insert(pair);
    const ms = performance.now() - start;
    if (wasRefused) onRefused();
    else await undo(pair);
    if (k >= WARMUP) times.push(ms);
  }
  return summarize(times);
}

const results = [];
for (const n of SIZES) {
  const dag = syntheticDag(n);
  const store = new EmbeddedGraphStore();
  await store.init();
  const loadStart = performance.now();
  for (const i of dag.issues) await store.createIssue(i);
  for (const e of dag.edges) await store.addDependency(e);
  const loadMs = performance.now() - loadStart;
  const ctx: DomainContext = {
    store: new DeadlineGraphStore(store, new Deadlines(5000)),
    lock: new WriteLock(store.writeVisibility),
    indexer: new BestEffortIndexer(null, 1000, { warn() {} }),
    now: () => new Date(),
  };
  const impact = new ImpactAnalysis(ctx);
  const deps = new DependencyService(ctx);

  const uniform = pickSome(
    dag.issues.map((i) => i.id),
    300,
  );
  const roots = pickSome(dag.layers[0]!, 100, 11);
  let affected = 0;
  const impactUniform = await measure(
    uniform,
    async (id) => {
      affected += (await impact.analyse(id, 10)).directly_affected.length;
    },
    WARMUP,
  );
  const impactRoots = await measure(roots, (id) => impact.analyse(id, 10), WARMUP);
  const baselineRuns = n >= 100_000 ? 30 : 100;
  const impactBaseline = await measure(roots.slice(0, baselineRuns), (id) =>
    naiveDependents(dag.edges, id, 10),
  );

  // The expensive insert: a low issue depending on a top-layer one. Refusing it needs proof that
  // the top issue does not reach the low one, i.e. a search of its whole prerequisite closure.
  const top = dag.layers[LAYERS - 1]!;
  const low = dag.layers[2]!;
  const valid = pickSome(low, 200, 21).map((from, k) => [from, top[(k * 7919) % top.length]!] as const);
  const cyclic: (readonly [string, string])[] = [];
  for (const e of pickSome(dag.edges, 400, 31)) {
    if (cyclic.length >= 100) break;
    cyclic.push([e.depends_on_id, e.issue_id] as const); // reverse of an existing edge: always a cycle
  }
  // Cycle checks first, on the pristine DAG (inserts below are undone, so it stays a DAG).
  const cycleInputs = [...valid.slice(0, baselineRuns), ...cyclic.slice(0, baselineRuns)];
  const cycleOurs = await measure(cycleInputs, ([from, to]) => store.findPath(to, from), WARMUP);
  const cycleBaseline = await measure(cycleInputs, ([from, to]) => naiveReaches(dag.edges, to, from));

  // Full inserts through the domain (lock, existence checks, cycle check, write); each accepted
  // edge is removed again, unmeasured, so every insert meets the same graph.
  let refused = 0;
  let crossRefused = 0;
  const insert = async ([from, to]: readonly [string, string]) => {
    try {
      await deps.add(from, to);
    } catch {
      return true;
    }
    return false;
  };
  const undo = async ([from, to]: readonly [string, string]) => {
    await store.removeDependency({ issue_id: from, depends_on_id: to });
  };
  const insertValid = await measureInserts(valid, insert, undo, () => crossRefused++);
  const insertCyclic = await measureInserts(cyclic, insert, undo, () => refused++);

  const row = {
    issues: n,
    edges: dag.edges.length,
    load_ms: round(loadMs),
    impact_uniform_random_issue: impactUniform,
    impact_layer0_issue_largest_fanout: impactRoots,
    impact_target_p95_ms: TARGET_IMPACT_P95[n] ?? null,
    baseline_edge_scan_impact_layer0: impactBaseline,
    ratio_p95_baseline_over_impact_layer0: round(impactBaseline.p95_ms / impactRoots.p95_ms),
    dependency_insert_low_on_top_layer: { ...insertValid, refused: crossRefused },
    dependency_insert_closing_a_cycle: { ...insertCyclic, refused },
    cycle_check_find_path: cycleOurs,
    baseline_edge_scan_cycle_check: cycleBaseline,
    ratio_p95_baseline_over_cycle_check: round(cycleBaseline.p95_ms / Math.max(cycleOurs.p95_ms, 0.01)),
    cycle_target_p95_ms: TARGET_CYCLE_P95_MS,
    mean_direct_dependents: round(affected / uniform.length),
  };
  results.push(row);
  console.log(
    `${n} issues / ${dag.edges.length} edges: impact p95 ${impactUniform.p95_ms} ms (random), ${impactRoots.p95_ms} ms (layer 0; target ${TARGET_IMPACT_P95[n] ?? "-"} ms), ` +
      `edge-scan baseline ${impactBaseline.p95_ms} ms (x${row.ratio_p95_baseline_over_impact_layer0}); ` +
      `insert p95 ${insertValid.p95_ms} ms (low issue on a top-layer one, ${crossRefused} refused), closing-a-cycle insert p95 ${insertCyclic.p95_ms} ms (${refused} refused), ` +
      `findPath p95 ${cycleOurs.p95_ms} ms vs edge-scan ${cycleBaseline.p95_ms} ms (x${row.ratio_p95_baseline_over_cycle_check}; target ${TARGET_CYCLE_P95_MS} ms)`,
  );
  await store.close();
}
console.log(`written ${writeResult("graph-analysis", { results })}`);
