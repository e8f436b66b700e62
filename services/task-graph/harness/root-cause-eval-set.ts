// The root-cause evaluation set (harness/root-cause-eval.json): loads its tracker into a
// running service over HTTP with the clock set to each event's time, and scores a ranking
// function on its cases. Shared by root-cause-eval.test.ts and bench/task-graph/root-cause.ts.
import { readFileSync } from "node:fs";
import { HashingEmbedder } from "../../../lib/embedding/index.js";
import { RootCauseAnalysis, type RootCauseRequest } from "../src/domain/root-cause/root-cause-analysis.js";
import type { GraphStore } from "../src/ports/graph-store.js";
import { plainContext } from "./domain-stack.js";
import type { Client, TestClock } from "./start-service.js";

export interface EvalSet {
  now: string;
  components: { key: string; name: string; description: string }[];
  issues: {
    key: string;
    component: string;
    title: string;
    description: string;
    labels: string[];
    status: string;
    created_hours_ago: number;
    changed_hours_ago?: number;
    depends_on?: string[];
  }[];
  cases: {
    id: string;
    component: string;
    test_name: string;
    test_failure: string;
    stack_trace?: string;
    labels?: string[];
    expected: string;
  }[];
}

export const rootCauseEvalSet = JSON.parse(
  readFileSync(new URL("./root-cause-eval.json", import.meta.url), "utf8"),
) as EvalSet;

const HOUR = 3_600_000;
const EVAL_NOW = Date.parse(`${rootCauseEvalSet.now}Z`);

export interface LoadedEvalSet {
  componentId: Map<string, string>;
  issueId: Map<string, string>;
}

async function ok(r: Promise<{ status: number; body: { id?: string; error?: string } }>, what: string) {
  const res = await r;
  if (res.status >= 300)
    throw new Error(`loading the evaluation set: ${what} answered ${res.status} ${res.body.error}`);
  return res.body;
}

/** Creates the set's components, issues, dependencies and status changes, each at its time. */
export async function loadRootCauseEvalSet(svc: Client, clock: TestClock): Promise<LoadedEvalSet> {
  const data = rootCauseEvalSet;
  const componentId = new Map<string, string>();
  const issueId = new Map<string, string>();
  clock.ms = EVAL_NOW - 2000 * HOUR;
  for (const c of data.components) {
    const body = await ok(
      svc.post("/api/v1/components", { name: c.name, description: c.description }),
      c.key,
    );
    componentId.set(c.key, body.id!);
  }
  for (const i of data.issues) {
    clock.ms = EVAL_NOW - i.created_hours_ago * HOUR;
    const body = await ok(
      svc.post("/api/v1/issues", {
        title: i.title,
        description: i.description,
        labels: i.labels,
        component_id: componentId.get(i.component),
      }),
      i.key,
    );
    issueId.set(i.key, body.id!);
  }
  for (const i of data.issues) {
    for (const d of i.depends_on ?? []) {
      await ok(
        svc.post(`/api/v1/issues/${issueId.get(i.key)}/dependencies`, { depends_on_id: issueId.get(d) }),
        `${i.key}>${d}`,
      );
    }
  }
  // Status changes in the order they happened, so closing respects prerequisites.
  const changes = data.issues.filter((i) => i.status !== "OPEN");
  changes.sort(
    (a, b) => (b.changed_hours_ago ?? b.created_hours_ago) - (a.changed_hours_ago ?? a.created_hours_ago),
  );
  for (const i of changes) {
    clock.ms = EVAL_NOW - (i.changed_hours_ago ?? i.created_hours_ago) * HOUR;
    await ok(svc.patch(`/api/v1/issues/${issueId.get(i.key)}`, { status: i.status }), `status of ${i.key}`);
  }
  clock.ms = EVAL_NOW;
  return { componentId, issueId };
}

export interface EvalScore {
  cases: number;
  top1: number;
  top3: number;
  misses: string[];
}

/** Top-1 and top-3 shares of a ranking function (request → ranked issue ids) over the cases. */
export async function scoreRootCause(
  loaded: LoadedEvalSet,
  rank: (request: RootCauseRequest) => Promise<string[]>,
): Promise<EvalScore> {
  const keyOf = new Map([...loaded.issueId].map(([k, v]) => [v, k]));
  let top1 = 0;
  let top3 = 0;
  const misses: string[] = [];
  for (const c of rootCauseEvalSet.cases) {
    const ranked = (
      await rank({
        component_id: loaded.componentId.get(c.component)!,
        test_name: c.test_name,
        test_failure: c.test_failure,
        ...(c.stack_trace ? { stack_trace: c.stack_trace } : {}),
        ...(c.labels ? { labels: c.labels } : {}),
        limit: 10,
      })
    ).map((id) => keyOf.get(id));
    const rank1 = ranked.indexOf(c.expected);
    if (rank1 === 0) top1++;
    if (rank1 >= 0 && rank1 < 3) top3++;
    else
      misses.push(
        `${c.id} expected ${c.expected}, got ${ranked.slice(0, 3).join(", ")} (rank ${rank1 < 0 ? "-" : rank1 + 1})`,
      );
  }
  const n = rootCauseEvalSet.cases.length;
  return { cases: n, top1: top1 / n, top3: top3 / n, misses };
}

/** The scoring before SPEC §2's evidence rule (the plain sum over every issue), on the same store. */
export function additiveRootCause(store: GraphStore, now: () => Date): RootCauseAnalysis {
  return new RootCauseAnalysis(plainContext(store, now), new HashingEmbedder(), null, null, {
    candidates: "all",
    scoring: "additive",
  });
}

export const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
