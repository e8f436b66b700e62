// The benchmark's reading of a ranking miss (bench/e2e-search/miss-class.ts): which evidence would
// have decided it, from the labels of the answer and of what ranked first.
import { describe, expect, it } from "vitest";
import { type MissCase, missClass } from "../../../bench/e2e-search/miss-class.js";

const miss = (answer: string, first: string, more: Partial<MissCase> = {}): MissCase => ({
  expected: [answer],
  answer,
  first,
  inPool: true,
  answerOwn: 0.5,
  answerWordnet: 0.5,
  firstOwn: 0.5,
  ...more,
});

describe("a miss's class", () => {
  it("tells the operation, item and nesting confusions apart, whatever the parameter syntax", () => {
    expect(missClass(miss("s:PUT /books/{id}", "s:DELETE /books/:bookId"))).toBe("same path, another method");
    expect(missClass(miss("s:GET /books", "s:GET /books/<int:id>"))).toBe("item vs collection");
    expect(missClass(miss("s:GET /lists/{id}/members", "s:GET /members"))).toBe(
      "nested vs top-level resource",
    );
  });

  it("calls a miss a vocabulary gap only when the answer holds none of the user's words", () => {
    expect(missClass(miss("s:GET /star", "s:GET /songs", { answerOwn: 0 }))).toBe(
      "vocabulary gap (no word of the query in the answer)",
    );
    expect(missClass(miss("s:GET /star", "s:GET /songs"))).toBe("another resource sharing a word");
    expect(missClass(miss("s:GET /star", "s:GET /songs", { firstOwn: 0 }))).toBe(
      "another resource, no shared word",
    );
  });

  it("puts an answer the first stage never offered, or a DTO ranked first, in classes of their own", () => {
    expect(missClass(miss("s:GET /star", "s:GET /songs", { inPool: false }))).toBe("answer not in the pool");
    expect(missClass(miss("s:GET /star", "dto s:Song"))).toBe(
      "another kind first (DTO, field, page method, module)",
    );
  });
});
