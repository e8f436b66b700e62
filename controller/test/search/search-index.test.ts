// The search index in-process, over a small hand-written manifest: what the words of an endpoint
// are beyond its path (the service's name) and which words of a path count (all of them).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { WordVectorEmbedder } from "../../../lib/embedding/index.js";
import { rankWeights } from "../../../lib/search/index.js";
import type { ServiceManifest } from "../../src/manifest/index.js";
import { openSearchIndex } from "../../src/search/index.js";
import { endpointEntry } from "../helpers/manifest-entries.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const service = (name: string, endpoints: ReturnType<typeof endpointEntry>[]) =>
  ({
    name,
    root: ".",
    frameworks: ["express"],
    endpoints,
    dtos: [],
    types: [],
  }) as unknown as ServiceManifest;

async function indexOf(services: ServiceManifest[]) {
  const dir = mkdtempSync(join(tmpdir(), "search-index-"));
  dirs.push(dir);
  mkdirSync(join(dir, ".e2e"));
  const manifest = join(dir, ".e2e", "manifest.json");
  writeFileSync(manifest, JSON.stringify({ version: 1, generated_at: "2026-11-24T00:00:00.000", services }));
  const embedder = new WordVectorEmbedder();
  return (await openSearchIndex(manifest, embedder, rankWeights(true), { root: dir })).index;
}

const first = async (index: Awaited<ReturnType<typeof indexOf>>, query: string) => {
  const [hit] = await index.search(query, { limit: 3 });
  return `${hit?.service}:${hit?.method} ${hit?.path}`;
};

describe("the words of an endpoint", () => {
  it("include its service's name: 'the shop' picks the shop's endpoint out of two alike", async () => {
    const index = await indexOf([
      service("blog", [endpointEntry("GET", "/version", "version")]),
      service("shop", [endpointEntry("GET", "/version", "version")]),
    ]);
    expect(await first(index, "which version of the shop is deployed")).toBe("shop:GET /version");
    expect(await first(index, "which version of the blog is deployed")).toBe("blog:GET /version");
  });

  it("include every word of its path, stopwords too: '/users/me' answers 'who am I'", async () => {
    const index = await indexOf([
      service("accounts", [
        endpointEntry("GET", "/api/profiles/{username}", "ProfileController.show"),
        endpointEntry("GET", "/api/users/{id}", "UserController.show"),
        endpointEntry("GET", "/api/users/me", "UserController.self"),
      ]),
    ]);
    expect(await first(index, "who am I")).toBe("accounts:GET /api/users/me");
  });

  it("include the statuses it answers with: 'returns 202' picks the one that does", async () => {
    const index = await indexOf([
      service("library", [
        endpointEntry("GET", "/admin/export", "ExportView.dispatch", [200]),
        endpointEntry("POST", "/admin/export", "ExportView.dispatch", [202]),
      ]),
    ]);
    expect(await first(index, "the export that returns 202")).toBe("library:POST /admin/export");
  });

  // Failed from 2026-11-28 19:45 to 22:56 (marked `it.fails`): under the fitted first-stage weights
  // (soft matching 0.9 of the word side, cosine 0.3) GET /visits, whose paging hint holds "size"
  // and "sort", came first. The model refitted on 421 real queries (batch 3) ranks it right again.
  it("weigh paging parameters as hints only: 'size' of a page is no garment's size", async () => {
    const visits = {
      ...endpointEntry("GET", "/visits", "VisitController.list"),
      params: paging("page", "size", "sort"),
    };
    const variants = {
      ...endpointEntry("GET", "/shirts/{id}/variants/{size}", "ShirtController.variant"),
      params: [{ name: "size", in: "path", type: "string", required: true }],
    };
    const index = await indexOf([service("store", [visits, variants] as ReturnType<typeof endpointEntry>[])]);
    expect(await first(index, "which sizes are there")).toBe("store:GET /shirts/{id}/variants/{size}");
  });
});

function paging(...names: string[]) {
  return names.map((name) => ({ name, in: "query", type: "integer", required: false }));
}
