// The embedded store's events on disk: an event rides on its change's journal line, so its id
// survives a restart and a compaction, a refused write is heard of by no listener (and its id is
// given to the next write), and the window keeps only the newest events.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import type { EventDraft, EventRecord, IssueRecord } from "../../src/ports/graph-store.js";
import { makeIssue } from "../conformance/graph-store.conformance.js";
import { faultyJournalFs } from "../helpers/faulty-journal-fs.js";

let dataDir: string;
const opened: EmbeddedGraphStore[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "tg-events-"));
});
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function open(options: ConstructorParameters<typeof EmbeddedGraphStore>[0] = {}) {
  const store = new EmbeddedGraphStore({ dataDir, ...options });
  await store.init();
  opened.push(store);
  return store;
}

const created = (issue: IssueRecord): EventDraft => ({
  type: "issue.created",
  at: issue.created_at,
  actor: "agent-a",
  issue_id: issue.id,
  issue,
});

describe("events of the embedded store on disk", () => {
  it("keeps event ids, payloads, activity and notes across a restart and goes on counting from there", async () => {
    const store = await open();
    const a = makeIssue({ title: "a" });
    await store.createIssue(a, created(a));
    const note = {
      id: "n-1",
      issue_id: a.id,
      author: "x",
      kind: "decision" as const,
      text: "t",
      created_at: a.created_at,
    };
    await store.addNote(note, { type: "note.added", at: a.created_at, actor: "x", issue_id: a.id, note });
    await store.close();
    opened.pop();

    const again = await open();
    const window = await again.readEvents(0, 10);
    expect(window.events.map((e) => [e.id, e.type])).toEqual([
      [1, "issue.created"],
      [2, "note.added"],
    ]);
    expect(window.events[0]!.issue).toEqual(a);
    expect(window.events[1]!.note).toEqual(note);
    expect((await again.issueActivity(a.id, 0, 10)).total).toBe(2);
    expect((await again.listNotes(a.id, { offset: 0, limit: 10 })).items).toEqual([note]);
    const b = makeIssue({ title: "b" });
    await again.createIssue(b, created(b));
    expect((await again.readEvents(2, 10)).events.map((e) => e.id)).toEqual([3]);
  });

  it("writes an event on its change's line as its draft's fields in order, then its id, without the payload the line holds", async () => {
    const store = await open();
    const a = makeIssue({ title: "a" });
    await store.createIssue(a, created(a));
    const changes = [{ field: "title", from: "a", to: "b" }];
    const renamed = { ...a, title: "b" };
    await store.updateIssue(renamed, {
      type: "issue.updated",
      at: a.created_at,
      actor: "x",
      issue_id: a.id,
      changes,
    });
    const dir = join(dataDir, "graph");
    const journal = readdirSync(dir).find((f) => f.startsWith("journal-"))!;
    const lines = readFileSync(join(dir, journal), "utf8").trim().split("\n");
    const events = lines.map((line) => JSON.stringify((JSON.parse(line) as { event: unknown }).event));
    expect(events).toEqual([
      JSON.stringify({ type: "issue.created", at: a.created_at, actor: "agent-a", issue_id: a.id, id: 1 }),
      JSON.stringify({ type: "issue.updated", at: a.created_at, actor: "x", issue_id: a.id, changes, id: 2 }),
    ]);
  });

  it("keeps them through a compaction into the snapshot", async () => {
    const store = await open({ compactBytes: 2048 });
    const issues = Array.from({ length: 30 }, (_, k) =>
      makeIssue({ title: `issue ${k}`, description: "x".repeat(100) }),
    );
    for (const issue of issues) await store.createIssue(issue, created(issue));
    await store.idle();
    await store.close();
    opened.pop();
    const again = await open();
    const window = await again.readEvents(0, 100);
    expect(window.events.map((e) => e.id)).toEqual(issues.map((_, k) => k + 1));
    expect(window.events.map((e) => e.issue?.title)).toEqual(issues.map((i) => i.title));
  });

  it("retains only the newest events in the window, and says where it starts", async () => {
    const store = await open({ eventsRetained: 3 });
    const issues = Array.from({ length: 5 }, (_, k) => makeIssue({ title: `issue ${k}` }));
    for (const issue of issues) await store.createIssue(issue, created(issue));
    const window = await store.readEvents(0, 100);
    expect(window).toMatchObject({ oldest: 3, last: 5 });
    expect(window.events.map((e) => e.id)).toEqual([3, 4, 5]);
    expect((await store.readEvents(3, 100)).events.map((e) => e.id)).toEqual([4, 5]);
    // Activity is kept per issue, not only within the window.
    expect((await store.issueActivity(issues[0]!.id, 0, 10)).total).toBe(1);
    await store.close();
    opened.pop();
    const again = await open({ eventsRetained: 3 });
    expect(await again.readEvents(0, 100)).toMatchObject({ oldest: 3, last: 5 });
    expect((await again.issueActivity(issues[0]!.id, 0, 10)).items.map((e) => e.id)).toEqual([1]);
  });

  it("tells no listener of a write the disk refuses, and gives its id to the next write", async () => {
    const fs = faultyJournalFs();
    const store = await open({ fs });
    const heard: EventRecord[] = [];
    store.onEvent((e) => heard.push(e));
    const a = makeIssue({ title: "a" });
    await store.createIssue(a, created(a));
    fs.failDatasync("EIO");
    const refused = makeIssue({ title: "refused" });
    await expect(store.createIssue(refused, created(refused))).rejects.toThrow(/EIO/);
    expect(heard.map((e) => e.issue?.title)).toEqual(["a"]);
    expect((await store.readEvents(0, 10)).last).toBe(1);
    const b = makeIssue({ title: "b" });
    await store.createIssue(b, created(b));
    expect(heard.map((e) => [e.id, e.issue?.title])).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
    await store.close();
    opened.pop();
    const again = await open();
    expect((await again.readEvents(0, 10)).events.map((e) => e.issue?.title)).toEqual(["a", "b"]);
  });
});
