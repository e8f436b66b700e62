// Bulk dependencies on disk (SPEC §2c): every edge of a bulk write rides on one journal line with
// its events, so after a restart or a compaction all of them are there with their event ids, and
// a bulk write the disk refuses leaves no edge, no event heard and no id used.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import type { DependencyEdge, EventDraft, EventRecord, IssueRecord } from "../../src/ports/graph-store.js";
import { makeIssue } from "../conformance/graph-store.conformance.js";
import { faultyJournalFs } from "../helpers/faulty-journal-fs.js";

let dataDir: string;
const opened: EmbeddedGraphStore[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "tg-bulk-"));
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

async function reopen(store: EmbeddedGraphStore): Promise<EmbeddedGraphStore> {
  await store.close();
  opened.splice(opened.indexOf(store), 1);
  return open();
}

const added = (e: DependencyEdge): EventDraft => ({
  type: "dependency.added",
  at: "2026-01-01T00:00:00.000",
  actor: "agent-a",
  ...e,
});

async function issues(store: EmbeddedGraphStore, n: number): Promise<IssueRecord[]> {
  const made = Array.from({ length: n }, (_, k) => makeIssue({ title: `issue ${k}` }));
  for (const i of made) await store.createIssue(i);
  return made;
}

describe("bulk dependencies in the embedded journal", () => {
  it("keeps every edge and its event id across a restart and a compaction", async () => {
    const store = await open();
    const [a, b, c] = await issues(store, 3);
    const edges = [b!, c!].map((p) => ({ issue_id: a!.id, depends_on_id: p.id }));
    await store.addDependencies(edges, edges.map(added));
    const again = await reopen(store);
    expect((await again.dependenciesOf(a!.id)).depends_on.sort()).toEqual([b!.id, c!.id].sort());
    expect((await again.readEvents(0, 10)).events.map((e) => [e.id, e.depends_on_id])).toEqual([
      [1, b!.id],
      [2, c!.id],
    ]);
    expect(
      (await again.listIssues({ readiness: "blocked", offset: 0, limit: 10 })).items.map((i) => i.id),
    ).toEqual([a!.id]);
    // A compaction writes the state into the snapshot: the edges and events are still there after it.
    await again.close();
    opened.pop();
    const compacting = await open({ compactBytes: 1 });
    const [d] = await issues(compacting, 1);
    await compacting.idle();
    const last = await reopen(compacting);
    expect((await last.dependenciesOf(a!.id)).depends_on.sort()).toEqual([b!.id, c!.id].sort());
    expect((await last.readEvents(0, 10)).last).toBe(2);
    expect(await last.getIssue(d!.id)).not.toBeNull();
  });

  it("stores no edge and tells no listener of a bulk write the disk refuses; the next write takes its ids", async () => {
    const fs = faultyJournalFs();
    const store = await open({ fs });
    const heard: EventRecord[] = [];
    store.onEvent((e) => heard.push(e));
    const [a, b, c] = await issues(store, 3);
    fs.failDatasync("EIO");
    const edges = [b!, c!].map((p) => ({ issue_id: a!.id, depends_on_id: p.id }));
    await expect(store.addDependencies(edges, edges.map(added))).rejects.toThrow(/EIO/);
    expect(heard).toEqual([]);
    expect(await store.dependenciesOf(a!.id)).toEqual({ depends_on: [], blocks: [] });
    expect(await store.allDependencies()).toEqual([]);
    expect((await store.readEvents(0, 10)).last).toBe(0);
    const one = { issue_id: b!.id, depends_on_id: c!.id };
    await store.addDependencies([one], [added(one)]);
    expect(heard.map((e) => [e.id, e.issue_id])).toEqual([[1, b!.id]]);
    const again = await reopen(store);
    expect(await again.allDependencies()).toEqual([one]);
  });
});
