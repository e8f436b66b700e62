// Subscribers that join the event stream (SPEC §2c) while changes flow, across many hand-over
// windows (EVENTS_FLUSH_MS): each gets every event after its start exactly once and in order,
// whether it starts fresh, resumes with Last-Event-ID or filters. Unfiltered live subscribers
// share one batch per window, so a newcomer must join it at a window's edge: joining in the
// middle would repeat events it already has, joining late would skip some. Subscribers with a
// filter are grouped by it (however it is spelled) and share their group's batch the same way.
// Both ways of making the sends (EVENTS_WRITER): the writer process, and the service's own loop.
import { afterEach, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../harness/start-service.js";
import { liveStreams, type SseEvent, type SseStream } from "../helpers/sse-client.js";

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

const ids = (events: SseEvent[]) => events.map((e) => Number(e.id));
const consecutive = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => from + k);

describe.each(["process", "inline"])("EVENTS_WRITER=%s", (writer) => {
  it("gives each subscriber that joins mid-flow every later event once, in order: fresh, resumed or filtered", async () => {
    svc = await startService({ env: { EVENTS_FLUSH_MS: "20", EVENTS_WRITER: writer } });
    const a = (await svc.request("POST", "/api/v1/issues", { title: "a" })).body;
    const b = (await svc.request("POST", "/api/v1/issues", { title: "b" })).body;
    const first = await subscribe();
    // Writes to both issues until every subscriber has joined, then 20 more.
    let joined = false;
    const writes = (async () => {
      for (let k = 0, after = 0; after < 20; k++) {
        const id = k % 2 ? b.id : a.id;
        expect((await svc!.request("PATCH", `/api/v1/issues/${id}`, { title: `t${k}` })).status).toBe(200);
        if (joined) after++;
      }
    })();
    const fresh: SseStream[] = [];
    const resumed: { stream: SseStream; after: number }[] = [];
    const filtered: SseStream[] = [];
    for (let j = 0; j < 12; j++) {
      // Each one joins after the first subscriber saw one more event: the joins spread over the writes.
      const seen = (await first.waitForCount(first.events.length + 1)).at(-1)!;
      if (j % 3 === 0) fresh.push(await subscribe());
      else if (j % 3 === 1) {
        const after = Number(seen.id) - 2;
        resumed.push({ stream: await subscribe(EVENTS, { "last-event-id": String(after) }), after });
      } else filtered.push(await subscribe(`${EVENTS}?issue_id=${a.id}`));
    }
    joined = true;
    await writes;
    const last = (await svc.request("PATCH", `/api/v1/issues/${a.id}`, { title: "last" })).body;
    const isLast = (e: SseEvent) => e.data.issue_id === a.id && e.data.changes?.[0]?.to === "last";
    const all = [first, ...fresh, ...resumed.map((r) => r.stream), ...filtered];
    await Promise.all(all.map((s) => s.waitFor(isLast, "the last change")));
    const lastId = Number(first.events.find(isLast)!.id);
    expect(last.title).toBe("last");

    expect(ids(first.events)).toEqual(consecutive(Number(first.events[0]!.id), lastId));
    for (const s of fresh) {
      expect(s.events.length).toBeGreaterThan(0);
      expect(ids(s.events)).toEqual(consecutive(Number(s.events[0]!.id), lastId));
    }
    for (const { stream, after } of resumed)
      expect(ids(stream.events)).toEqual(consecutive(after + 1, lastId));
    for (const s of filtered) {
      const from = Number(s.events[0]!.id);
      const expected = first.events.filter((e) => e.data.issue_id === a.id && Number(e.id) >= from);
      expect(ids(s.events)).toEqual(ids(expected));
    }
  });

  it("groups live subscribers by filter, however it is spelled: each gets exactly its events, in order, and the heartbeat", async () => {
    svc = await startService({
      env: { EVENTS_FLUSH_MS: "20", EVENTS_HEARTBEAT_MS: "100", EVENTS_WRITER: writer },
    });
    const a = (await svc.request("POST", "/api/v1/issues", { title: "a" })).body;
    const b = (await svc.request("POST", "/api/v1/issues", { title: "b" })).body;
    const all = await subscribe();
    // One filter in two spellings (one group), a narrower one, an issue filter and no filter at all.
    const accepts: [SseStream, (e: SseEvent) => boolean][] = [
      [await subscribe(`${EVENTS}?types=issue.updated,issue.deleted`), (e) => e.event !== "issue.created"],
      [await subscribe(`${EVENTS}?types=issue.deleted,issue.updated`), (e) => e.event !== "issue.created"],
      [
        await subscribe(`${EVENTS}?types=issue.updated&issue_id=${a.id}`),
        (e) => e.event === "issue.updated" && e.data.issue_id === a.id,
      ],
      [await subscribe(`${EVENTS}?issue_id=${a.id}`), (e) => e.data.issue_id === a.id],
      [await subscribe(), () => true],
    ];
    // Enough windows of writes for every subscriber to have become a follower of its group.
    for (let k = 0; k < 30; k++) {
      const id = k % 2 ? b.id : a.id;
      expect((await svc.request("PATCH", `/api/v1/issues/${id}`, { title: `t${k}` })).status).toBe(200);
      if (k % 10 === 9) {
        const c = (await svc.request("POST", "/api/v1/issues", { title: `c${k}` })).body;
        expect((await svc.request("DELETE", `/api/v1/issues/${c.id}`)).status).toBe(204);
      }
    }
    expect((await svc.request("PATCH", `/api/v1/issues/${a.id}`, { title: "last" })).status).toBe(200);
    const isLast = (e: SseEvent) => e.data.issue_id === a.id && e.data.changes?.[0]?.to === "last";
    await all.waitFor(isLast, "the last change");
    expect(ids(all.events)).toEqual(consecutive(Number(all.events[0]!.id), Number(all.events.at(-1)!.id)));
    for (const [stream, accept] of accepts) {
      await stream.waitFor(isLast, "the last change");
      expect(ids(stream.events)).toEqual(ids(all.events.filter(accept)));
    }
    // The heartbeat reaches every group once nothing happens.
    const before = accepts.map(([s]) => s.comments.length);
    await Promise.all(accepts.map(([s], k) => commentAfter(s, before[k]!)));
    for (const [s] of accepts) expect(s.comments.at(-1)).toContain("keep-alive");
  });

  /** Resolves once `stream` has more than `count` comments (polled every 10 ms; 10 s at most). */
  async function commentAfter(stream: SseStream, count: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (stream.comments.length <= count) {
      if (Date.now() > deadline) throw new Error("no heartbeat within 10 s of the last write");
      await new Promise((r) => setTimeout(r, 10));
    }
  }
});
