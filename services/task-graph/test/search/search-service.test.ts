import { describe, expect, it } from "vitest";
import { HashingEmbedder } from "../../../../lib/embedding/index.js";
import { EmbeddedVectorIndex } from "../../src/adapters/embedded-vector/index.js";
import { SearchService } from "../../src/domain/search/index.js";
import { COMPONENTS, component, ISSUES, issue } from "./fixtures.js";

async function service(): Promise<SearchService> {
  const search = new SearchService(new EmbeddedVectorIndex(), new HashingEmbedder());
  await search.indexAll(ISSUES, COMPONENTS);
  return search;
}

describe("SearchService hybrid search", () => {
  it("ranks the issues about a login failure above unrelated ones", async () => {
    const results = await (await service()).search({ query: "login fails with 401" });
    expect(results[0]).toMatchObject({
      type: "issue",
      id: "i1",
      title: "Login fails with 401 after token refresh",
    });
    const ids = results.map((r) => r.id);
    expect(ids.indexOf("i5")).toBeLessThan(
      ids.indexOf("i2") === -1 ? Number.POSITIVE_INFINITY : ids.indexOf("i2"),
    );
  });

  it("returns results sorted by a score in [0, 1], at most `limit` of them", async () => {
    const search = await service();
    const results = await search.search({ query: "login authentication token", limit: 3 });
    expect(results.length).toBeLessThanOrEqual(3);
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) {
      expect(r.score).toBeGreaterThan(0);
      expect(r.score).toBeLessThanOrEqual(1);
    }
    expect([...results].sort((a, b) => b.score - a.score)).toEqual(results);
  });

  it("finds code identifiers by their parts and by their whole name", async () => {
    const search = await service();
    expect((await search.search({ query: "getUserById" }))[0]?.id).toBe("i4");
    expect((await search.search({ query: "user by id" }))[0]?.id).toBe("i4");
  });

  it("searches components too, and restricts to the requested types", async () => {
    const search = await service();
    const all = await search.search({ query: "charts rendered in the dashboard" });
    expect(all[0]).toMatchObject({ type: "component", id: "c2", title: "dashboard" });
    const issuesOnly = await search.search({ query: "charts rendered in the dashboard", types: ["issue"] });
    expect(issuesOnly.every((r) => r.type === "issue")).toBe(true);
    expect(issuesOnly[0]?.id).toBe("i2");
    expect(await search.search({ query: "dashboard", types: [] })).toEqual([]);
  });

  it("cuts the snippet around the matching terms of a long description", async () => {
    const search = new SearchService(new EmbeddedVectorIndex(), new HashingEmbedder());
    const filler = "Nothing relevant happens in this sentence at all. ".repeat(12);
    await search.indexIssue(
      issue("long", "Flaky build", `${filler}The Redis timeout appears in the nightly build. ${filler}`),
    );
    const [hit] = await search.search({ query: "redis timeout" });
    expect(hit!.snippet).toContain("Redis timeout appears in the nightly build");
    expect(hit!.snippet.startsWith("…")).toBe(true);
    expect(hit!.snippet.endsWith("…")).toBe(true);
    expect(hit!.snippet.length).toBeLessThanOrEqual(202);
    // A caller that shows titles only gets the same hits without snippets.
    const [bare] = await search.search({ query: "redis timeout", snippets: false });
    expect({ ...bare, snippet: hit!.snippet }).toEqual(hit);
    expect(bare!.snippet).toBe("");
  });

  it("uses the whole short description as the snippet, and the title when there is none", async () => {
    const search = new SearchService(new EmbeddedVectorIndex(), new HashingEmbedder());
    await search.indexIssue(issue("a", "Cache stampede", "Many   misses\nat once."));
    await search.indexIssue(issue("b", "Cache eviction policy", ""));
    const results = await search.search({ query: "cache" });
    expect(results.find((r) => r.id === "a")?.snippet).toBe("Many misses at once.");
    expect(results.find((r) => r.id === "b")?.snippet).toBe("Cache eviction policy");
  });

  it("reflects updates and removals at once", async () => {
    const search = await service();
    await search.indexIssue(issue("i2", "Kafka consumer lag grows", "The consumer group falls behind."));
    expect((await search.search({ query: "kafka consumer lag" }))[0]?.id).toBe("i2");
    expect((await search.search({ query: "chart colours dark mode" })).some((r) => r.id === "i2")).toBe(
      false,
    );
    await search.remove("issue", "i2");
    expect((await search.search({ query: "kafka consumer lag" })).some((r) => r.id === "i2")).toBe(false);
    await search.indexComponent(component("c9", "kafka-bridge", "Moves events"));
    expect((await search.search({ query: "kafka" }))[0]).toMatchObject({ type: "component", id: "c9" });
  });

  it("returns nothing for a query that shares no term and no real similarity with any item", async () => {
    const search = new SearchService(new EmbeddedVectorIndex(), new HashingEmbedder());
    await search.indexIssue(
      issue("inv", "Invoice totals rounded wrongly", "computeInvoiceTotal rounds each line."),
    );
    expect(await search.search({ query: "webhook retries" })).toEqual([]);
    expect(await search.search({ query: "zzqx" })).toEqual([]);
    expect((await search.search({ query: "invoice rounding" }))[0]?.id).toBe("inv");
  });

  it("refuses a blank query and an out-of-range limit", async () => {
    const search = await service();
    await expect(search.search({ query: "   " })).rejects.toThrow(/query must not be blank/);
    await expect(search.search({ query: "x", limit: 101 })).rejects.toThrow(
      /limit must be an integer 1..100/,
    );
  });

  it("never returns a vector-store item it did not index itself (e.g. left in Redis by a past run)", async () => {
    const vectors = new EmbeddedVectorIndex();
    const embedder = new HashingEmbedder();
    const [stale] = await embedder.embed(["Kafka consumer lag"]);
    await vectors.upsert({
      key: "issue:gone",
      type: "issue",
      id: "gone",
      title: "Kafka consumer lag",
      text: "",
      vector: stale!,
    });
    const search = new SearchService(vectors, embedder);
    await search.indexIssue(issue("kept", "Kafka broker restarts", "The broker restarts nightly."));
    const results = await search.search({ query: "kafka consumer lag" });
    expect(results.map((r) => r.id)).toEqual(["kept"]);
  });
});
