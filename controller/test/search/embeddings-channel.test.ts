// `e2e search` with an embeddings endpoint (EMBEDDINGS_URL, issue 21 point 5): the endpoint is one
// more channel of the fitted ranking, beside the word vectors. Against a local OpenAI-compatible
// fake over a real socket (no embedding model runs here): its vectors decide between two items
// nothing else tells apart; the weight is the shipped HTTP model's (lib/search
// data/e2e-search-reranker-http.json), not a number in code; an endpoint that fails is exit 1.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  e2eMethodPriorPath,
  e2eRerankerPath,
  methodPriorOf,
  readMethodPrior,
} from "../../../lib/search/index.js";
import type { ServiceManifest } from "../../src/manifest/index.js";
import { CHANNEL_FEATURES, openSearchIndex, searchEmbedders } from "../../src/search/index.js";
import { endpointEntry } from "../helpers/manifest-entries.js";
import { makeProject, type Project, runCli } from "../helpers/project.js";

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** Two endpoints alike but for a last path word the word vectors do not know. */
const SERVICE = {
  name: "depot",
  root: ".",
  frameworks: ["express"],
  endpoints: ["zorba", "zorbo"].map((word) => endpointEntry("GET", `/things/${word}`, `get${word}`)),
  dtos: [],
  types: [],
} as unknown as ServiceManifest;

const MANIFEST = JSON.stringify({ version: 1, generated_at: "2026-11-28T00:00:00.000", services: [SERVICE] });

interface FakeEndpoint {
  url: string;
  /** The item the query's vector points at. */
  closeTo: "zorba" | "zorbo";
  failing: boolean;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** An OpenAI-compatible endpoint on loopback: a text naming zorba or zorbo gets its own axis, any other the axis `closeTo` says. */
async function fakeEndpoint(): Promise<FakeEndpoint> {
  const axis = (text: string) => {
    const word = text.includes("zorba") ? "zorba" : text.includes("zorbo") ? "zorbo" : state.closeTo;
    return word === "zorba" ? [1, 0, 0.1] : [0, 1, 0.1];
  };
  const server = createServer(async (req, res) => {
    const { input } = JSON.parse(await body(req)) as { input: string[] };
    res.setHeader("content-type", "application/json");
    if (state.failing) {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { message: "model crashed" } }));
      return;
    }
    res.end(JSON.stringify({ data: input.map((text, index) => ({ index, embedding: axis(text) })) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const state: FakeEndpoint = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    closeTo: "zorba",
    failing: false,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  cleanups.push(state.close);
  return state;
}

/** The index over SERVICE with the embedders `env` names (searchEmbedders: the command's choice). */
async function indexWith(env: NodeJS.ProcessEnv) {
  const dir = mkdtempSync(join(tmpdir(), "search-channel-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, ".e2e"));
  const manifest = join(dir, ".e2e", "manifest.json");
  writeFileSync(manifest, MANIFEST);
  const { base, channel, weights } = searchEmbedders(env);
  const options = channel ? { root: dir, index: { channel } } : { root: dir };
  return (await openSearchIndex(manifest, base, weights, options)).index;
}

const paths = async (index: Awaited<ReturnType<typeof indexWith>>, query: string) =>
  (await index.search(query, { limit: 2 })).map((h) => h.path);

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

describe("e2e search with an embeddings endpoint (EMBEDDINGS_URL)", () => {
  it("puts first the item the endpoint's vectors put closest to the query, and the other when they say so", async () => {
    const fake = await fakeEndpoint();
    const env = { EMBEDDINGS_URL: fake.url, EMBEDDINGS_MODEL: "fake-model" };
    const index = await indexWith(env);
    fake.closeTo = "zorbo";
    expect(await paths(index, "things")).toEqual(["/things/zorbo", "/things/zorba"]);
    fake.closeTo = "zorba";
    expect(await paths(index, "things")).toEqual(["/things/zorba", "/things/zorbo"]);
    // Without the channel, the two are a tie the key order breaks, whatever the endpoint says.
    const words = await indexWith({});
    expect(await paths(words, "things")).toEqual(["/things/zorba", "/things/zorbo"]);
  });

  it("weighs the channel by the shipped HTTP model's fitted weight: each hit's score is that file's probability", async () => {
    const model = JSON.parse(readFileSync(e2eRerankerPath("http"), "utf8")) as {
      features: string[];
      weights: number[];
      scale: number;
      bias: number;
    };
    expect(model.features).toEqual([...CHANNEL_FEATURES]);
    const weight = model.weights[model.features.indexOf("channel_cosine")]!;
    expect(weight).toBeGreaterThan(0);
    const fake = await fakeEndpoint();
    fake.closeTo = "zorbo";
    const index = await indexWith({ EMBEDDINGS_URL: fake.url, EMBEDDINGS_MODEL: "fake-model" });
    const { heads, features } = await index.features("things", 2);
    const hits = await index.search("things", { limit: 2 });
    // features() leaves the learned method prior's columns at 0 (the benchmark fills them per
    // fold); the search reads them from the shipped table.
    const lm = methodPriorOf(readMethodPrior(e2eMethodPriorPath()), "things");
    for (const hit of hits) {
      const i = heads.findIndex((h) => h.key === hit.key);
      const prior = lm(heads[i]!.kind === "endpoint" ? heads[i]!.method : undefined);
      const x = features[i]!.map((v, j) =>
        model.features[j] === "lm_first" ? prior.first : model.features[j] === "lm_all" ? prior.all : v,
      );
      const z = model.weights.reduce((s, w, i) => s + w * x[i]!, 0);
      expect(hit.score).toBeCloseTo(sigmoid(model.scale * z + model.bias), 4);
    }
    // The two differ only by the channel's cosine, so their gap in w·x is the fitted weight's.
    const [a, b] = features;
    const channel = CHANNEL_FEATURES.indexOf("channel_cosine");
    expect(a!.filter((v, i) => i !== channel && v !== b![i])).toEqual([]);
    expect(Math.abs(a![channel]! - b![channel]!)).toBeGreaterThan(0.5);
  });

  it("exits 1 with the endpoint's answer when it fails, while building the index or at the query", async () => {
    const fake = await fakeEndpoint();
    const project: Project = makeProject({ ".e2e/manifest.json": MANIFEST });
    cleanups.push(project.remove);
    const env = { EMBEDDINGS_URL: fake.url, EMBEDDINGS_MODEL: "fake-model" };
    fake.failing = true;
    const building = await runCli(["search", "things"], { cwd: project.dir, env });
    expect(building.code, building.stderr).toBe(1);
    expect(building.stderr).toMatch(/Embeddings endpoint .*\/v1\/embeddings answered 500: .*model crashed/);
    fake.failing = false;
    const ok = await runCli(["search", "things", "--json"], { cwd: project.dir, env });
    expect(ok.code, ok.stderr).toBe(0);
    fake.failing = true;
    const querying = await runCli(["search", "things"], { cwd: project.dir, env });
    expect(querying.code, querying.stderr).toBe(1);
    expect(querying.stderr).toMatch(/answered 500/);
    await fake.close();
    const gone = await runCli(["search", "things"], { cwd: project.dir, env });
    expect(gone.code, gone.stderr).toBe(1);
    expect(gone.stderr).toMatch(/Embeddings endpoint .*ECONNREFUSED/);
  });
});
