// The search index's issue facets, which root-cause analysis ranks its candidates through: the
// component's and a label's issues most recently changed first, following every write.
import { describe, expect, it } from "vitest";
import { HashingEmbedder } from "../../../../lib/embedding/index.js";
import { EmbeddedVectorIndex } from "../../src/adapters/embedded-vector/index.js";
import { SearchService } from "../../src/domain/search/index.js";
import type { IssueRecord } from "../../src/ports/graph-store.js";
import { makeIssue } from "../conformance/graph-store.conformance.js";

const at = (day: number) => `2026-11-${String(day).padStart(2, "0")}T12:00:00.000`;

describe("issue facets by recency", () => {
  it("lists a component's and a label's issues most recently changed first, after every kind of write", async () => {
    const search = new SearchService(new EmbeddedVectorIndex(), new HashingEmbedder());
    const issue = (id: string, day: number, over: Partial<IssueRecord> = {}) =>
      makeIssue({
        id,
        component_id: "c1",
        labels: ["Flaky"],
        created_at: at(1),
        updated_at: at(day),
        ...over,
      });
    await search.indexAll([issue("a", 3), issue("b", 5), issue("c", 4)], []);
    expect(search.issuesOfComponentByRecency("c1")).toEqual(["b", "c", "a"]);
    expect(search.issuesWithLabelByRecency("FLAKY")).toEqual(["b", "c", "a"]);

    await search.indexIssue(issue("d", 6)); // joins
    expect(search.issuesOfComponentByRecency("c1")).toEqual(["d", "b", "c", "a"]);
    expect(search.issuesWithLabelByRecency("flaky")).toEqual(["d", "b", "c", "a"]);
    await search.indexIssue(issue("a", 7)); // changes
    expect(search.issuesOfComponentByRecency("c1")).toEqual(["a", "d", "b", "c"]);

    expect(search.issuesOfComponentByRecency("c2")).toEqual([]);
    await search.indexIssue(issue("b", 5, { component_id: "c2", labels: [] })); // moves away
    await search.indexIssue(issue("c", 4, { closed_at: at(8) })); // a close counts as a change
    expect(search.issuesOfComponentByRecency("c1")).toEqual(["c", "a", "d"]);
    expect(search.issuesOfComponentByRecency("c2")).toEqual(["b"]);
    expect(search.issuesWithLabelByRecency("flaky")).toEqual(["c", "a", "d"]);

    await search.remove("issue", "a");
    expect(search.issuesOfComponentByRecency("c1")).toEqual(["c", "d"]);
    expect(search.issueFacts("a")).toBeUndefined();
    expect(search.issueFacts("c")).toMatchObject({ component_id: "c1", labels: ["flaky"] });
  });

  it("breaks a tie of last change by the smaller id, as root-cause ranking does", async () => {
    const search = new SearchService(new EmbeddedVectorIndex(), new HashingEmbedder());
    const same = (id: string) => makeIssue({ id, component_id: "c1", created_at: at(1), updated_at: at(2) });
    await search.indexAll([same("z"), same("m"), same("b")], []);
    expect(search.issuesOfComponentByRecency("c1")).toEqual(["b", "m", "z"]);
  });
});
