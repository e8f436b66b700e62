// SPEC §2c: projects with counts, the `project` filter of every list, component impact and the
// agents view, over a real socket.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService, TestClock } from "../../../harness/start-service.js";

let svc: StartedService;
const clock = new TestClock();
let cart: string;
let pay: string;
let ops: string;
const ids: Record<string, string> = {};

async function issue(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await svc.post("/api/v1/issues", { title, ...extra });
  ids[title] = r.body.id;
  return r.body.id;
}
const depend = (id: string, on: string) =>
  svc.post(`/api/v1/issues/${id}/dependencies`, { depends_on_id: on });
const titles = (items: { title: string }[]) => items.map((i) => i.title).sort();

beforeAll(async () => {
  svc = await startService({ now: clock.now });
  const component = async (name: string, project: string) =>
    (await svc.post("/api/v1/components", { name, project })).body.id as string;
  cart = await component("cart", "shop");
  pay = await component("pay", "shop");
  ops = await component("ops", "infra");
  await component("empty", "lab");
  // cart: "cart api" (open), "cart ui" (in progress), "old cart" (closed); pay: "pay" (blocked on cart api).
  await issue("cart api", { component_id: cart });
  await issue("cart ui", { component_id: cart, status: "IN_PROGRESS" });
  await issue("old cart", { component_id: cart, status: "CLOSED" });
  await issue("pay", { component_id: pay });
  await issue("stuck", { component_id: pay, status: "BLOCKED" });
  await issue("deploy", { component_id: ops });
  await issue("loose");
  await depend(ids.pay!, ids["cart api"]!);
  // deploy waits on pay, which waits on cart api: a transitive dependent in another project.
  await depend(ids.deploy!, ids.pay!);
});
afterAll(() => svc.close());

describe("GET /projects", () => {
  it("lists each project with its component count and issues by status field, by name", async () => {
    const r = await svc.get("/api/v1/projects");
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { name: "infra", components: 1, issues: { open: 1, in_progress: 0, blocked: 0, closed: 0 } },
      { name: "lab", components: 1, issues: { open: 0, in_progress: 0, blocked: 0, closed: 0 } },
      { name: "shop", components: 2, issues: { open: 2, in_progress: 1, blocked: 1, closed: 1 } },
    ]);
  });
});

describe("the project filter of every list", () => {
  it("narrows issues, blocked, workable and components to the project", async () => {
    const list = async (path: string) => (await svc.get(path)).body.items;
    expect(titles(await list("/api/v1/issues?project=shop"))).toEqual([
      "cart api",
      "cart ui",
      "old cart",
      "pay",
      "stuck",
    ]);
    expect(titles(await list("/api/v1/issues/blocked?project=shop"))).toEqual(["pay", "stuck"]);
    expect(titles(await list("/api/v1/issues/workable?project=shop"))).toEqual(["cart api", "cart ui"]);
    expect(titles(await list("/api/v1/issues/blocked?project=infra"))).toEqual(["deploy"]);
    expect(titles(await list("/api/v1/issues?project=shop&status=CLOSED"))).toEqual(["old cart"]);
    const components = await svc.get("/api/v1/components?project=shop");
    expect(components.body.items.map((c: { name: string }) => c.name)).toEqual(["cart", "pay"]);
    expect(components.body.total).toBe(2);
    expect((await svc.get("/api/v1/issues?project=nowhere")).body.total).toBe(0);
  });

  it("refuses a blank or overlong project with 400", async () => {
    expect((await svc.get("/api/v1/issues?project=")).status).toBe(400);
    expect((await svc.get(`/api/v1/components?project=${"x".repeat(101)}`)).status).toBe(400);
  });
});

describe("GET /analyze/component-impact/{id}", () => {
  it("lists the component's open issues, the dependents outside it and their components, with a risk level", async () => {
    const r = await svc.get(`/api/v1/analyze/component-impact/${cart}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ component_id: cart, name: "cart", project: "shop", max_depth: 10 });
    expect(titles(r.body.open_issues)).toEqual(["cart api", "cart ui"]);
    expect(r.body.dependents).toEqual([
      {
        id: ids.pay,
        title: "pay",
        status: "OPEN",
        priority: "MEDIUM",
        component_id: pay,
        depth: 1,
        path: [ids["cart api"], ids.pay],
      },
      {
        id: ids.deploy,
        title: "deploy",
        status: "OPEN",
        priority: "MEDIUM",
        component_id: ops,
        depth: 2,
        path: [ids["cart api"], ids.pay, ids.deploy],
      },
    ]);
    expect(r.body.affected_components.map((c: { name: string }) => c.name).sort()).toEqual(["ops", "pay"]);
    expect(r.body.blocked_issues).toEqual([ids.pay]);
    // 1 direct + 0.5 * 1 transitive + 2 * 1 blocked = 3.5 → MEDIUM.
    expect(r.body.risk_score).toBe(3.5);
    expect(r.body.risk_level).toBe("MEDIUM");
    expect(r.body.truncated).toBe(false);
    const near = await svc.get(`/api/v1/analyze/component-impact/${cart}?max_depth=1`);
    expect(near.body.dependents.map((d: { id: string }) => d.id)).toEqual([ids.pay]);
    expect(near.body.truncated).toBe(true);
  });

  it("answers 404 COMPONENT_NOT_FOUND for an unknown component and LOW for one nothing waits on", async () => {
    expect((await svc.get("/api/v1/analyze/component-impact/nope")).body.code).toBe("COMPONENT_NOT_FOUND");
    const r = await svc.get(`/api/v1/analyze/component-impact/${ops}`);
    expect(r.body.dependents).toEqual([]);
    expect(r.body.risk_level).toBe("LOW");
  });
});

describe("GET /agents", () => {
  it("lists agents with live claims and actors of the last 24 hours, most recently seen first", async () => {
    await svc.request(
      "PATCH",
      `/api/v1/issues/${ids.loose}`,
      { priority: "LOW" },
      { "x-agent": "old-timer" },
    );
    clock.advance(25 * 60 * 60 * 1000); // old-timer's change is now older than 24 h
    await svc.request(
      "PATCH",
      `/api/v1/issues/${ids.loose}`,
      { priority: "HIGH" },
      { "x-agent": "reviewer" },
    );
    clock.advance(1000);
    const claimedAt = new Date(clock.ms).toISOString().slice(0, -1);
    const claim = await svc.post(`/api/v1/issues/${ids["cart ui"]}/claim`, {
      agent: "builder",
      lease_seconds: 600,
    });
    const r = await svc.get("/api/v1/agents");
    expect(r.status).toBe(200);
    const names = r.body.map((a: { name: string }) => a.name);
    expect(names).toEqual(["builder", "reviewer"]);
    expect(r.body[0].claims).toEqual([{ issue_id: ids["cart ui"], expires_at: claim.body.claim_expires_at }]);
    expect(r.body[0].last_seen).toBe(claimedAt);
    expect(r.body[1]).toMatchObject({ name: "reviewer", claims: [] });
    expect(r.body[1].last_seen < r.body[0].last_seen).toBe(true);
    // The lease runs out: the claim goes; builder stays listed as an actor of the last 24 h.
    clock.advance(601 * 1000);
    const later = await svc.get("/api/v1/agents");
    expect(later.body.find((a: { name: string }) => a.name === "builder").claims).toEqual([]);
  });
});
