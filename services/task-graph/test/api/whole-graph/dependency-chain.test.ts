// SPEC §2c: an issue's dependency chain and bulk dependencies, over a real socket; bulk writes
// are atomic (a refused one changes nothing and sends no event) and send one event per edge,
// read from the real event stream.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../../harness/start-service.js";
import { openSse, type SseStream } from "../../helpers/sse-client.js";

let svc: StartedService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

async function issue(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  return (await svc.post("/api/v1/issues", { title, ...extra })).body.id;
}
const depend = (id: string, on: string) =>
  svc.post(`/api/v1/issues/${id}/dependencies`, { depends_on_id: on });
const bulk = (id: string, ids: unknown, headers: Record<string, string> = {}) =>
  svc.request("POST", `/api/v1/issues/${id}/dependencies/bulk`, { depends_on_ids: ids }, headers);
const prerequisitesOf = async (id: string) =>
  (await svc.get(`/api/v1/issues/${id}/dependencies`)).body.depends_on.sort();

describe("GET /issues/{id}/dependency-chain", () => {
  it("lists prerequisites breadth-first with depth and path, counts the open ones, and says when max_depth cut it", async () => {
    // a → b → c → d, and a → c directly: c is at depth 1 by the shortcut.
    const [a, b, c, d] = [
      await issue("a"),
      await issue("b"),
      await issue("c"),
      await issue("d", { status: "CLOSED" }),
    ];
    await depend(a, b);
    await depend(b, c);
    await depend(c, d);
    await depend(a, c);
    const r = await svc.get(`/api/v1/issues/${a}/dependency-chain`);
    expect(r.status).toBe(200);
    expect(r.body.issue_id).toBe(a);
    const byId = Object.fromEntries(r.body.prerequisites.map((p: { id: string }) => [p.id, p]));
    expect(byId[b]).toEqual({ id: b, title: "b", status: "OPEN", depth: 1, path: [a, b] });
    expect(byId[c]).toEqual({ id: c, title: "c", status: "OPEN", depth: 1, path: [a, c] });
    expect(byId[d]).toEqual({ id: d, title: "d", status: "CLOSED", depth: 2, path: [a, c, d] });
    expect(r.body.prerequisites).toHaveLength(3);
    expect(r.body.open_count).toBe(2);
    expect(r.body.truncated).toBe(false);
    const cut = await svc.get(`/api/v1/issues/${a}/dependency-chain?max_depth=1`);
    expect(cut.body.prerequisites.map((p: { id: string }) => p.id).sort()).toEqual([b, c].sort());
    expect(cut.body.truncated).toBe(true);
    expect((await svc.get(`/api/v1/issues/${d}/dependency-chain`)).body).toEqual({
      issue_id: d,
      prerequisites: [],
      open_count: 0,
      truncated: false,
    });
  });

  it("answers 404 for an unknown issue and 400 for a max_depth out of 1..50", async () => {
    expect((await svc.get("/api/v1/issues/nope/dependency-chain")).body.code).toBe("ISSUE_NOT_FOUND");
    const a = await issue("a");
    for (const depth of ["0", "51", "x"]) {
      const r = await svc.get(`/api/v1/issues/${a}/dependency-chain?max_depth=${depth}`);
      expect(r.status, depth).toBe(400);
    }
  });
});

describe("POST /issues/{id}/dependencies/bulk", () => {
  let stream: SseStream;
  beforeAll(async () => {
    stream = await openSse(`${svc.url}/api/v1/events?types=dependency.added`);
  });
  afterAll(() => stream.close());

  it("adds every prerequisite (201), reports those already there, and sends one event per edge added", async () => {
    const [a, b, c, d] = [await issue("a"), await issue("b"), await issue("c"), await issue("d")];
    await depend(a, b);
    const r = await bulk(a, [b, c, d, c], { "x-agent": "planner" });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ added: [c, d], existing: [b] });
    expect(await prerequisitesOf(a)).toEqual([b, c, d].sort());
    const toC = await stream.waitFor((e) => e.data.issue_id === a && e.data.depends_on_id === c, "a → c");
    const toD = await stream.waitFor((e) => e.data.issue_id === a && e.data.depends_on_id === d, "a → d");
    expect(toC.data.actor).toBe("planner");
    expect(Number(toD.id)).toBe(Number(toC.id) + 1);
    expect(toD.data.changes).toEqual([{ field: "depends_on", from: [b, c], to: [b, c, d] }]);
    const again = await bulk(a, [b, c]);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ added: [], existing: [b, c] });
  });

  it("adds none when one id is unknown (404 naming it), sending no event", async () => {
    const [a, b] = [await issue("a"), await issue("b")];
    const before = stream.events.length;
    const r = await bulk(a, [b, "no-such-issue"]);
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("ISSUE_NOT_FOUND");
    expect(r.body.details.depends_on_id).toBe("no-such-issue");
    expect(r.body.error).toContain("no-such-issue");
    expect(await prerequisitesOf(a)).toEqual([]);
    // The next write's event is the next one the stream gets: none was sent for the refused bulk.
    const c = await issue("c");
    await depend(c, b);
    const next = await stream.waitFor((e) => e.data.issue_id === c, "c → b");
    expect(stream.events.slice(before)).toEqual([next]);
  });

  it("adds none when one edge would close a cycle (409 with details.cycle)", async () => {
    const [a, b, c, d] = [await issue("a"), await issue("b"), await issue("c"), await issue("d")];
    await depend(b, c);
    await depend(c, a);
    const r = await bulk(a, [d, b]);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("CIRCULAR_DEPENDENCY");
    expect(r.body.details.cycle).toEqual([a, b, c, a]);
    expect(r.body.details.depends_on_id).toBe(b);
    expect(await prerequisitesOf(a)).toEqual([]);
  });

  it("adds none to a closed issue when one prerequisite is open (409 ISSUE_CLOSED)", async () => {
    const closedDep = await issue("done", { status: "CLOSED" });
    const open = await issue("open");
    const a = await issue("a", { status: "CLOSED" });
    const r = await bulk(a, [closedDep, open]);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("ISSUE_CLOSED");
    expect(r.body.details.depends_on_id).toBe(open);
    expect(await prerequisitesOf(a)).toEqual([]);
  });

  it("refuses its own id, an empty list, more than 100 ids and an unknown issue (nothing added)", async () => {
    const [a, b] = [await issue("a"), await issue("b")];
    const self = await bulk(a, [b, a]);
    expect(self.status).toBe(400);
    expect(self.body.error).toContain("depends_on_ids");
    expect((await bulk(a, [])).status).toBe(400);
    expect(
      (
        await bulk(
          a,
          Array.from({ length: 101 }, (_, k) => `id-${k}`),
        )
      ).status,
    ).toBe(400);
    expect((await bulk("nope", [b])).body.code).toBe("ISSUE_NOT_FOUND");
    expect(await prerequisitesOf(a)).toEqual([]);
  });
});
