import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService, TestClock } from "../../harness/start-service.js";

let svc: StartedService;
const clock = new TestClock();
let compId: string;
const titles = (r: { body: { items: { title: string }[] } }) => r.body.items.map((i) => i.title);

beforeAll(async () => {
  svc = await startService({ now: clock.now });
  compId = (await svc.post("/api/v1/components", { name: "search" })).body.id;
  const specs = [
    { title: "Crash on login", priority: "CRITICAL", labels: ["auth"], component_id: compId },
    { title: "Slow search", description: "The LOGIN page is slow too", priority: "LOW" },
    { title: "Typo", priority: "MEDIUM", labels: ["ui", "auth"] },
    { title: "Timeout", priority: "HIGH", component_id: compId },
    { title: "Dark mode", priority: "LOW" },
  ];
  for (const s of specs) {
    clock.advance(1000);
    await svc.post("/api/v1/issues", s);
  }
  const all = (await svc.get("/api/v1/issues")).body.items;
  clock.advance(1000);
  await svc.patch(`/api/v1/issues/${all[1].id}`, { status: "CLOSED" });
  await svc.patch(`/api/v1/issues/${all[2].id}`, { status: "IN_PROGRESS" });
});
afterAll(() => svc.close());

describe("listing issues", () => {
  it("answers the list envelope, oldest first, 20 per page by default", async () => {
    const r = await svc.get("/api/v1/issues");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 5, page: 1, limit: 20, total_pages: 1 });
    expect(titles(r)).toEqual(["Crash on login", "Slow search", "Typo", "Timeout", "Dark mode"]);
  });

  it("pages, with total_pages = ceil(total / limit) and an empty page past the end", async () => {
    const p2 = await svc.get("/api/v1/issues?limit=2&page=2");
    expect(titles(p2)).toEqual(["Typo", "Timeout"]);
    expect(p2.body).toMatchObject({ total: 5, page: 2, limit: 2, total_pages: 3 });
    const past = await svc.get("/api/v1/issues?limit=2&page=9");
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ items: [], total: 5, page: 9, total_pages: 3 });
  });

  it("filters by comma lists of status and priority", async () => {
    expect(titles(await svc.get("/api/v1/issues?status=OPEN"))).toEqual([
      "Crash on login",
      "Timeout",
      "Dark mode",
    ]);
    expect(titles(await svc.get("/api/v1/issues?status=CLOSED,IN_PROGRESS"))).toEqual([
      "Slow search",
      "Typo",
    ]);
    expect(titles(await svc.get("/api/v1/issues?priority=LOW,CRITICAL&status=OPEN"))).toEqual([
      "Crash on login",
      "Dark mode",
    ]);
  });

  it("filters by component, label and case-insensitive text", async () => {
    expect(titles(await svc.get(`/api/v1/issues?component_id=${compId}`))).toEqual([
      "Crash on login",
      "Timeout",
    ]);
    expect(titles(await svc.get("/api/v1/issues?label=auth"))).toEqual(["Crash on login", "Typo"]);
    expect(titles(await svc.get("/api/v1/issues?q=LoGiN"))).toEqual(["Crash on login", "Slow search"]);
  });

  it("sorts by priority, updated_at and created_at in both directions", async () => {
    expect(titles(await svc.get("/api/v1/issues?sort=-priority"))).toEqual([
      "Crash on login",
      "Timeout",
      "Typo",
      "Slow search",
      "Dark mode",
    ]);
    expect(titles(await svc.get("/api/v1/issues?sort=-created_at&limit=1"))).toEqual(["Dark mode"]);
    expect(titles(await svc.get("/api/v1/issues?sort=-updated_at&limit=2"))).toEqual(["Slow search", "Typo"]);
    expect(titles(await svc.get("/api/v1/issues?sort=updated_at&limit=1"))).toEqual(["Crash on login"]);
  });

  it.each([
    ["status=DONE", "status"],
    ["status=OPEN,", "status"],
    ["priority=URGENT", "priority"],
    ["page=0", "page"],
    ["page=abc", "page"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=1.5", "limit"],
    ["sort=title", "sort"],
    ["bogus=1", "bogus"],
  ])("refuses ?%s with 400 naming %s", async (qs, field) => {
    const r = await svc.get(`/api/v1/issues?${qs}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
    expect(r.body.error).toContain(`"${field}"`);
  });
});
