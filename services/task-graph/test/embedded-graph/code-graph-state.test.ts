// The embedded store's code graph in memory: a file written over its stored subgraph touches only
// what differs (code-graph-state.ts replaceFile), and after many such rewrites every read answers
// as a state built afresh from the same subgraphs; a large write is applied in slices of the event
// loop, and no read or snapshot sees it half applied.
import { describe, expect, it } from "vitest";
import { turnCounter } from "../../../../lib/testing/turn-counter.js";
import { Yielder } from "../../../../lib/turns/index.js";
import { CodeGraphState } from "../../src/adapters/embedded-graph/code-graph-state.js";
import { GraphState } from "../../src/adapters/embedded-graph/graph-state.js";
import type { CodeEdge } from "../../src/ports/code-graph-store.js";
import { makeCodeFile } from "../conformance/code-graph-store.conformance.js";

const FILES = 30;
const path = (i: number) => `src/f${i}.ts`;

/** A small deterministic generator (the same sequence at every run). */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

/** File i with some of its symbols and REFERENCES to symbols of other files (some repeated, some missing). */
function fileVersion(i: number, next: () => number) {
  const names = ["a", "b", "c", "d"].filter(() => next() < 0.7);
  const refs: CodeEdge[] = [];
  for (let k = 0; k < 6; k++) {
    const target = `app:${path(Math.floor(next() * FILES))}#${"abcde"[Math.floor(next() * 5)]}`;
    refs.push({ type: "REFERENCES", from: `app:${path(i)}`, to: target, confidence: 0.9 });
  }
  return makeCodeFile("app", path(i), names, refs, `h${next()}`);
}

function reads(state: CodeGraphState) {
  const ids = [];
  for (let i = 0; i < FILES; i++) {
    ids.push(`app:${path(i)}`);
    for (const n of "abcde") ids.push(`app:${path(i)}#${n}`);
  }
  const key = (e: CodeEdge) => `${e.type} ${e.from} ${e.to}`;
  return {
    counts: state.counts(),
    summary: state.summary("app"),
    files: state.filesOf("app"),
    symbols: state.symbolsById(ids),
    neighbours: ids.map((id) => state.neighbours([id]).map(key).sort()),
    edges: state.edgesOf("app").map(key).sort(),
  };
}

describe("CodeGraphState", () => {
  it("answers after many rewrites of stored files as a state built afresh", () => {
    const next = random(7);
    const state = new CodeGraphState();
    state.apply({
      op: "code.repo.put",
      repository: { name: "app", path: null, status: "ready", indexed_at: null, error: null },
    });
    for (let round = 0; round < 40; round++) {
      const upsert = [];
      const remove = [];
      for (let i = 0; i < FILES; i++) {
        const r = next();
        if (r < 0.3) upsert.push(fileVersion(i, next));
        else if (r < 0.35) remove.push(path(i));
      }
      state.apply({ op: "code.files", change: { repo: "app", upsert, remove } });
    }
    const fresh = new CodeGraphState();
    fresh.load(state.toSnapshot());
    expect(reads(state)).toEqual(reads(fresh));
    expect(reads(state).edges.length).toBeGreaterThan(0);
  });

  it("applies a large write a file at a time, never seen half applied, with what follows behind it", async () => {
    const state = new CodeGraphState();
    const upsert = Array.from({ length: 2000 }, (_, i) => makeCodeFile("app", `src/big${i}.ts`, ["x", "y"]));
    const applied = state.applyInSlices(
      { op: "code.files", change: { repo: "app", upsert, remove: [] } },
      new Yielder(0),
    );
    // Queued behind the large write, not applied before it.
    state.apply({ op: "code.files", change: { repo: "app", upsert: [], remove: ["src/big0.ts"] } });
    let done = false;
    void applied.then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 1));
    // A timer fired while the write was being applied: the loop turned in between.
    const midway = { done, files: state.counts().files };
    await applied;
    expect(midway.done).toBe(false);
    // A read finishes what is left first: all 2000, then the removal.
    expect(midway.files).toBe(1999);
    expect(state.counts()).toEqual({ repositories: 0, files: 1999, symbols: 3998 });
    await state.settled();
  });

  it("snapshots whole writes while one is being applied", async () => {
    const state = new CodeGraphState();
    const upsert = Array.from({ length: 500 }, (_, i) => makeCodeFile("app", `src/s${i}.ts`, ["x"]));
    const applied = state.applyInSlices(
      { op: "code.files", change: { repo: "app", upsert, remove: [] } },
      new Yielder(0),
    );
    expect(state.toSnapshot().files).toHaveLength(500);
    await applied;
  });
});

describe("GraphState.settledSnapshot (a compaction's snapshot)", () => {
  it("waits for a large write being applied, turn by turn, instead of finishing it in one task", async () => {
    const state = new GraphState(100);
    const upsert = Array.from({ length: 300 }, (_, i) => makeCodeFile("app", `src/c${i}.ts`, ["x"]));
    const applied = state.code.applyInSlices(
      { op: "code.files", change: { repo: "app", upsert, remove: [] } },
      new Yielder(0),
    );
    const turns = turnCounter();
    try {
      const snapshot = await state.settledSnapshot(3);
      // toSnapshot alone would have applied the other 299 files at once, with no turn in between.
      expect(turns.now()).toBeGreaterThan(10);
      expect(snapshot.code?.files).toHaveLength(300);
      expect(snapshot.generation).toBe(3);
    } finally {
      turns.stop();
    }
    await applied;
  });
});
