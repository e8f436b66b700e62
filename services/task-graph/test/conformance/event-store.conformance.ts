// Events and notes (SPEC §2c) as every GraphStore adapter must keep them: an event is stored with
// the write that carries it and only then, ids count up from 1 without a gap, listeners hear each
// durable event once in id order, an issue's activity and notes go with it.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NoteRecord } from "../../src/ports/event-store.js";
import type { EventDraft, EventRecord, GraphStore, IssueRecord } from "../../src/ports/graph-store.js";

const AT = "2026-01-01T00:00:00.000";

function draft(type: EventDraft["type"], extra: Partial<EventDraft> = {}): EventDraft {
  return { type, at: AT, actor: "agent-a", ...extra };
}

function issueRecord(title: string): IssueRecord {
  return {
    id: randomUUID(),
    title,
    description: "",
    status: "OPEN",
    priority: "MEDIUM",
    component_id: null,
    labels: [],
    created_at: AT,
    updated_at: AT,
    closed_at: null,
  };
}

function noteOf(issue: IssueRecord, kind: NoteRecord["kind"], text: string, at = AT): NoteRecord {
  return { id: randomUUID(), issue_id: issue.id, author: "agent-a", kind, text, created_at: at };
}

export function describeEventStoreConformance(name: string, factory: () => Promise<GraphStore>): void {
  describe(`GraphStore conformance, events and notes: ${name}`, () => {
    let store: GraphStore;
    let heard: EventRecord[];

    beforeEach(async () => {
      store = await factory();
      await store.init();
      heard = [];
      store.onEvent((e) => heard.push(e));
    });
    afterEach(async () => {
      await store.close();
    });

    async function created(title: string): Promise<IssueRecord> {
      const issue = issueRecord(title);
      await store.createIssue(issue, draft("issue.created", { issue_id: issue.id, issue }));
      return issue;
    }

    it("numbers the events of writes 1, 2, 3 and stores them with their payload", async () => {
      expect(await store.readEvents(0, 100)).toEqual({ events: [], oldest: 1, last: 0 });
      const a = await created("first");
      const changes = [{ field: "title", from: "first", to: "renamed" }];
      await store.updateIssue(
        { ...a, title: "renamed" },
        draft("issue.updated", { issue_id: a.id, changes }),
      );
      await store.createIssue(issueRecord("no event"));
      const window = await store.readEvents(0, 100);
      expect(window.last).toBe(2);
      expect(window.oldest).toBe(1);
      expect(window.events).toEqual([
        { ...draft("issue.created", { issue_id: a.id, issue: a }), id: 1 },
        { ...draft("issue.updated", { issue_id: a.id, changes }), id: 2 },
      ]);
      expect((await store.readEvents(1, 100)).events.map((e) => e.id)).toEqual([2]);
      expect((await store.readEvents(0, 1)).events.map((e) => e.id)).toEqual([1]);
      expect((await store.readEvents(2, 100)).events).toEqual([]);
    });

    it("tells its listeners of each event once, in id order, after the write resolves", async () => {
      const a = await created("a");
      expect(heard.map((e) => e.id)).toEqual([1]);
      const b = await created("b");
      await store.addDependency(
        { issue_id: a.id, depends_on_id: b.id },
        draft("dependency.added", { issue_id: a.id, depends_on_id: b.id }),
      );
      expect(heard.map((e) => [e.id, e.type])).toEqual([
        [1, "issue.created"],
        [2, "issue.created"],
        [3, "dependency.added"],
      ]);
      expect(heard[0]!.issue).toEqual(a);
      expect(heard).toEqual((await store.readEvents(0, 100)).events);
    });

    it("records no event for a write that changes nothing", async () => {
      const a = await created("a");
      const b = await created("b");
      const edge = { issue_id: a.id, depends_on_id: b.id };
      await store.addDependency(edge, draft("dependency.added", edge));
      expect(await store.addDependency(edge, draft("dependency.added", edge))).toBe(false);
      expect(
        await store.removeDependency({ issue_id: b.id, depends_on_id: a.id }, draft("dependency.removed")),
      ).toBe(false);
      expect(await store.updateIssue(issueRecord("absent"), draft("issue.updated"))).toBe(false);
      expect(await store.deleteIssue(randomUUID(), draft("issue.deleted"))).toBe(false);
      expect((await store.readEvents(0, 100)).last).toBe(3);
      expect(heard).toHaveLength(3);
    });

    it("records a claim and a release that change the record, not one that is refused", async () => {
      const a = await created("a");
      const expires = "2026-01-01T00:15:00.000";
      await store.claimIssue({ id: a.id, agent: "agent-a", expires_at: expires, now: AT, actor: "agent-a" });
      const held = await store.claimIssue({
        id: a.id,
        agent: "agent-b",
        expires_at: expires,
        now: AT,
        actor: "agent-b",
      });
      expect(held.outcome).toBe("held");
      await store.releaseClaim({ id: a.id, agent: "agent-a", now: AT, actor: "agent-a" });
      // Nothing left to release: no event.
      await store.releaseClaim({ id: a.id, now: AT, actor: "agent-a" });
      const events = (await store.readEvents(1, 100)).events;
      expect(events).toEqual([
        {
          id: 2,
          type: "issue.claimed",
          at: AT,
          actor: "agent-a",
          issue_id: a.id,
          changes: [
            { field: "assignee", from: null, to: "agent-a" },
            { field: "claim_expires_at", from: null, to: expires },
          ],
        },
        {
          id: 3,
          type: "issue.released",
          at: AT,
          actor: "agent-a",
          issue_id: a.id,
          changes: [
            { field: "assignee", from: "agent-a", to: null },
            { field: "claim_expires_at", from: expires, to: null },
          ],
        },
      ]);
    });

    it("lists an issue's activity newest first, dependency events on both issues, and drops it with the issue", async () => {
      const a = await created("a");
      const b = await created("b");
      const edge = { issue_id: a.id, depends_on_id: b.id };
      await store.addDependency(edge, draft("dependency.added", edge));
      await store.updateIssue({ ...b, title: "b2" }, draft("issue.updated", { issue_id: b.id }));
      const ofA = await store.issueActivity(a.id, 0, 10);
      expect(ofA.total).toBe(2);
      expect(ofA.items.map((e) => [e.id, e.type])).toEqual([
        [3, "dependency.added"],
        [1, "issue.created"],
      ]);
      const ofB = await store.issueActivity(b.id, 0, 10);
      expect(ofB.items.map((e) => e.id)).toEqual([4, 3, 2]);
      expect((await store.issueActivity(b.id, 1, 1)).items.map((e) => e.id)).toEqual([3]);
      expect((await store.issueActivity(b.id, 1, 1)).total).toBe(3);

      await store.deleteIssue(b.id, draft("issue.deleted", { issue_id: b.id }));
      expect(await store.issueActivity(b.id, 0, 10)).toEqual({ items: [], total: 0 });
      // The window keeps what happened, the deletion included.
      expect((await store.readEvents(0, 100)).events.map((e) => e.type)).toEqual([
        "issue.created",
        "issue.created",
        "dependency.added",
        "issue.updated",
        "issue.deleted",
      ]);
      expect((await store.issueActivity(a.id, 0, 10)).total).toBe(2);
    });

    it("stores notes with their event, lists them by kind and order, and drops them with the issue", async () => {
      const a = await created("a");
      const other = await created("other");
      const first = noteOf(a, "decision", "Use the cache.", "2026-01-01T00:00:01.000");
      const second = noteOf(a, "progress", "Half done.", "2026-01-01T00:00:02.000");
      const third = noteOf(a, "decision", "Drop the cache.", "2026-01-01T00:00:03.000");
      for (const n of [first, second, third]) {
        expect(await store.addNote(n, draft("note.added", { issue_id: a.id, note: n }))).toBe(true);
      }
      await store.addNote(noteOf(other, "note", "elsewhere"), draft("note.added", { issue_id: other.id }));
      const all = await store.listNotes(a.id, { offset: 0, limit: 10 });
      expect(all).toEqual({ items: [first, second, third], total: 3 });
      expect(
        await store.listNotes(a.id, { kinds: ["decision"], newestFirst: true, offset: 0, limit: 1 }),
      ).toEqual({ items: [third], total: 2 });
      expect((await store.listNotes(a.id, { offset: 2, limit: 10 })).items).toEqual([third]);
      const added = (await store.readEvents(2, 100)).events[0]!;
      expect(added).toMatchObject({ type: "note.added", issue_id: a.id, note: first });
      expect((await store.issueActivity(a.id, 0, 1)).items[0]).toMatchObject({
        type: "note.added",
        note: third,
      });
      expect((await store.allNotes()).map((n) => n.id).sort()).toHaveLength(4);

      const missing = noteOf(issueRecord("gone"), "note", "orphan");
      const before = (await store.readEvents(0, 100)).last;
      expect(await store.addNote(missing, draft("note.added", { issue_id: missing.issue_id }))).toBe(false);
      expect((await store.readEvents(0, 100)).last).toBe(before);

      await store.deleteIssue(a.id, draft("issue.deleted", { issue_id: a.id }));
      expect(await store.listNotes(a.id, { offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
      expect((await store.allNotes()).map((n) => n.issue_id)).toEqual([other.id]);
    });

    it("records an event that goes with no change of its own", async () => {
      await store.recordEvent(draft("code.indexed", { repo: "app" }));
      expect((await store.readEvents(0, 10)).events).toEqual([
        { ...draft("code.indexed", { repo: "app" }), id: 1 },
      ]);
      expect(heard.map((e) => e.type)).toEqual(["code.indexed"]);
    });
  });
}
