// Issue search's separate fields (issue-fields.ts) and the re-ranker that reads them
// (issue-reranker.ts), through a real SearchService over the embedded vector index.
import { describe, expect, it } from "vitest";
import { HashingEmbedder } from "../../../../lib/embedding/index.js";
import { queryTerms } from "../../../../lib/search/index.js";
import { EmbeddedVectorIndex } from "../../src/adapters/embedded-vector/index.js";
import { SearchService } from "../../src/domain/search/index.js";
import { componentScore, IssueFieldIndex } from "../../src/domain/search/issue-fields.js";
import { ISSUE_RANK_FEATURES, type IssueReranker } from "../../src/domain/search/issue-reranker.js";
import { component, issue } from "./fixtures.js";

/** A model that ranks by one feature alone. */
const only = (feature: string): IssueReranker => ({
  model: {
    features: ISSUE_RANK_FEATURES,
    weights: ISSUE_RANK_FEATURES.map((f) => (f === feature ? 1 : 0)),
    scale: 1,
    bias: 0,
  },
  floor: 0,
});

const ISSUES = [
  { ...issue("a", "Export stalls", "The export job never finishes.", ["bug"]), component_id: "c-bill" },
  { ...issue("b", "Invoice export stalls", "Stuck at 90 percent.", ["billing"]), component_id: "c-rep" },
  {
    ...issue("c", "Dashboard blank", "The export of the invoice list shows nothing.", []),
    component_id: null,
  },
];
const COMPONENTS = [component("c-bill", "Invoices", "Billing"), component("c-rep", "Reports", "Charts")];

async function service(model?: IssueReranker): Promise<SearchService> {
  const search = new SearchService(new EmbeddedVectorIndex(), new HashingEmbedder(), {
    minScore: 0,
    ...(model ? { issueReranker: model } : { issueFields: true }),
  });
  // Issues before their components, as indexAll does: the component name is read at query time.
  await search.indexAll(ISSUES, COMPONENTS);
  return search;
}

describe("issue fields", () => {
  it("scores a query word only in the field that holds it", () => {
    const index = new IssueFieldIndex();
    index.set("issue:x", { title: "invoice", description: "stalls", labels: ["billing"] });
    const scores = (q: string) =>
      index.fieldScores(queryTerms(q), ["issue:x"], () => "Reports").get("issue:x")!;
    expect(scores("invoice").map((s) => s > 0)).toEqual([true, false, false, false]);
    expect(scores("stalls").map((s) => s > 0)).toEqual([false, true, false, false]);
    expect(scores("billing").map((s) => s > 0)).toEqual([false, false, true, false]);
    expect(scores("reports")).toEqual([0, 0, 0, 1]);
  });

  it("gives the component field the share of the user's own words in the name", () => {
    expect(componentScore(queryTerms("invoice reports stuck"), "Reports")).toBeCloseTo(1 / 3);
    expect(componentScore(queryTerms("invoice"), "")).toBe(0);
    expect(componentScore([], "Reports")).toBe(0);
  });

  it("reads each issue's features: the component by its indexed name, none without a component", async () => {
    const rows = await (await service()).issueFeatureRows({ query: "invoices export" });
    const byId = new Map(rows.map((r) => [r.id, r.features]));
    const component = ISSUE_RANK_FEATURES.indexOf("component");
    // "invoices" is one of the two words: a's component is named Invoices.
    expect(byId.get("a")![component]).toBe(0.5);
    expect(byId.get("b")![component]).toBe(0);
    expect(byId.get("c")![component]).toBe(0);
  });

  it("re-orders issues by the model, keeping the scores shown in falling order", async () => {
    const ids = async (model?: IssueReranker) =>
      (await (await service(model)).search({ query: "invoice export stalls" })).map(
        (r) => [r.id, r.score] as const,
      );
    const byTitle = await ids(only("title"));
    const byDescription = await ids(only("description"));
    expect(byTitle[0]![0]).toBe("b");
    expect(byDescription[0]![0]).toBe("c");
    for (const list of [byTitle, byDescription]) {
      const scores = list.map(([, s]) => s);
      expect(scores).toEqual([...scores].sort((x, y) => y - x));
    }
    // The same issues are found with and without the model: it only re-orders.
    expect(new Set(byTitle.map(([id]) => id))).toEqual(new Set((await ids()).map(([id]) => id)));
  });

  it("refuses the feature rows when the service keeps no field index", async () => {
    const search = new SearchService(new EmbeddedVectorIndex(), new HashingEmbedder());
    await search.indexAll(ISSUES, []);
    await expect(search.issueFeatureRows({ query: "export" })).rejects.toThrow(/issue fields are kept only/);
  });
});
