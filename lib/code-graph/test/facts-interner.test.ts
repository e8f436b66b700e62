// Kept facts share equal strings (facts-interner.ts): the facts stay equal and the table stays bounded.
import { describe, expect, it } from "vitest";
import { extractFacts } from "../extract/index.js";
import { internFacts, StringInterner } from "../facts-interner.js";

const SOURCE = `
import { helper as h, other } from "./util.js";
export class Service {
  run() { return h(1) + other.go(); }
  stop() { return h(2); }
}
`;

describe("internFacts", () => {
  it("leaves a file's facts equal to what was extracted", async () => {
    const facts = await extractFacts(SOURCE, "typescript");
    const before = structuredClone(facts);
    expect(internFacts(facts, new StringInterner())).toStrictEqual(before);
    expect(facts.references.length).toBeGreaterThan(2);
  });
});

describe("StringInterner", () => {
  it("keeps one entry for equal strings and starts over at its limit", () => {
    const strings = new StringInterner(3);
    strings.intern(["ab", "c"].join(""));
    expect(strings.intern("abc")).toBe("abc");
    expect(strings.size).toBe(1);
    for (const s of ["x", "y"]) strings.intern(s);
    expect(strings.size).toBe(3);
    strings.intern("z");
    expect(strings.size).toBe(1);
  });
});
