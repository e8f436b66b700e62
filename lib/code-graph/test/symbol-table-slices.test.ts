import { describe, expect, it } from "vitest";
import { turnCounter } from "../../testing/turn-counter.js";
import { STEPS_PER_LOOK, Yielder } from "../../turns/index.js";
import type { FileFacts, SymbolFact } from "../facts.js";
import { SymbolTable } from "../graph/symbol-table.js";

/** One generated declaration file: a class with `members` methods, then as many functions. */
function bigFile(members: number): FileFacts {
  const symbols: SymbolFact[] = [
    {
      qualified: "Api",
      name: "Api",
      kind: "class",
      line: 1,
      endLine: members + 2,
      signature: "class Api",
      exported: true,
    },
  ];
  for (let i = 0; i < members; i++) {
    const name = `call${i}`;
    symbols.push({
      qualified: `Api.${name}`,
      name,
      kind: "method",
      line: i + 2,
      endLine: i + 2,
      signature: `${name}(): void`,
      exported: false,
      parent: "Api",
    });
    symbols.push({
      qualified: `fn${i}`,
      name: `fn${i}`,
      kind: "function",
      line: members + 3 + i,
      endLine: members + 3 + i,
      signature: `function fn${i}(): void`,
      exported: true,
    });
  }
  return {
    language: "typescript",
    lines: 2 * members + 3,
    symbols,
    imports: [],
    references: [],
    hasErrors: false,
  };
}

describe("SymbolTable.build", () => {
  it("gives way inside a file with thousands of symbols, and builds what the one-task build does", async () => {
    const files = new Map([
      ["types/api.d.ts", bigFile(3000)],
      ["src/small.ts", bigFile(2)],
    ]);
    const counter = turnCounter();
    // A slice of 0 ms: every look at the clock that is due gives way.
    const sliced = await SymbolTable.build("r", files, new Yielder(0));
    const turns = counter.now();
    counter.stop();
    const whole = new SymbolTable("r", files);

    const symbolCount = 6001 + 5;
    expect(turns).toBeGreaterThanOrEqual(Math.floor((2 * symbolCount) / STEPS_PER_LOOK));
    expect(sliced.symbols).toEqual(whole.symbols);
    expect(sliced.symbols.filter((s) => s.parent === "r:types/api.d.ts#Api")).toHaveLength(3000);
  });
});
