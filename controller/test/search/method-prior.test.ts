// The learned method prior (lib/search method-prior.ts) as `e2e search` reads it: the re-ranker's
// lm_first / lm_all features come from the table for the query's words, and the benchmark's
// fits fill them per fold, each training query from a table that never saw its own app.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { crossFitted } from "../../../bench/e2e-search/method-prior-folds.js";
import { WordVectorEmbedder } from "../../../lib/embedding/index.js";
import { type LinearModel, type MethodPrior, rankWeights } from "../../../lib/search/index.js";
import type { ServiceManifest } from "../../src/manifest/index.js";
import { openSearchIndex } from "../../src/search/index.js";
import { endpointEntry } from "../helpers/manifest-entries.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const endpoint = (method: string, path: string) => endpointEntry(method, path, "CatController.handle");

const cats = {
  name: "shelter",
  root: ".",
  frameworks: ["express"],
  endpoints: [endpoint("GET", "/cats"), endpoint("DELETE", "/cats/{id}"), endpoint("POST", "/cats")],
  dtos: [],
  types: [],
} as unknown as ServiceManifest;

/** A table where the made-up first word "zap" asks for DELETE, and the words "cat" for GET. */
const prior: MethodPrior = {
  first: { zap: { GET: -1, POST: -0.5, PUT: 0, PATCH: 0, DELETE: 2 } },
  all: { cat: { GET: 0.75, POST: 0, PUT: 0, PATCH: 0, DELETE: -0.25 } },
};

async function indexWith(model: LinearModel) {
  const dir = mkdtempSync(join(tmpdir(), "method-prior-"));
  dirs.push(dir);
  mkdirSync(join(dir, ".e2e"));
  const manifest = join(dir, ".e2e", "manifest.json");
  writeFileSync(
    manifest,
    JSON.stringify({ version: 1, generated_at: "2026-11-28T00:00:00.000", services: [cats] }),
  );
  const opened = await openSearchIndex(manifest, new WordVectorEmbedder(), rankWeights(true), {
    root: dir,
    index: { model, methodPrior: prior },
  });
  return opened.index;
}

const only = (feature: string): LinearModel => ({ features: [feature], weights: [1], scale: 1, bias: 0 });
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const scores = async (index: Awaited<ReturnType<typeof indexWith>>, query: string) =>
  Object.fromEntries((await index.search(query)).map((h) => [`${h.method} ${h.path}`, h.score]));

describe("the learned method prior in e2e search's ranking", () => {
  it("reads lm_first from the table for the query's first word: 'zap the cats' puts DELETE first", async () => {
    const index = await indexWith(only("lm_first"));
    const hits = await index.search("zap the cats");
    expect(`${hits[0]?.method} ${hits[0]?.path}`).toBe("DELETE /cats/{id}");
    const by = await scores(index, "zap the cats");
    expect(by["DELETE /cats/{id}"]).toBeCloseTo(sigmoid(2), 4);
    expect(by["GET /cats"]).toBeCloseTo(sigmoid(-1), 4);
    expect(by["POST /cats"]).toBeCloseTo(sigmoid(-0.5), 4);
  });

  it("reads lm_all as the mean over the query's words the table knows, 0 when it knows none", async () => {
    const index = await indexWith(only("lm_all"));
    const by = await scores(index, "zap the cats");
    expect(by["GET /cats"]).toBeCloseTo(sigmoid(0.75), 4);
    expect(by["DELETE /cats/{id}"]).toBeCloseTo(sigmoid(-0.25), 4);
    const unknown = await scores(await indexWith(only("lm_first")), "erase the cats");
    expect(Object.values(unknown).every((s) => Math.abs(s - 0.5) < 1e-4)).toBe(true);
  });
});

describe("the prior's columns in a fit", () => {
  const query = (app: string, text: string, method: string) => ({
    app,
    query: text,
    expected: [`${app}:${method} /x`],
    labels: [`${app}:GET /x`, `${app}:DELETE /x`],
    features: [
      [0, 0],
      [0, 0],
    ],
    names: ["lex_own", "lm_first"] as const,
  });

  it("come for each training query from a table learned without its own app", () => {
    // Only app b says "zap" means DELETE: app a's own "zap → GET" must not inform app a's column.
    // (Two queries each: a table's smoothing is fitted by leaving its queries out in turn.)
    const [a, , b1, b2] = crossFitted([
      query("a", "zap it", "GET"),
      query("a", "zap them", "GET"),
      query("b", "zap that", "DELETE"),
      query("b", "zap this", "DELETE"),
    ]);
    const [aGet, aDelete] = a!.features.map((row) => row[1]!);
    expect(aDelete).toBeGreaterThan(0);
    expect(aGet).toBeLessThan(0);
    // App b's columns come from app a's table alone: "zap" reads GET.
    expect(b1!.features[0]![1]).toBeGreaterThan(0);
    expect(b2!.features[1]![1]).toBeLessThan(0);
    // The other columns are left as they were.
    expect(a!.features.map((row) => row[0])).toEqual([0, 0]);
  });
});
