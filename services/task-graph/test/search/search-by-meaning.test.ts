// Search by meaning through the real service over HTTP: WordNet synonyms and pre-trained word
// vectors (the default local embedder, and soft matching) bridge words the issue does not use, an id finds its issue, nonsense finds nothing, and status filters apply.
// The service runs with the default local embedder (WordVectorEmbedder), not the test helper's
// hashing embedder, because the default ranking is what these examples describe.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WordVectorEmbedder } from "../../../../lib/embedding/index.js";
import { type Json, type StartedService, startService } from "../../harness/start-service.js";

let svc: StartedService;
const ids: Record<string, string> = {};

beforeAll(async () => {
  svc = await startService({ adapters: { embedder: new WordVectorEmbedder() } });
  const issues: [string, string, string][] = [
    [
      "graceful",
      "Graceful close of the queue consumer never completes",
      "Calling close() waits for an acknowledgement the broker never sends; the process stays up until it is killed.",
    ],
    ["invoice", "Invoice totals off by one cent", "Line items are rounded individually before summing."],
    [
      "charts",
      "Dark mode charts unreadable",
      "The burn-down chart draws dark grey lines on a dark background.",
    ],
    ["sofa", "Catalog lists sofas", "Merchandisers describe seating for the living room."],
    [
      "refund",
      "Refunds stuck in pending",
      "The payment provider never confirms the reversal, so the buyer keeps waiting.",
    ],
  ];
  for (const [key, title, description] of issues) {
    const created = await svc.post("/api/v1/issues", { title, description });
    expect(created.status).toBe(201);
    ids[key] = created.body.id;
  }
});
afterAll(() => svc.close());

const search = async (body: object): Promise<Json> => {
  const res = await svc.post("/api/v1/rag/search", body);
  expect(res.status, res.text).toBe(200);
  return res.body;
};

describe("search by meaning", () => {
  it('finds "graceful close" for "server shutdown hangs", a query sharing none of its words', async () => {
    const body = await search({ query: "server shutdown hangs" });
    expect(body.results[0]).toMatchObject({ id: ids.graceful, status: "OPEN" });
  });

  it("finds an issue through a synonym of a word in it (couch → sofa)", async () => {
    const body = await search({ query: "couch" });
    expect(body.results[0]?.id).toBe(ids.sofa);
  });

  it("finds an issue through words close in meaning that no synonym list links (money back → refunds)", async () => {
    const body = await search({ query: "customers ask for their money back" });
    expect(body.results[0]?.id).toBe(ids.refund);
  });

  it("returns nothing for a nonsense query", async () => {
    expect((await search({ query: "qwxz blorf" })).results).toEqual([]);
  });

  it("answers an issue's id with that issue first", async () => {
    const body = await search({ query: ids.invoice });
    expect(body.results[0]).toMatchObject({ id: ids.invoice, score: 1 });
  });

  it("keeps only issues of the requested status once one is closed", async () => {
    expect((await svc.patch(`/api/v1/issues/${ids.charts}`, { status: "CLOSED" })).status).toBe(200);
    const closed = await search({ query: "dark mode charts", status: ["CLOSED"] });
    expect(closed.results.map((r: Json) => [r.id, r.status])).toEqual([[ids.charts, "CLOSED"]]);
    const open = await search({ query: "dark mode charts", status: ["OPEN"] });
    expect(open.results.some((r: Json) => r.id === ids.charts)).toBe(false);
  });
});
