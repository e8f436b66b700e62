// Impact analysis against hand-computed expectations on small fixture graphs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../harness/start-service.js";
import { riskLevel } from "../../src/domain/impact/risk.js";

let svc: StartedService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

/** Creates issues by name and edges "x>y" meaning x depends on y. */
async function graph(names: string[], edges: string[], extra: Record<string, Record<string, unknown>> = {}) {
  const ids: Record<string, string> = {};
  for (const n of names) {
    const r = await svc.post("/api/v1/issues", { title: n, ...extra[n] });
    expect(r.status).toBe(201);
    ids[n] = r.body.id;
  }
  for (const e of edges) {
    const [from, to] = e.split(">") as [string, string];
    const r = await svc.post(`/api/v1/issues/${ids[from]}/dependencies`, { depends_on_id: ids[to] });
    expect(r.status).toBe(201);
  }
  const name = (id: string) => Object.keys(ids).find((k) => ids[k] === id);
  return { ids, name };
}

async function impact(id: string, qs = "") {
  const r = await svc.get(`/api/v1/analyze/impact/${id}${qs}`);
  expect(r.status).toBe(200);
  return r.body;
}

describe("impact analysis", () => {
  it("follows a chain: one direct, the rest transitive with depth and path", async () => {
    const { ids, name } = await graph(["a", "b", "c", "d"], ["b>a", "c>b", "d>c"]);
    const r = await impact(ids.a!);
    expect(r.directly_affected.map((i: { id: string }) => name(i.id))).toEqual(["b"]);
    expect(
      r.transitively_affected.map((i: { id: string; depth: number; path: string[] }) => [
        name(i.id),
        i.depth,
        i.path.map(name),
      ]),
    ).toEqual([
      ["c", 2, ["a", "b", "c"]],
      ["d", 3, ["a", "b", "c", "d"]],
    ]);
    // b's only prerequisite is a: a is its last open prerequisite.
    expect(r.blocked_issues.map((i: { id: string }) => name(i.id))).toEqual(["b"]);
    expect(r.risk_score).toBe(1 + 0.5 * 2 + 2 * 1);
    expect(r.risk_level).toBe("MEDIUM");
    expect(r.truncated).toBe(false);
    expect(r.max_depth).toBe(10);
  });

  it("cuts the walk at max_depth and says it was truncated", async () => {
    const { ids, name } = await graph(["a", "b", "c", "d"], ["b>a", "c>b", "d>c"]);
    const r = await impact(ids.a!, "?max_depth=2");
    expect(r.transitively_affected.map((i: { id: string }) => name(i.id))).toEqual(["c"]);
    expect(r.truncated).toBe(true);
    expect(r.risk_score).toBe(3.5);
    expect((await impact(ids.a!, "?max_depth=3")).truncated).toBe(false);
    expect((await impact(ids.d!, "?max_depth=1")).truncated).toBe(false);
  });

  it("counts a diamond's far corner once, at its smallest depth", async () => {
    const { ids, name } = await graph(["a", "b", "c", "d"], ["b>a", "c>a", "d>b", "d>c"]);
    const r = await impact(ids.a!);
    expect(r.directly_affected.map((i: { id: string }) => name(i.id)).sort()).toEqual(["b", "c"]);
    expect(r.transitively_affected).toHaveLength(1);
    expect(r.transitively_affected[0].depth).toBe(2);
    expect(r.blocked_issues).toHaveLength(2);
    expect(r.risk_score).toBe(2 + 0.5 + 4);
    expect(r.risk_level).toBe("HIGH");
    // d needs both b and c: impact of b does not block d while c is open.
    expect((await impact(ids.b!)).blocked_issues).toEqual([]);
  });

  it("does not count closed dependents as blocked, nor anything when the issue itself is closed", async () => {
    const { ids, name } = await graph(["root", "open dep", "closed dep"], ["open dep>root"], {
      "closed dep": {},
    });
    await svc.post(`/api/v1/issues/${ids["closed dep"]}/dependencies`, { depends_on_id: ids.root });
    await svc.patch(`/api/v1/issues/${ids.root}`, { status: "CLOSED" });
    await svc.patch(`/api/v1/issues/${ids["closed dep"]}`, { status: "CLOSED" });
    expect((await impact(ids.root!)).blocked_issues).toEqual([]);
    // A closed issue never has an open prerequisite: the edge goes before the root reopens.
    await svc.delete(`/api/v1/issues/${ids["closed dep"]}/dependencies/${ids.root}`);
    await svc.patch(`/api/v1/issues/${ids.root}`, { status: "OPEN" });
    const r = await impact(ids.root!);
    expect(r.blocked_issues.map((i: { id: string }) => name(i.id))).toEqual(["open dep"]);
    expect(r.directly_affected).toHaveLength(1);
  });

  it("groups affected issues by component", async () => {
    const comp = (await svc.post("/api/v1/components", { name: "impact-ui" })).body;
    const other = (await svc.post("/api/v1/components", { name: "impact-api" })).body;
    const { ids } = await graph(["root", "x", "y", "z"], ["x>root", "y>x", "z>root"], {
      x: { component_id: comp.id },
      y: { component_id: comp.id },
      z: { component_id: other.id },
    });
    expect((await impact(ids.root!)).affected_components).toEqual([
      { id: comp.id, name: "impact-ui", issue_count: 2 },
      { id: other.id, name: "impact-api", issue_count: 1 },
    ]);
  });

  // A fan of n dependents that each also wait on another open issue: nothing is blocked,
  // so the score is n + 0.5 * transitive and the thresholds can be hit exactly.
  async function fan(direct: number, transitive: number) {
    const names = ["hub", "other", ...Array.from({ length: direct }, (_, i) => `d${i}`)];
    const edges = names.slice(2).flatMap((n) => [`${n}>hub`, `${n}>other`]);
    for (let t = 0; t < transitive; t++) {
      names.push(`t${t}`);
      edges.push(`t${t}>d0`);
    }
    const { ids } = await graph(names, edges);
    return impact(ids.hub!);
  }

  it.each([
    [1, 0, 1, "LOW"],
    [1, 1, 1.5, "LOW"],
    [2, 0, 2, "MEDIUM"],
    [4, 1, 4.5, "MEDIUM"],
    [5, 0, 5, "HIGH"],
    [9, 1, 9.5, "HIGH"],
    [10, 0, 10, "CRITICAL"],
  ])("fan of %i direct and %i transitive scores %d: %s", async (direct, transitive, score, level) => {
    const r = await fan(direct, transitive);
    expect(r.blocked_issues).toEqual([]);
    expect(r.risk_score).toBe(score);
    expect(r.risk_level).toBe(level);
  });

  it("applies the blocked-count thresholds exactly", () => {
    expect(riskLevel(0, 0)).toBe("LOW");
    expect(riskLevel(1.5, 0)).toBe("LOW");
    expect(riskLevel(0, 1)).toBe("MEDIUM");
    expect(riskLevel(0, 2)).toBe("MEDIUM");
    expect(riskLevel(0, 3)).toBe("HIGH");
    expect(riskLevel(4.5, 4)).toBe("HIGH");
    expect(riskLevel(0, 5)).toBe("CRITICAL");
    expect(riskLevel(9.5, 0)).toBe("HIGH");
  });

  it("answers an issue without dependents with an empty, LOW map", async () => {
    const { ids } = await graph(["lonely"], []);
    expect(await impact(ids.lonely!)).toMatchObject({
      directly_affected: [],
      transitively_affected: [],
      blocked_issues: [],
      affected_components: [],
      risk_score: 0,
      risk_level: "LOW",
      truncated: false,
    });
  });

  it("answers 404 for an unknown issue and 400 for a max_depth outside 1..50", async () => {
    const r = await svc.get("/api/v1/analyze/impact/unknown");
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("ISSUE_NOT_FOUND");
    const { ids } = await graph(["q"], []);
    for (const v of ["0", "51", "abc", "2.5"]) {
      const bad = await svc.get(`/api/v1/analyze/impact/${ids.q}?max_depth=${v}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toContain('"max_depth"');
    }
    expect((await svc.get(`/api/v1/analyze/impact/${ids.q}?max_depth=50`)).status).toBe(200);
  });
});
