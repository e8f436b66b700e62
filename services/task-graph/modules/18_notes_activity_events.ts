import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import type TaskGraphPage from "../page.js";
import { assertEnvelope, assertError, assertInvalid, TIMESTAMP } from "./support.js";

export const tags = ["notes", "activity", "events", "agents"];

type Event = {
  id: number;
  type: string;
  actor: string;
  changes?: { field: string; from: unknown; to: unknown }[];
};

/**
 * SPEC §2c, activity and notes, and the events stream as a client opens it: an agent's change and
 * notes show in the issue's activity newest first, with the agent as actor and the fields' old and
 * new values; notes list by kind and are found by search; the stream opens with the API's rules
 * (a bad filter is a 400 naming it). Reading the live stream needs a streaming client, which a
 * page request is not: test/api/events.test.ts reads it.
 */
export async function run(page: TaskGraphPage) {
  const agent = `e2e-notes-${randomUUID().slice(0, 8)}`;
  const word = `quokka${randomUUID().slice(0, 6)}`;
  const issue = await page.newIssue({ title: "Notes and history", priority: "LOW" });

  const updated = await page.updateIssueAs(issue.id, { priority: "HIGH" }, agent);
  assert.equal(updated.status, 200, updated.text());
  const decision = await page.addNote(issue.id, {
    author: agent,
    kind: "decision",
    text: `Use ${word} ids.`,
  });
  assert.equal(decision.status, 201, decision.text());
  assert.deepEqual(
    { ...decision.json<Record<string, unknown>>(), id: "", created_at: "" },
    { id: "", issue_id: issue.id, author: agent, kind: "decision", text: `Use ${word} ids.`, created_at: "" },
  );
  assert.match(decision.json().created_at, TIMESTAMP);
  assert.equal(
    (await page.addNote(issue.id, { author: agent, kind: "progress", text: "Half done." })).status,
    201,
  );
  assertInvalid(await page.addNote(issue.id, { author: agent, kind: "idea", text: "x" }), "kind");
  assertError(
    await page.addNote(`missing-${randomUUID()}`, { author: agent, kind: "note", text: "x" }),
    404,
    "ISSUE_NOT_FOUND",
  );

  const all = assertEnvelope(await page.notes(issue.id), 1, 20);
  assert.deepEqual(
    all.items.map((n) => (n as unknown as { kind: string }).kind),
    ["decision", "progress"],
    "oldest first",
  );
  const decisions = assertEnvelope(await page.notes(issue.id, { kind: "decision" }), 1, 20);
  assert.deepEqual(
    decisions.items.map((n) => n.id),
    [decision.json().id],
  );

  const activity = assertEnvelope(await page.activity(issue.id), 1, 20);
  const events = activity.items as unknown as Event[];
  assert.deepEqual(
    events.map((e) => e.type),
    ["note.added", "note.added", "issue.updated", "issue.created"],
    "newest first",
  );
  assert.ok(
    events.every((e, i) => i === 0 || e.id < events[i - 1]!.id),
    "ids fall as the list goes back in time",
  );
  const change = events.find((e) => e.type === "issue.updated")!;
  assert.equal(change.actor, agent);
  assert.deepEqual(change.changes, [{ field: "priority", from: "LOW", to: "HIGH" }]);

  await page.eventually(async () => {
    const found = (await page.search({ query: word, types: ["note"] })).json();
    const hit = found.results.find((r: { id: string }) => r.id === decision.json().id);
    assert.ok(hit, `the decision is found by a word of its text: ${JSON.stringify(found.results)}`);
    assert.equal(hit.issue_id, issue.id);
  });

  const stream = await page.events({ issue_id: issue.id, types: "note.added,issue.updated" });
  assert.equal(stream.status, 200);
  assert.match(stream.headers["content-type"] ?? "", /^text\/event-stream/);
  assertInvalid(await page.events({ types: "issue.exploded" }, { headersOnly: false }), "types");

  assert.equal((await page.deleteIssue(issue.id)).status, 204);
  const gone = await page.activity(issue.id);
  assertError(gone, 404, "ISSUE_NOT_FOUND");
  return gone;
}
