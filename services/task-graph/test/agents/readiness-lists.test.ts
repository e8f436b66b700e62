// /issues/blocked and /issues/workable over real HTTP: the list's filters, sort and paging,
// status BLOCKED never workable, and the maintained indexes agreeing with a from-scratch
// computation after a seeded random sequence of writes (and after a restart on the journal).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "../../../../lib/testing/fuzz.js";
import { type Json, type StartedService, startService } from "../../harness/start-service.js";

let svc: StartedService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

const titles = (r: { body: Json }) => r.body.items.map((i: { title: string }) => i.title);

describe("blocked and workable lists", () => {
  it("never lists an issue with status BLOCKED as workable, even with every prerequisite closed", async () => {
    const fresh = await startService();
    try {
      const manual = (await fresh.post("/api/v1/issues", { title: "waits on a vendor", status: "BLOCKED" }))
        .body.id;
      await fresh.post("/api/v1/issues", { title: "free" });
      expect(titles(await fresh.get("/api/v1/issues/workable"))).toEqual(["free"]);
      expect(titles(await fresh.get("/api/v1/issues/blocked"))).toEqual(["waits on a vendor"]);
      await fresh.patch(`/api/v1/issues/${manual}`, { status: "IN_PROGRESS" });
      expect(titles(await fresh.get("/api/v1/issues/workable"))).toEqual(["waits on a vendor", "free"]);
    } finally {
      await fresh.close();
    }
  });

  it("takes the list's filters, sort and paging", async () => {
    const fresh = await startService();
    try {
      const comp = (await fresh.post("/api/v1/components", { name: "api" })).body.id;
      const make = async (title: string, body: Record<string, unknown> = {}) =>
        (await fresh.post("/api/v1/issues", { title, ...body })).body.id as string;
      await make("low api", { priority: "LOW", component_id: comp, labels: ["Backend"] });
      await make("critical api", { priority: "CRITICAL", component_id: comp });
      await make("high ui", { priority: "HIGH", labels: ["backend"] });
      await make("progress", { status: "IN_PROGRESS", description: "the Login form" });
      const gate = await make("gate");
      const waiting = await make("waiting high", { priority: "HIGH" });
      await fresh.post(`/api/v1/issues/${waiting}/dependencies`, { depends_on_id: gate });

      const w = (query: string) => fresh.get(`/api/v1/issues/workable?${query}`);
      expect(titles(await w(`component_id=${comp}`))).toEqual(["low api", "critical api"]);
      expect(titles(await w("priority=high,critical"))).toEqual(["critical api", "high ui"]);
      expect(titles(await w("status=IN_PROGRESS"))).toEqual(["progress"]);
      expect(titles(await w("label=BACKEND"))).toEqual(["low api", "high ui"]);
      expect(titles(await w("q=login"))).toEqual(["progress"]);
      expect(titles(await w("sort=-priority&limit=2"))).toEqual(["critical api", "high ui"]);
      const page2 = await w("sort=created_at&limit=2&page=2");
      expect(titles(page2)).toEqual(["high ui", "progress"]);
      expect(page2.body).toMatchObject({ total: 5, page: 2, limit: 2, total_pages: 3 });
      expect(titles(await fresh.get("/api/v1/issues/blocked?priority=HIGH"))).toEqual(["waiting high"]);
      expect((await fresh.get("/api/v1/issues/blocked?priority=LOW")).body.total).toBe(0);
      expect((await w("page=99")).body.items).toEqual([]);
      for (const bad of ["status=DONE", "sort=title", "limit=101", "colour=red"]) {
        expect((await w(bad)).status).toBe(400);
      }
    } finally {
      await fresh.close();
    }
  });
});

/** Blocked and workable ids computed from scratch out of the full issue list. */
async function oracle(client: StartedService): Promise<{ blocked: string[]; workable: string[] }> {
  const all: Json[] = [];
  for (let page = 1; ; page++) {
    const r = await client.get(`/api/v1/issues?limit=100&page=${page}`);
    all.push(...r.body.items);
    if (page >= r.body.total_pages) break;
  }
  const status = new Map(all.map((i) => [i.id, i.status]));
  const open = all.filter((i) => i.status !== "CLOSED");
  const isBlocked = (i: Json) =>
    i.status === "BLOCKED" || i.depends_on.some((d: string) => status.get(d) !== "CLOSED");
  return {
    blocked: open.filter(isBlocked).map((i) => i.id),
    workable: open.filter((i) => !isBlocked(i)).map((i) => i.id),
  };
}

async function listed(client: StartedService, which: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const r = await client.get(`/api/v1/issues/${which}?limit=100&page=${page}`);
    ids.push(...r.body.items.map((i: { id: string }) => i.id));
    if (page >= r.body.total_pages) return ids;
  }
}

describe("the maintained indexes", () => {
  it("agree with a from-scratch computation after 400 random writes, and again after a restart", async () => {
    const seed = Number(process.env.READINESS_SEED ?? 20261124);
    const random = mulberry32(seed);
    const dir = mkdtempSync(join(tmpdir(), "tg-readiness-"));
    let client = await startService({ dataDir: dir });
    try {
      const ids: string[] = [];
      const pick = () => ids[Math.floor(random() * ids.length)]!;
      const statuses = ["OPEN", "IN_PROGRESS", "BLOCKED", "CLOSED"];
      for (let step = 0; step < 400; step++) {
        const roll = random();
        if (ids.length < 5 || roll < 0.25) {
          const status = statuses[Math.floor(random() * 3)];
          ids.push((await client.post("/api/v1/issues", { title: `issue ${step}`, status })).body.id);
        } else if (roll < 0.55) {
          await client.post(`/api/v1/issues/${pick()}/dependencies`, { depends_on_id: pick() });
        } else if (roll < 0.65) {
          const a = pick();
          const deps = (await client.get(`/api/v1/issues/${a}`)).body.depends_on as string[];
          if (deps.length > 0) await client.delete(`/api/v1/issues/${a}/dependencies/${deps[0]}`);
        } else if (roll < 0.93) {
          await client.patch(`/api/v1/issues/${pick()}`, { status: statuses[Math.floor(random() * 4)] });
        } else {
          const victim = pick();
          const force = random() < 0.5 ? "?force=true" : "";
          if ((await client.delete(`/api/v1/issues/${victim}${force}`)).status === 204) {
            ids.splice(ids.indexOf(victim), 1);
          }
        }
      }
      const expected = await oracle(client);
      expect(expected.blocked.length).toBeGreaterThan(0);
      expect(expected.workable.length).toBeGreaterThan(0);
      expect(await listed(client, "blocked"), `seed ${seed}`).toEqual(expected.blocked);
      expect(await listed(client, "workable"), `seed ${seed}`).toEqual(expected.workable);
      await client.close();
      client = await startService({ dataDir: dir });
      expect(await listed(client, "blocked")).toEqual(expected.blocked);
      expect(await listed(client, "workable")).toEqual(expected.workable);
    } finally {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
