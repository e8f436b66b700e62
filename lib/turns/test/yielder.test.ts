import { describe, expect, it } from "vitest";
import { turnCounter } from "../../testing/turn-counter.js";
import { nextTurn, Yielder } from "../yielder.js";

describe("nextTurn", () => {
  it("resumes one waiting loop per turn of the event loop, first come first served", async () => {
    const counter = turnCounter();
    const resumed: [string, number][] = [];
    const loop = async (name: string) => {
      for (let i = 0; i < 3; i++) {
        await nextTurn();
        resumed.push([name, counter.now()]);
      }
    };
    await Promise.all([loop("a"), loop("b"), loop("c")]);
    counter.stop();
    expect(resumed.map(([name]) => name)).toEqual(["a", "b", "c", "a", "b", "c", "a", "b", "c"]);
    // Each resumption in a turn of its own: the counter moved between any two of them (three loops
    // giving way with a setImmediate each would all resume in the same check phase).
    for (let k = 1; k < resumed.length; k++) expect(resumed[k]![1]).toBeGreaterThan(resumed[k - 1]![1]);
  });
});

describe("Yielder", () => {
  it("answers at once inside its slice, and waits for a turn after it", async () => {
    const yielder = new Yielder(20);
    expect(yielder.tick()).toBeUndefined();
    const end = performance.now() + 25;
    while (performance.now() < end) {
      // a slice of work
    }
    const counter = turnCounter();
    const before = counter.now();
    const wait = yielder.tick();
    expect(wait).toBeInstanceOf(Promise);
    await wait;
    expect(counter.now()).toBeGreaterThan(before);
    counter.stop();
    expect(yielder.tick()).toBeUndefined();
    expect(Yielder.never.tick()).toBeUndefined();
  });
});
