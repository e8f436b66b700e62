// What each event costs the service's main thread before any socket write: its line form
// (`lineEvent`), the journal line's JSON and the stream's frame (`sseFrame`), with the newest
// 10,000 events retained as the store's window keeps them. The baseline, in this script, is the
// line form as it was built before 9f4ab40 (a rest pattern then a spread: V8 gave every event a
// hidden class of its own, and JSON.stringify took its slow path on each). Rounds alternate
// baseline and current; the figure is the median of the rounds' ratios (current / baseline).
// Results: bench/results/events.md.
// Run: node --import tsx bench/task-graph/event-render.ts   (BENCH_EVENTS=200000 BENCH_ROUNDS=5)
import { lineEvent } from "../../services/task-graph/src/adapters/embedded-graph/mutations.js";
import type { EventDraft, EventRecord } from "../../services/task-graph/src/ports/graph-store.js";
import { sseFrame } from "../../services/task-graph/src/routes/event-view.js";
import { median } from "../lifecycle/stats.js";
import { round, writeResult } from "./search-support.js";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const RETAINED = 10_000;

/** The baseline: the line form before 9f4ab40. */
function spreadLineEvent(draft: EventDraft, id: number): EventRecord {
  const { issue: _issue, component: _component, note: _note, ...rest } = draft;
  return { ...rest, id };
}

/** An issue.updated draft as the issue service makes one (a rename). */
function rename(k: number): EventDraft {
  return {
    type: "issue.updated",
    at: `2026-11-28T19:00:00.${k}Z`,
    actor: `writer-${k}`,
    issue_id: `issue-${k}`,
    changes: [{ field: "title", from: `bench issue ${k}`, to: `renamed ${k}` }],
  };
}

/** Microseconds an event: line form, journal line, stream frame. */
function timeEvents(toLine: (draft: EventDraft, id: number) => EventRecord): number {
  const window: EventRecord[] = new Array(RETAINED);
  let bytes = 0;
  const t0 = performance.now();
  for (let k = 0; k < EVENTS; k++) {
    const event = toLine(rename(k), k + 1);
    window[k % RETAINED] = event;
    bytes += JSON.stringify({ op: "issue.put", event }).length + sseFrame(event).length;
  }
  const us = ((performance.now() - t0) * 1000) / EVENTS;
  if (bytes === 0) throw new Error("nothing rendered");
  return us;
}

const rounds: { baseline_us: number; current_us: number; ratio: number }[] = [];
for (let r = 0; r < ROUNDS; r++) {
  // Alternating which goes first, so neither always runs on a warmer heap.
  const first = r % 2 === 0;
  const a = first ? timeEvents(spreadLineEvent) : 0;
  const current = timeEvents((draft, id) => lineEvent(draft, id) as EventRecord);
  const baseline = first ? a : timeEvents(spreadLineEvent);
  rounds.push({
    baseline_us: round(baseline, 2),
    current_us: round(current, 2),
    ratio: round(current / baseline, 2),
  });
  console.log(
    `round ${r + 1}: baseline ${baseline.toFixed(2)} µs/event, current ${current.toFixed(2)} µs/event`,
  );
}
const ratio = median(rounds.map((x) => x.ratio));
console.log(`current / baseline, median of ${ROUNDS} rounds: ${ratio}`);
writeResult("event-render", { events: EVENTS, retained: RETAINED, rounds, ratio });
