// Black-box: issues and components written through the API are searchable at once, updates and
// deletes are reflected, and nothing needs a manual index call (SPEC §2, RAG search).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceApp } from "../../../../lib/service-kit/index.js";
import { selectAdapters } from "../../src/adapters/select.js";
import { buildTaskGraphApp } from "../../src/app.js";

let app: ServiceApp;
beforeAll(async () => {
  app = await buildTaskGraphApp({ adapters: await selectAdapters({}), env: {}, logger: false });
  await app.ready();
});
afterAll(() => app.close());

const search = async (query: string, extra: object = {}) => {
  const res = await app.inject({ method: "POST", url: "/api/v1/rag/search", payload: { query, ...extra } });
  expect(res.statusCode).toBe(200);
  return res.json().results as { type: string; id: string; title: string; snippet: string; score: number }[];
};

describe("RAG search over what the API wrote", () => {
  it("finds a created issue, follows its update and forgets it after delete", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/issues",
      payload: {
        title: "Webhook delivery retries forever",
        description: "sendWebhook never gives up after a 410 Gone.",
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await search("webhook retries"))[0]).toMatchObject({
      type: "issue",
      id,
      title: "Webhook delivery retries forever",
    });

    const patched = await app.inject({
      method: "PATCH",
      url: `/api/v1/issues/${id}`,
      payload: {
        title: "Invoice totals rounded wrongly",
        description: "computeInvoiceTotal rounds each line.",
      },
    });
    expect(patched.statusCode).toBe(200);
    expect((await search("invoice rounding"))[0]?.id).toBe(id);
    expect((await search("webhook retries")).some((r) => r.id === id)).toBe(false);

    expect((await app.inject({ method: "DELETE", url: `/api/v1/issues/${id}` })).statusCode).toBe(204);
    expect((await search("invoice rounding")).some((r) => r.id === id)).toBe(false);
  });

  it("finds components too, and filters by type", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/components",
      payload: { name: "payments-gateway", description: "Charges cards through the PSP.", project: "shop" },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await search("payments gateway cards"))[0]).toMatchObject({ type: "component", id });
    expect((await search("payments gateway cards", { types: ["issue"] })).some((r) => r.id === id)).toBe(
      false,
    );
  });
});
