// Claims with leases over real HTTP (SPEC §2, teams of agents): one winner among concurrent
// claims, renewal by the holder, release, expiry by itself (test clock, and one short real lease
// awaited by polling), the unclaimed filter, and durability in the journal.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService, TestClock } from "../../harness/start-service.js";

const clock = new TestClock();
let svc: StartedService;
beforeAll(async () => {
  svc = await startService({ now: clock.now });
});
afterAll(() => svc.close());

async function issue(title = "Claimable"): Promise<string> {
  const r = await svc.post("/api/v1/issues", { title });
  expect(r.status).toBe(201);
  return r.body.id;
}
const claim = (id: string, body: Record<string, unknown>) => svc.post(`/api/v1/issues/${id}/claim`, body);

describe("claiming an issue", () => {
  it("sets assignee and claim_expires_at from the lease (default 900 s)", async () => {
    const id = await issue();
    const r = await claim(id, { agent: "agent-7" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, assignee: "agent-7" });
    expect(r.body.claim_expires_at).toBe(new Date(clock.ms + 900_000).toISOString().slice(0, 23));
    expect((await svc.get(`/api/v1/issues/${id}`)).body.assignee).toBe("agent-7");
  });

  it("lets exactly one of 50 concurrent agents win; the 49 others get 409 ALREADY_CLAIMED naming the winner", async () => {
    const id = await issue("Hot issue");
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => claim(id, { agent: `agent-${i}`, lease_seconds: 600 })),
    );
    const winners = answers.filter((r) => r.status === 200);
    const losers = answers.filter((r) => r.status === 409);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(49);
    const holder = winners[0]!.body.assignee;
    for (const r of losers) {
      expect(r.body.code).toBe("ALREADY_CLAIMED");
      expect(r.body.details.assignee).toBe(holder);
      expect(r.body.error).toContain(holder);
    }
    expect((await svc.get(`/api/v1/issues/${id}`)).body.assignee).toBe(holder);
  });

  it("renews the lease when the holder claims again", async () => {
    const id = await issue();
    const first = await claim(id, { agent: "holder", lease_seconds: 60 });
    clock.advance(30_000);
    const renewed = await claim(id, { agent: "holder", lease_seconds: 60 });
    expect(renewed.status).toBe(200);
    expect(renewed.body.claim_expires_at > first.body.claim_expires_at).toBe(true);
  });

  it("frees the issue by itself once the lease runs out, and the next agent wins", async () => {
    const id = await issue();
    await claim(id, { agent: "slow", lease_seconds: 60 });
    clock.advance(59_000);
    expect((await claim(id, { agent: "eager" })).status).toBe(409);
    clock.advance(1_000);
    const after = await svc.get(`/api/v1/issues/${id}`);
    expect(after.body).toMatchObject({ assignee: null, claim_expires_at: null });
    const taken = await claim(id, { agent: "eager" });
    expect(taken.status).toBe(200);
    expect(taken.body.assignee).toBe("eager");
  });

  it("refuses to claim a closed issue with 409 ISSUE_CLOSED, and closing releases a claim", async () => {
    const id = await issue();
    await claim(id, { agent: "worker" });
    const closed = await svc.patch(`/api/v1/issues/${id}`, { status: "CLOSED" });
    expect(closed.body).toMatchObject({ status: "CLOSED", assignee: null, claim_expires_at: null });
    const r = await claim(id, { agent: "late" });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("ISSUE_CLOSED");
  });

  it.each([
    [{}, "agent"],
    [{ agent: "   " }, "agent"],
    [{ agent: "\u200b\u2060" }, "agent"],
    [{ agent: "a", lease_seconds: 0 }, "lease_seconds"],
    [{ agent: "a", lease_seconds: 86_401 }, "lease_seconds"],
    [{ agent: "a", lease_seconds: "60" }, "lease_seconds"],
    [{ agent: "a", colour: "red" }, "colour"],
  ])("refuses %j with 400 naming %s", async (body, field) => {
    const id = await issue();
    const r = await claim(id, body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
    expect(r.body.error).toContain(`"${field}"`);
    expect((await svc.get(`/api/v1/issues/${id}`)).body.assignee).toBeNull();
  });

  it("answers 404 ISSUE_NOT_FOUND for an unknown issue", async () => {
    const r = await claim("00000000-0000-4000-8000-000000000000", { agent: "a" });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("ISSUE_NOT_FOUND");
  });
});

describe("releasing a claim", () => {
  it("clears the claim so another agent can take it", async () => {
    const id = await issue();
    await claim(id, { agent: "first" });
    const r = await svc.delete(`/api/v1/issues/${id}/claim`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ assignee: null, claim_expires_at: null });
    expect((await claim(id, { agent: "second" })).status).toBe(200);
  });

  it("with ?agent= releases only the agent's own claim (409 ALREADY_CLAIMED for another's)", async () => {
    const id = await issue();
    await claim(id, { agent: "owner" });
    const wrong = await svc.delete(`/api/v1/issues/${id}/claim?agent=intruder`);
    expect(wrong.status).toBe(409);
    expect(wrong.body.code).toBe("ALREADY_CLAIMED");
    expect(wrong.body.details.assignee).toBe("owner");
    expect((await svc.get(`/api/v1/issues/${id}`)).body.assignee).toBe("owner");
    expect((await svc.delete(`/api/v1/issues/${id}/claim?agent=owner`)).status).toBe(200);
  });

  it("answers 200 for an issue nobody claimed, and 404 for an unknown one", async () => {
    const id = await issue();
    expect((await svc.delete(`/api/v1/issues/${id}/claim`)).status).toBe(200);
    expect((await svc.delete("/api/v1/issues/00000000-0000-4000-8000-000000000000/claim")).status).toBe(404);
  });
});

describe("the unclaimed filter", () => {
  it("leaves out issues with a live claim from /workable and counts them out of total", async () => {
    const fresh = await startService({ now: clock.now });
    try {
      const ids: string[] = [];
      for (const t of ["one", "two", "three"])
        ids.push((await fresh.post("/api/v1/issues", { title: t })).body.id);
      await fresh.post(`/api/v1/issues/${ids[1]}/claim`, { agent: "busy", lease_seconds: 60 });
      const all = await fresh.get("/api/v1/issues/workable");
      expect(all.body.total).toBe(3);
      const free = await fresh.get("/api/v1/issues/workable?unclaimed=true");
      expect(free.body.items.map((i: { title: string }) => i.title)).toEqual(["one", "three"]);
      expect(free.body.total).toBe(2);
      expect(
        (await fresh.get("/api/v1/issues/workable?unclaimed=true&limit=1&page=2")).body.items[0].title,
      ).toBe("three");
      clock.advance(60_000);
      expect((await fresh.get("/api/v1/issues/workable?unclaimed=true")).body.total).toBe(3);
      expect((await fresh.get("/api/v1/issues/workable?unclaimed=maybe")).status).toBe(400);
    } finally {
      await fresh.close();
    }
  });
});

describe("a real lease", () => {
  it("runs out by itself in real time (1 s lease, polled until free)", async () => {
    const real = await startService();
    try {
      const id = (await real.post("/api/v1/issues", { title: "real time" })).body.id;
      const claimed = await real.post(`/api/v1/issues/${id}/claim`, { agent: "quick", lease_seconds: 1 });
      expect(claimed.status).toBe(200);
      expect((await real.post(`/api/v1/issues/${id}/claim`, { agent: "other" })).status).toBe(409);
      const deadline = Date.now() + 15_000;
      let assignee: string | null = "quick";
      while (assignee !== null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        assignee = (await real.get(`/api/v1/issues/${id}`)).body.assignee;
      }
      expect(assignee).toBeNull();
      expect((await real.post(`/api/v1/issues/${id}/claim`, { agent: "other" })).status).toBe(200);
    } finally {
      await real.close();
    }
  });
});

describe("claims are durable", () => {
  it("keeps an acknowledged claim and release across a restart on the same DATA_DIR", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tg-claims-"));
    try {
      const first = await startService({ dataDir: dir, now: clock.now });
      const a = (await first.post("/api/v1/issues", { title: "a" })).body.id;
      const b = (await first.post("/api/v1/issues", { title: "b" })).body.id;
      await first.post(`/api/v1/issues/${a}/claim`, { agent: "keeper", lease_seconds: 3600 });
      await first.post(`/api/v1/issues/${b}/claim`, { agent: "gone", lease_seconds: 3600 });
      await first.delete(`/api/v1/issues/${b}/claim`);
      await first.close();
      const second = await startService({ dataDir: dir, now: clock.now });
      try {
        expect((await second.get(`/api/v1/issues/${a}`)).body.assignee).toBe("keeper");
        expect((await second.get(`/api/v1/issues/${b}`)).body.assignee).toBeNull();
        expect((await second.post(`/api/v1/issues/${a}/claim`, { agent: "thief" })).status).toBe(409);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
