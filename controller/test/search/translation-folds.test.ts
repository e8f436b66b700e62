// The benchmark's trial translation table (bench/e2e-search/translation-folds.ts): query words
// predicting words of their answers' routes, learned from judged queries, never from a list.
import { describe, expect, it } from "vitest";
import type { JudgedQuery } from "../../../bench/e2e-search/cross-validate.js";
import {
  translationCrossFitted,
  translationOf,
  withTranslation,
} from "../../../bench/e2e-search/translation-folds.js";

const names = ["lex_own", "tt", "tt_x"] as unknown as JudgedQuery["names"];
const judged = (app: string, query: string, answer: string, other: string): JudgedQuery => ({
  id: `${app}-${query}`,
  app,
  query,
  expected: [`${app}:POST ${answer}`],
  labels: [`${app}:POST ${answer}`, `${app}:GET ${other}`],
  features: [
    [0, 0, 0],
    [0, 0, 0],
  ],
  names,
  bm25: 0,
  bm25Deep: 0,
  rules: 0,
});

const train = [
  judged("a", "favourite this song", "/rest/star", "/rest/songs"),
  judged("b", "favourite an album", "/api/star", "/api/albums"),
  judged("c", "list the albums", "/albums", "/star"),
];

describe("the trial translation table", () => {
  it("credits the route word the training answers pair with a query word no route holds", () => {
    const q = withTranslation(judged("d", "favourite a track", "/x/star", "/x/tracks"), translationOf(train));
    const ttx = names.indexOf("tt_x" as never);
    expect(q.features[0]![ttx]).toBeGreaterThan(0);
    expect(q.features[0]![ttx]).toBeGreaterThan(q.features[1]![ttx]!);
  });

  it("cross-fits a training query from a table without its own app", () => {
    // Without app a, "song" appears in no training query: a's query reads only "favourite".
    const [a] = translationCrossFitted(train);
    const alone = withTranslation(train[0]!, translationOf(train.slice(1)));
    expect(a!.features).toEqual(alone.features);
    expect(withTranslation(train[0]!, translationOf(train)).features).not.toEqual(alone.features);
  });
});
