// Activity and notes (SPEC §2c) over HTTP: an issue's history from the same events as the stream,
// newest first; notes of four kinds, listed, searchable, kept across a restart, gone with their
// issue; agent context listing the issue's latest decisions.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type StartedService, startService, TIMESTAMP_RE } from "../../harness/start-service.js";
import { openSse } from "../helpers/sse-client.js";

let svc: StartedService | null = null;
afterEach(async () => {
  await svc?.close();
  svc = null;
});

const MISSING = "00000000-0000-4000-8000-000000000000";
const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  svc!.request(method, path, body, headers);
const note = (issueId: string, body: object, headers: Record<string, string> = {}) =>
  send("POST", `/api/v1/issues/${issueId}/notes`, body, headers);

describe("notes", () => {
  it("adds a note of each kind, 201 with its fields, and lists them oldest first by kind and page", async () => {
    svc = await startService();
    const issue = (await send("POST", "/api/v1/issues", { title: "Cache misses" })).body;
    const added = await note(issue.id, {
      author: "  agent-3  ",
      kind: "decision",
      text: "Keep an LRU of 1,000.",
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      issue_id: issue.id,
      author: "agent-3",
      kind: "decision",
      text: "Keep an LRU of 1,000.",
      created_at: expect.stringMatching(TIMESTAMP_RE),
    });
    for (const kind of ["note", "reasoning", "progress", "decision"]) {
      expect((await note(issue.id, { author: "agent-3", kind, text: `a ${kind}` })).status).toBe(201);
    }
    const all = await send("GET", `/api/v1/issues/${issue.id}/notes`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 5, page: 1, limit: 20, total_pages: 1 });
    expect(all.body.items.map((n: { kind: string }) => n.kind)).toEqual([
      "decision",
      "note",
      "reasoning",
      "progress",
      "decision",
    ]);
    const decisions = await send(
      "GET",
      `/api/v1/issues/${issue.id}/notes?kind=decision,reasoning&limit=2&page=2`,
    );
    expect(decisions.body).toMatchObject({ total: 3, page: 2, limit: 2, total_pages: 2 });
    expect(decisions.body.items.map((n: { text: string }) => n.text)).toEqual(["a decision"]);
  });

  it("refuses a note that breaks a rule, naming the field, and one on an unknown issue", async () => {
    svc = await startService();
    const issue = (await send("POST", "/api/v1/issues", { title: "x" })).body;
    const ok = { author: "a", kind: "note", text: "t" };
    for (const [body, field] of [
      [{ ...ok, kind: "idea" }, "kind"],
      [{ ...ok, text: " \u200b " }, "text"],
      [{ ...ok, text: "é".repeat(20_001) }, "text"],
      [{ ...ok, author: "   " }, "author"],
      [{ kind: "note", text: "t" }, "author"],
      [{ ...ok, extra: 1 }, "extra"],
    ] as const) {
      const r = await note(issue.id, body);
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(r.body.error).toContain(field);
    }
    // 20,000 characters as people count them (e + combining accent is one) fit.
    expect((await note(issue.id, { ...ok, text: "e\u0301".repeat(20_000) })).status).toBe(201);
    expect((await note(MISSING, ok)).status).toBe(404);
    expect((await note(MISSING, ok)).body.code).toBe("ISSUE_NOT_FOUND");
    expect((await send("GET", `/api/v1/issues/${MISSING}/notes`)).status).toBe(404);
    expect((await send("GET", `/api/v1/issues/${issue.id}/notes?kind=idea`)).status).toBe(400);
  });

  it("finds notes by search (types note) with their issue, and forgets them with the issue", async () => {
    svc = await startService();
    const issue = (await send("POST", "/api/v1/issues", { title: "Checkout is slow" })).body;
    const other = (await send("POST", "/api/v1/issues", { title: "Unrelated" })).body;
    const n = (
      await note(issue.id, { author: "a", kind: "decision", text: "Memoize the tax computation per basket." })
    ).body;
    await note(other.id, { author: "a", kind: "note", text: "Nothing about money here." });
    const search = (query: string) =>
      send("POST", "/api/v1/rag/search", { query, types: ["note"] }).then((r) => r.body.results);
    const found = await search("memoize tax");
    expect(found[0]).toMatchObject({
      type: "note",
      id: n.id,
      issue_id: issue.id,
      title: expect.stringContaining("decision"),
    });
    expect(found[0].snippet).toContain("Memoize");
    // Issues are not notes.
    expect((await search("checkout slow")).every((r: { type: string }) => r.type === "note")).toBe(true);
    expect((await send("DELETE", `/api/v1/issues/${issue.id}`)).status).toBe(204);
    // (Meaning matches the other note's "money" to "tax"; the deleted one is gone.)
    expect((await search("memoize tax")).map((r: { id: string }) => r.id)).not.toContain(n.id);
    expect((await send("GET", `/api/v1/issues/${issue.id}/notes`)).status).toBe(404);
  });

  it("keeps notes and activity across a restart, searchable again", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tg-notes-"));
    try {
      svc = await startService({ dataDir });
      const issue = (await send("POST", "/api/v1/issues", { title: "Flaky upload" })).body;
      await note(issue.id, {
        author: "a",
        kind: "reasoning",
        text: "The retry doubles the multipart boundary.",
      });
      await svc.close();
      svc = await startService({ dataDir });
      expect((await send("GET", `/api/v1/issues/${issue.id}/notes`)).body.total).toBe(1);
      const activity = (await send("GET", `/api/v1/issues/${issue.id}/activity`)).body;
      expect(activity.items.map((e: { type: string }) => e.type)).toEqual(["note.added", "issue.created"]);
      const found = await send("POST", "/api/v1/rag/search", {
        query: "multipart boundary",
        types: ["note"],
      });
      expect(found.body.results[0]).toMatchObject({ type: "note", issue_id: issue.id });
    } finally {
      await svc?.close();
      svc = null;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("activity", () => {
  it("lists the issue's events newest first in the list envelope, the same events the stream sends", async () => {
    svc = await startService();
    const stream = await openSse(`${svc.url}/api/v1/events`);
    try {
      await stream.waitForComment("stream open");
      const a = (await send("POST", "/api/v1/issues", { title: "a" }, { "x-agent": "agent-1" })).body;
      const b = (await send("POST", "/api/v1/issues", { title: "b" })).body;
      await send("PATCH", `/api/v1/issues/${a.id}`, { labels: ["x"] }, { "x-agent": "agent-2" });
      await send("POST", `/api/v1/issues/${b.id}/dependencies`, { depends_on_id: a.id });
      await send("POST", `/api/v1/issues/${a.id}/claim`, { agent: "agent-3" });
      await note(a.id, { author: "agent-3", kind: "progress", text: "Half way." });
      await send("PATCH", `/api/v1/issues/${b.id}`, { title: "b2" });

      const r = await send("GET", `/api/v1/issues/${a.id}/activity`);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ total: 5, page: 1, limit: 20, total_pages: 1 });
      expect(r.body.items.map((e: { type: string }) => e.type)).toEqual([
        "note.added",
        "issue.claimed",
        "dependency.added",
        "issue.updated",
        "issue.created",
      ]);
      expect(r.body.items.map((e: { actor: string }) => e.actor)).toEqual([
        "agent-3",
        "agent-3",
        "anonymous",
        "agent-2",
        "agent-1",
      ]);
      expect(r.body.items[3].changes).toEqual([{ field: "labels", from: [], to: ["x"] }]);
      // The very events of the stream.
      const streamed = await stream.waitForCount(7);
      const byId = new Map(streamed.map((e) => [e.data.id, e.data]));
      for (const item of r.body.items) expect(item).toEqual(byId.get(item.id));

      const page = await send("GET", `/api/v1/issues/${a.id}/activity?limit=2&page=2`);
      expect(page.body.items.map((e: { type: string }) => e.type)).toEqual([
        "dependency.added",
        "issue.updated",
      ]);
      expect(page.body.total_pages).toBe(3);
      expect((await send("GET", `/api/v1/issues/${a.id}/activity?limit=101`)).status).toBe(400);
      expect((await send("GET", `/api/v1/issues/${MISSING}/activity`)).status).toBe(404);
      await send("DELETE", `/api/v1/issues/${b.id}`);
      expect((await send("GET", `/api/v1/issues/${b.id}/activity`)).status).toBe(404);
    } finally {
      stream.close();
    }
  });
});

describe("agent context", () => {
  it("lists the issue's latest decisions, newest first, five at most, and only decisions", async () => {
    svc = await startService();
    const issue = (await send("POST", "/api/v1/issues", { title: "Pick a queue" })).body;
    for (let k = 1; k <= 7; k++) {
      await note(issue.id, { author: `agent-${k}`, kind: "decision", text: `Decision ${k}` });
      await note(issue.id, { author: "agent-x", kind: "reasoning", text: `Reasoning ${k}` });
    }
    await note(issue.id, { author: "agent-8", kind: "decision", text: "d".repeat(1500) });
    const context = (await send("GET", `/api/v1/agent/context/${issue.id}`)).body;
    expect(context.decisions.map((d: { text: string }) => d.text.slice(0, 10))).toEqual([
      "dddddddddd",
      "Decision 7",
      "Decision 6",
      "Decision 5",
      "Decision 4",
    ]);
    expect(context.decisions[0].text).toHaveLength(1000);
    expect(context.decisions[0].text.endsWith("…")).toBe(true);
    expect(context.decisions[1]).toEqual({
      id: expect.any(String),
      author: "agent-7",
      text: "Decision 7",
      created_at: expect.stringMatching(TIMESTAMP_RE),
    });
    // Within a small budget, decisions give way (after related issues), and the count stays exact.
    const small = (await send("GET", `/api/v1/agent/context/${issue.id}?budget_tokens=500`)).body;
    expect(small.used_tokens).toBeLessThanOrEqual(500);
    expect(small.decisions.length).toBeLessThan(5);
    expect(small.truncated).toBe(true);
  });
});
