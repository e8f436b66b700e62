// GET /api/v1/events (SPEC §2c) read as a client reads it, over a real socket: every durable
// change as an event with its actor and changes, filters, Last-Event-ID resumes and the reset
// past the window, no event for a refused write and none before its change is durable, the
// heartbeat, the API key, and a subscriber that stops reading being cut off.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { client, type StartedService, startService } from "../../harness/start-service.js";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import { faultyJournalFs } from "../helpers/faulty-journal-fs.js";
import { liveStreams, refusal, type SseEvent, type SseStream } from "../helpers/sse-client.js";

const EVENTS = "/api/v1/events";
let svc: StartedService | null = null;
const streams = liveStreams();

afterEach(async () => {
  streams.closeAll();
  await svc?.close();
  svc = null;
});

const subscribe = (path = EVENTS, headers: Record<string, string> = {}): Promise<SseStream> =>
  streams.open(svc!.url + path, headers);

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  svc!.request(method, path, body, headers);
const types = (events: SseEvent[]) => events.map((e) => e.event);

describe("the event stream", () => {
  beforeEach(async () => {
    svc = await startService();
  });

  it("sends every durable change in order, with its actor, its changes and consecutive ids", async () => {
    const stream = await subscribe();
    expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    const agent = { "x-agent": "agent-7" };
    const a = (await send("POST", "/api/v1/issues", { title: "Login fails", labels: ["auth"] }, agent)).body;
    const b = (await send("POST", "/api/v1/issues", { title: "Session store" })).body;
    await send("PATCH", `/api/v1/issues/${a.id}`, { status: "IN_PROGRESS", priority: "HIGH" }, agent);
    await send("POST", `/api/v1/issues/${a.id}/dependencies`, { depends_on_id: b.id }, agent);
    await send("POST", `/api/v1/issues/${b.id}/claim`, { agent: "agent-9", lease_seconds: 60 });
    await send("DELETE", `/api/v1/issues/${b.id}/claim`);
    await send("POST", `/api/v1/issues/${a.id}/notes`, {
      author: "agent-7",
      kind: "decision",
      text: "Retry once.",
    });
    await send("DELETE", `/api/v1/issues/${a.id}/dependencies/${b.id}`, undefined, agent);
    const c = (await send("POST", "/api/v1/components", { name: "auth" }, agent)).body;
    await send("PATCH", `/api/v1/components/${c.id}`, { description: "Logins" });
    await send("DELETE", `/api/v1/components/${c.id}`);
    await send("DELETE", `/api/v1/issues/${b.id}`, undefined, agent);

    const events = await stream.waitForCount(12);
    expect(types(events)).toEqual([
      "issue.created",
      "issue.created",
      "issue.updated",
      "dependency.added",
      "issue.claimed",
      "issue.released",
      "note.added",
      "dependency.removed",
      "component.created",
      "component.updated",
      "component.deleted",
      "issue.deleted",
    ]);
    const first = Number(events[0]!.id);
    for (const [k, e] of events.entries()) {
      expect(e.id).toBe(String(first + k));
      expect(e.data.id).toBe(first + k);
      expect(e.data.type).toBe(e.event);
    }
    expect(events.map((e) => e.data.actor)).toEqual([
      "agent-7",
      "anonymous",
      "agent-7",
      "agent-7",
      "agent-9",
      "anonymous",
      "agent-7",
      "agent-7",
      "agent-7",
      "anonymous",
      "anonymous",
      "agent-7",
    ]);
    const [created, , updated, added, claimed, released, noted, removed, comp] = events.map((e) => e.data);
    expect(created).toMatchObject({ issue_id: a.id, issue: { ...a } });
    expect(updated.changes).toEqual([
      { field: "status", from: "OPEN", to: "IN_PROGRESS" },
      { field: "priority", from: "MEDIUM", to: "HIGH" },
    ]);
    expect(added).toMatchObject({
      issue_id: a.id,
      depends_on_id: b.id,
      changes: [{ field: "depends_on", from: [], to: [b.id] }],
    });
    expect(claimed.changes).toEqual([
      { field: "assignee", from: null, to: "agent-9" },
      { field: "claim_expires_at", from: null, to: expect.any(String) },
    ]);
    expect(released.changes[0]).toEqual({ field: "assignee", from: "agent-9", to: null });
    expect(noted.note).toMatchObject({ issue_id: a.id, kind: "decision", text: "Retry once." });
    expect(removed.changes).toEqual([{ field: "depends_on", from: [b.id], to: [] }]);
    expect(comp).toMatchObject({ component_id: c.id, component: { name: "auth", paths: [] } });
    expect(events[9]!.data.changes).toEqual([{ field: "description", from: "", to: "Logins" }]);
    expect(events[11]!.data).toMatchObject({ type: "issue.deleted", issue_id: b.id });
  });

  it("sends a refused write nothing, and nothing of a write before it is durable", async () => {
    await svc!.close();
    const dataDir = mkdtempSync(join(tmpdir(), "tg-events-faults-"));
    const fs = faultyJournalFs();
    try {
      svc = await startService({ adapters: { graph: new EmbeddedGraphStore({ dataDir, fs }) } });
      const stream = await subscribe();
      await send("POST", "/api/v1/issues", { title: "before" });
      await stream.waitFor((e) => e.data.issue?.title === "before");

      fs.failDatasync("EIO");
      expect((await send("POST", "/api/v1/issues", { title: "refused" })).status).toBe(503);

      const held = fs.holdDatasync();
      const pending = send("POST", "/api/v1/issues", { title: "held" });
      await held.reached;
      // A round trip through the service: had it sent the event before the fdatasync, it would be here.
      expect((await send("GET", "/api/v1/issues?limit=1")).status).toBe(200);
      expect(stream.events.map((e) => e.data.issue?.title)).toEqual(["before"]);
      held.release();
      expect((await pending).status).toBe(201);
      const after = await stream.waitFor((e) => e.data.issue?.title === "held");
      expect(stream.events.map((e) => e.data.issue?.title)).toEqual(["before", "held"]);
      // The refused write's id was never sent: the next one follows on.
      expect(Number(after.id)).toBe(Number(stream.events[0]!.id) + 1);
    } finally {
      await svc?.close();
      svc = null;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("filters by type and by issue, dependency events counting for both of their issues", async () => {
    const a = (await send("POST", "/api/v1/issues", { title: "a" })).body;
    const b = (await send("POST", "/api/v1/issues", { title: "b" })).body;
    const updates = await subscribe(`${EVENTS}?types=issue.updated,dependency.added`);
    const ofB = await subscribe(`${EVENTS}?issue_id=${b.id}`);
    await send("PATCH", `/api/v1/issues/${a.id}`, { title: "a2" });
    await send("POST", "/api/v1/issues", { title: "c" });
    await send("POST", `/api/v1/issues/${a.id}/dependencies`, { depends_on_id: b.id });
    await send("PATCH", `/api/v1/issues/${b.id}`, { title: "b2" });
    // The last change reaches both: everything before it would have too.
    await updates.waitFor((e) => e.data.issue_id === b.id && e.event === "issue.updated");
    await ofB.waitFor((e) => e.event === "issue.updated");
    expect(types(updates.events)).toEqual(["issue.updated", "dependency.added", "issue.updated"]);
    expect(types(ofB.events)).toEqual(["dependency.added", "issue.updated"]);
    expect(ofB.events[0]!.data).toMatchObject({ issue_id: a.id, depends_on_id: b.id });
  });

  it("resumes after Last-Event-ID (header or query) with the events missed, then goes on live", async () => {
    const a = (await send("POST", "/api/v1/issues", { title: "a" })).body;
    for (const title of ["one", "two", "three"]) await send("PATCH", `/api/v1/issues/${a.id}`, { title });
    const all = await subscribe(`${EVENTS}?last_event_id=0`);
    const seen = await all.waitForCount(4);
    const second = seen[1]!.id!;
    const resumed = await subscribe(EVENTS, { "last-event-id": second });
    await resumed.waitForCount(2);
    expect(resumed.events.map((e) => e.data.changes[0].to)).toEqual(["two", "three"]);
    await send("PATCH", `/api/v1/issues/${a.id}`, { title: "four" });
    const live = await resumed.waitForCount(3);
    expect(live.map((e) => Number(e.id))).toEqual([
      Number(second) + 1,
      Number(second) + 2,
      Number(second) + 3,
    ]);
    // The header wins over the query parameter.
    const both = await subscribe(`${EVENTS}?last_event_id=0`, { "last-event-id": seen[3]!.id! });
    await send("PATCH", `/api/v1/issues/${a.id}`, { title: "five" });
    await both.waitFor((e) => e.data.changes?.[0]?.to === "five");
    expect(both.events.map((e) => e.data.changes[0].to)).toEqual(["four", "five"]);
    // Filters apply to what is replayed too.
    const filtered = await subscribe(`${EVENTS}?types=issue.created&last_event_id=0`);
    await filtered.waitForCount(1);
    expect(types(filtered.events)).toEqual(["issue.created"]);
  });

  it("answers a resume from an id the window no longer holds, or one never given out, with a reset", async () => {
    await svc!.close();
    svc = await startService({ adapters: { graph: new EmbeddedGraphStore({ eventsRetained: 3 }) } });
    const a = (await send("POST", "/api/v1/issues", { title: "a" })).body;
    for (const title of ["1", "2", "3", "4"]) await send("PATCH", `/api/v1/issues/${a.id}`, { title });
    // Events 1..5 were given out; the window holds 3..5: resuming after 1 would miss event 2.
    const stale = await subscribe(EVENTS, { "last-event-id": "1" });
    const [reset] = await stale.waitForCount(1);
    expect(reset).toEqual({
      id: "5",
      event: "reset",
      data: { id: 5, type: "reset", requested: 1, oldest: 3, last: 5 },
    });
    // After 2 the window still has all that was missed.
    const fine = await subscribe(EVENTS, { "last-event-id": "2" });
    expect((await fine.waitForCount(3)).map((e) => e.id)).toEqual(["3", "4", "5"]);
    const future = await subscribe(EVENTS, { "last-event-id": "99" });
    expect((await future.waitForCount(1))[0]!.data).toMatchObject({ type: "reset", requested: 99, last: 5 });
    await send("PATCH", `/api/v1/issues/${a.id}`, { title: "5" });
    expect((await stale.waitForCount(2))[1]!.id).toBe("6");
    expect((await future.waitForCount(2))[1]!.id).toBe("6");
  });

  it("refuses a bad filter or Last-Event-ID, and a bad X-Agent on a write, naming it", async () => {
    for (const [path, headers, field] of [
      [`${EVENTS}?types=issue.created,issue.exploded`, {}, "types"],
      [`${EVENTS}?last_event_id=abc`, {}, "last_event_id"],
      [EVENTS, { "last-event-id": "-1" }, "last-event-id"],
      [`${EVENTS}?colour=red`, {}, "colour"],
    ] as const) {
      const r = await refusal(svc!.url + path, headers);
      expect(r.status, path).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
      expect(r.body.error).toContain(field);
    }
    const long = await send("POST", "/api/v1/issues", { title: "x" }, { "x-agent": "a".repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.error).toContain("x-agent");
  });

  it("sends a comment line while nothing happens (EVENTS_HEARTBEAT_MS)", async () => {
    await svc!.close();
    svc = await startService({ env: { EVENTS_HEARTBEAT_MS: "50" } });
    const stream = await subscribe();
    await stream.waitForComment("keep-alive");
    expect(stream.events).toEqual([]);
  });

  it("needs the API key like every /api/v1 route", async () => {
    await svc!.close();
    svc = await startService({ env: { TASK_GRAPH_API_KEY: "k-events" } });
    const denied = await refusal(svc.url + EVENTS);
    expect(denied.status).toBe(401);
    expect(denied.body.code).toBe("UNAUTHORIZED");
    expect((await refusal(svc.url + EVENTS, { authorization: "Bearer wrong" })).status).toBe(401);
    const stream = await subscribe(EVENTS, { "x-api-key": "k-events" });
    const keyed = client(svc.url, { authorization: "Bearer k-events" });
    await keyed.post("/api/v1/issues", { title: "seen" });
    expect((await stream.waitForCount(1))[0]!.data.issue.title).toBe("seen");
  });
});

describe("a subscriber that stops reading", () => {
  it("is cut off once it leaves more than EVENTS_SUBSCRIBER_BUFFER_BYTES unread, while one that reads gets everything", async () => {
    svc = await startService({ env: { EVENTS_SUBSCRIBER_BUFFER_BYTES: "65536" } });
    const reader = await subscribe();
    // A raw socket that sends the request and then reads nothing: what it is sent fills the
    // kernel's buffers on both sides, then the service's.
    const url = new URL(svc.url);
    const socket = connect(Number(url.port), url.hostname);
    socket.write(`GET ${EVENTS} HTTP/1.1\r\nHost: ${url.host}\r\nAccept: text/event-stream\r\n\r\n`);
    await new Promise<void>((r) => socket.once("connect", () => r()));
    socket.pause();
    // More than the socket buffers can hold: the largest receive and send buffers the kernel allows.
    const max = (file: string) => Number(readFileSync(file, "utf8").trim().split(/\s+/).pop());
    const kernel = max("/proc/sys/net/ipv4/tcp_rmem") + max("/proc/sys/net/ipv4/tcp_wmem");
    const a = (await send("POST", "/api/v1/issues", { title: "big" })).body;
    const text = (k: number) => `${k % 2 ? "x" : "y"}`.repeat(20_000);
    let sent = 0;
    let k = 0;
    while (sent < kernel + 2 * 65536 + 1_000_000) {
      expect((await send("PATCH", `/api/v1/issues/${a.id}`, { description: text(k++) })).status).toBe(200);
      sent += 40_000;
    }
    const last = (await send("PATCH", `/api/v1/issues/${a.id}`, { title: "last" })).body;
    const lastEvent = await reader.waitFor((e) => e.data.changes?.[0]?.to === "last", "the last change");
    expect(reader.events.length).toBe(k + 2);

    // Now read what the slow one got: the service ended its stream, short of the last event.
    socket.setEncoding("utf8");
    let received = "";
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.resume();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the slow subscriber's stream never ended")), 20_000);
      socket.once("close", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    // Whole frames only: the end of what the kernel held may be part of one.
    const ids = [...received.matchAll(/^id: (\d+)\nevent: .*\ndata: .*\n\n/gm)].map((m) => Number(m[1]));
    expect(ids.length).toBeGreaterThan(0);
    expect(Math.max(...ids)).toBeLessThan(Number(lastEvent.id));
    expect(last.title).toBe("last");

    // It comes back with Last-Event-ID and gets the rest.
    const back = await subscribe(EVENTS, { "last-event-id": String(Math.max(...ids)) });
    await back.waitFor((e) => e.id === lastEvent.id, "the last event, after resuming");
    expect(Number(back.events[0]!.id)).toBe(Math.max(...ids) + 1);
  }, 120_000);
});
