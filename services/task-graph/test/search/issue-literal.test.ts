// Issue search's literal features (issue-literal.ts), the per-query scaling and the model file of
// the fitted re-ranker (issue-reranker.ts), through a real SearchService and real files.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HashingEmbedder } from "../../../../lib/embedding/index.js";
import { LexicalIndex, queryTerms, SoftMatcher, writeLinearModel } from "../../../../lib/search/index.js";
import { EmbeddedVectorIndex } from "../../src/adapters/embedded-vector/index.js";
import { SearchService } from "../../src/domain/search/index.js";
import { LITERAL_FEATURES, literalScores } from "../../src/domain/search/issue-literal.js";
import {
  ISSUE_RANK_FEATURES,
  normaliseByQuery,
  readIssueReranker,
} from "../../src/domain/search/issue-reranker.js";
import { issue } from "./fixtures.js";

describe("issue search's literal features", () => {
  const index = new LexicalIndex();
  index.set("a", "issue", [["uuid1 timestamp loses precision", 1]]);
  index.set("b", "issue", [["timestamp of the log record", 1]]);
  index.set("c", "issue", [["dark mode charts", 1]]);

  it("scores the user's own words exactly: BM25, the idf share held, and BM25 times the unknown share", () => {
    const own = queryTerms("uuid1 timestamp");
    const scores = literalScores(index, own, ["a", "b", "c"], 0.5);
    const feature = (i: number) => (k: string) => scores.get(k)![i]!;
    expect(LITERAL_FEATURES).toEqual(["bm25", "coverage", "bm25_unknown"]);
    const [bm25, coverage, unknown] = [feature(0), feature(1), feature(2)];
    expect(bm25("a")).toBeGreaterThan(bm25("b"));
    expect(bm25("c")).toBe(0);
    expect(coverage("a")).toBeCloseTo(1);
    // "timestamp" is in two of three issues, "uuid1" in one: b holds the commoner, lighter word.
    expect(coverage("b")).toBeGreaterThan(0);
    expect(coverage("b")).toBeLessThan(0.5);
    expect(unknown("a")).toBeCloseTo(bm25("a") * 0.5);
  });

  it("counts the query words the word vectors do not know, expansions aside", () => {
    const soft = new SoftMatcher(index);
    expect(soft.unknownShare(queryTerms("qwxzblorf dark"))).toBe(0.5);
    expect(soft.unknownShare([...queryTerms("dark"), { term: "qwxzblorf", weight: 0.5 }])).toBe(0);
    expect(soft.unknownShare([])).toBe(0);
  });

  it("gives the re-ranker every issue candidate's features, literal ones included", async () => {
    const search = new SearchService(new EmbeddedVectorIndex(), new HashingEmbedder(), {
      minScore: 0,
      issueFields: true,
    });
    await search.indexAll(
      [issue("x", "Export stalls", "The export job never finishes."), issue("y", "Dashboard blank", "")],
      [],
    );
    const rows = await search.issueFeatureRows({ query: "export stalls" });
    expect(rows[0]!.id).toBe("x");
    expect(rows[0]!.features).toHaveLength(ISSUE_RANK_FEATURES.length);
    const at = (f: string) => rows[0]!.features[ISSUE_RANK_FEATURES.indexOf(f)]!;
    expect(at("bm25")).toBeGreaterThan(0);
    expect(at("coverage")).toBeCloseTo(1);
  });
});

describe("the fitted re-ranker's scaling and file", () => {
  it("scales each feature by its largest value in the query, but a trace under the floor stays small", () => {
    const rows = [
      [0.4, 0.04],
      [0.2, 0],
    ];
    expect(normaliseByQuery(rows, 0)).toEqual([
      [1, 1],
      [0.5, 0],
    ]);
    expect(normaliseByQuery(rows, 0.5)[0]).toEqual([0.8, 0.08]);
  });

  it("reads a model the fit wrote with its floor, and refuses one without it", () => {
    const dir = mkdtempSync(join(tmpdir(), "issue-reranker-"));
    const path = join(dir, "model.json");
    const model = {
      features: ISSUE_RANK_FEATURES,
      weights: ISSUE_RANK_FEATURES.map(() => 1),
      scale: 1,
      bias: 0,
    };
    writeLinearModel(path, model, "test", "test");
    expect(() => readIssueReranker(path)).toThrow(/normalise_floor/);
    writeLinearModel(path, { ...model, features: ["hybrid"], weights: [1] }, "test", "test");
    expect(() => readIssueReranker(path)).toThrow(/npm run fit:issue-search/);
    writeFileSync(path, JSON.stringify({ ...model, normalise_floor: 0.1, description: "", fitted_on: "" }));
    expect(readIssueReranker(path)).toMatchObject({ model, floor: 0.1 });
  });
});
