// The benchmark's fit (bench/e2e-search/cross-validate.ts) with the handler_dup feature: an answer
// that repeats a better candidate's handler (a route's second spelling) is left out of the fit's
// pairs, so the model learns to push repeats down instead of keeping them as answers.
import { describe, expect, it } from "vitest";
import { fitAll, type JudgedQuery } from "../../../bench/e2e-search/cross-validate.js";

const names = ["lex_own", "handler_dup"] as const;

/** One query: GET /1 answers; GET /2 answers too, a repeat of /1's handler; /3 and /4 do not. */
const query = (id: string): JudgedQuery => ({
  id,
  app: id,
  query: "stream a track",
  expected: [`${id}:GET /1`, `${id}:GET /2`],
  labels: [`${id}:GET /1`, `${id}:GET /2`, `${id}:GET /3`, `${id}:GET /4`],
  features: [
    [1, 0],
    [0, 1],
    [0.5, 0],
    [0.2, 1],
  ],
  names: names as unknown as JudgedQuery["names"],
  bm25: 0,
  bm25Deep: 0,
  rules: 0,
});

describe("a fit with handler_dup", () => {
  it("does not count a repeated spelling of an answer as an answer: the repeat's weight is negative", () => {
    const { model } = fitAll([query("a"), query("b")]);
    expect(model.weights[names.indexOf("handler_dup")]).toBeLessThan(0);
  });

  it("counts every answer when the features do not tell repeats apart", () => {
    const plain = (q: JudgedQuery): JudgedQuery => ({
      ...q,
      names: ["lex_own", "cosine"] as unknown as JudgedQuery["names"],
    });
    const { model } = fitAll([plain(query("a")), plain(query("b"))]);
    // The second answer (0, 1) is kept: to rank it over (0.5, 0) the second column must count for it.
    expect(model.weights[1]).toBeGreaterThan(0);
  });
});
