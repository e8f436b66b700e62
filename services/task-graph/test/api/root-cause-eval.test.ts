// Root-cause accuracy on a hand-written evaluation set (test/fixtures/root-cause-eval.json):
// a realistic issue tracker and failing tests with their known cause. Prints top-1 and top-3.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService, TestClock } from "../helpers/start-service.js";

interface EvalSet {
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

const data = JSON.parse(
  readFileSync(new URL("../fixtures/root-cause-eval.json", import.meta.url), "utf8"),
) as EvalSet;
const HOUR = 3_600_000;
const NOW = Date.parse(`${data.now}Z`);
const clock = new TestClock(NOW);
let svc: StartedService;
const componentId = new Map<string, string>();
const issueId = new Map<string, string>();

async function ok(r: Promise<{ status: number; body: { id?: string; error?: string } }>, what: string) {
  const res = await r;
  if (res.status >= 300)
    throw new Error(`loading the evaluation set: ${what} answered ${res.status} ${res.body.error}`);
  return res.body;
}

beforeAll(async () => {
  svc = await startService({ now: clock.now });
  clock.ms = NOW - 2000 * HOUR;
  for (const c of data.components) {
    const body = await ok(
      svc.post("/api/v1/components", { name: c.name, description: c.description }),
      c.key,
    );
    componentId.set(c.key, body.id!);
  }
  for (const i of data.issues) {
    clock.ms = NOW - i.created_hours_ago * HOUR;
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
    clock.ms = NOW - (i.changed_hours_ago ?? i.created_hours_ago) * HOUR;
    await ok(svc.patch(`/api/v1/issues/${issueId.get(i.key)}`, { status: i.status }), `status of ${i.key}`);
  }
  clock.ms = NOW;
});
afterAll(() => svc.close());

describe("root-cause evaluation set", () => {
  it("has at least 30 cases whose expected cause exists", () => {
    expect(data.cases.length).toBeGreaterThanOrEqual(30);
    for (const c of data.cases) expect(issueId.has(c.expected), c.id).toBe(true);
  });

  it("ranks the known cause first or in the top 3 often enough (top-3 >= 80%)", async () => {
    const keyOf = new Map([...issueId].map(([k, v]) => [v, k]));
    let top1 = 0;
    let top3 = 0;
    const misses: string[] = [];
    for (const c of data.cases) {
      const r = await svc.post("/api/v1/analyze/root-cause", {
        component_id: componentId.get(c.component),
        test_name: c.test_name,
        test_failure: c.test_failure,
        ...(c.stack_trace ? { stack_trace: c.stack_trace } : {}),
        ...(c.labels ? { labels: c.labels } : {}),
        limit: 10,
      });
      expect(r.status).toBe(200);
      const ranked = r.body.candidates.map((x: { id: string }) => keyOf.get(x.id));
      const rank = ranked.indexOf(c.expected);
      if (rank === 0) top1++;
      if (rank >= 0 && rank < 3) top3++;
      else
        misses.push(
          `${c.id} expected ${c.expected}, got ${ranked.slice(0, 3).join(", ")} (rank ${rank < 0 ? "-" : rank + 1})`,
        );
    }
    const n = data.cases.length;
    console.log(
      `root-cause eval: top-1 ${top1}/${n} = ${((100 * top1) / n).toFixed(1)}%, top-3 ${top3}/${n} = ${((100 * top3) / n).toFixed(1)}%` +
        (misses.length ? `\n  outside top 3:\n  ${misses.join("\n  ")}` : ""),
    );
    expect(top3 / n).toBeGreaterThanOrEqual(0.8);
  });
});
