// Root-cause accuracy on a hand-written evaluation set (harness/root-cause-eval.json): a
// realistic issue tracker, recent decoys in the failing components, and failing tests with their
// known cause. Prints top-1 and top-3 of the service beside the scoring before SPEC §2's evidence
// rule (the plain sum of the signals), both on the same store.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  additiveRootCause,
  type LoadedEvalSet,
  loadRootCauseEvalSet,
  percent,
  rootCauseEvalSet,
  scoreRootCause,
} from "../../harness/root-cause-eval-set.js";
import { type StartedService, startService, TestClock } from "../../harness/start-service.js";

const clock = new TestClock();
let svc: StartedService;
let loaded: LoadedEvalSet;

beforeAll(async () => {
  svc = await startService({ now: clock.now });
  loaded = await loadRootCauseEvalSet(svc, clock);
});
afterAll(() => svc.close());

describe("root-cause evaluation set", () => {
  it("has at least 30 cases whose expected cause exists, and recent decoys in the failing components", () => {
    expect(rootCauseEvalSet.cases.length).toBeGreaterThanOrEqual(30);
    for (const c of rootCauseEvalSet.cases) expect(loaded.issueId.has(c.expected), c.id).toBe(true);
    const decoys = rootCauseEvalSet.issues.filter((i) => i.key.includes("-D"));
    const failing = new Set(rootCauseEvalSet.cases.map((c) => c.component));
    expect(decoys.length).toBeGreaterThanOrEqual(failing.size * 2);
    for (const d of decoys)
      expect(Math.min(d.created_hours_ago, d.changed_hours_ago ?? Infinity)).toBeLessThan(24);
    expect(new Set(decoys.map((d) => d.component))).toEqual(failing);
  });

  it("ranks the known cause in the top 3 for at least 85% of the cases, decoys notwithstanding", async () => {
    const ours = await scoreRootCause(loaded, async (request) => {
      const r = await svc.post("/api/v1/analyze/root-cause", request);
      expect(r.status).toBe(200);
      return r.body.candidates.map((x: { id: string }) => x.id);
    });
    const additive = additiveRootCause(svc.adapters.graph, clock.now);
    const before = await scoreRootCause(loaded, async (request) =>
      (await additive.analyse(request)).candidates.map((c) => c.id),
    );
    console.log(
      `root-cause eval (${ours.cases} cases): top-1 ${percent(ours.top1)}, top-3 ${percent(ours.top3)}; ` +
        `additive scoring before the evidence rule: top-1 ${percent(before.top1)}, top-3 ${percent(before.top3)}` +
        (ours.misses.length ? `\n  outside top 3:\n  ${ours.misses.join("\n  ")}` : ""),
    );
    expect(ours.top3).toBeGreaterThanOrEqual(0.85);
    expect(ours.top3).toBeGreaterThan(before.top3);
  });
});
