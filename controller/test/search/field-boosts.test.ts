// The BM25F boosts of `e2e search`: a document's fields carry a role (name, words, hint) and the
// fitted boost of that role is applied when the index's terms are made, so a refit of the boosts
// (npm run fit:e2e-search-weights) changes how much each field counts without rescanning anything.
import { describe, expect, it } from "vitest";
import { stem } from "../../../lib/embedding/index.js";
import { readE2eSearchWeights } from "../../../lib/search/index.js";
import type { ServiceManifest } from "../../src/manifest/index.js";
import { indexContent } from "../../src/search/build-index.js";
import { manifestDocuments } from "../../src/search/documents.js";
import { endpointEntry } from "../helpers/manifest-entries.js";

const service = {
  name: "zoo",
  root: ".",
  frameworks: ["express"],
  endpoints: [endpointEntry("GET", "/giraffes/{id}", "GiraffeController.show")],
  dtos: [],
  types: [],
} as unknown as ServiceManifest;

/** The terms of the endpoint's document under `boosts` (a zero vector: only the terms matter here). */
function termsUnder(boosts: { name: number; words: number; hint: number }) {
  const documents = manifestDocuments(service, new Map([[service.endpoints[0]!.id, "feed leaves"]]));
  const content = indexContent(documents, boosts, [new Float32Array(4)]);
  return content.documents[0]!.terms;
}

describe("the field boosts of e2e search's index", () => {
  it("count a path word at the name boost and a code word at the hint boost, whatever the boosts are", () => {
    const a = termsUnder({ name: 2, words: 1, hint: 0.5 });
    expect(a.get(stem("giraffes"))).toBe(2 + 2); // the path and the handler's class name
    expect(a.get(stem("leaves"))).toBe(0.5);
    const b = termsUnder({ name: 1, words: 1, hint: 2 });
    expect(b.get(stem("giraffes"))).toBe(1 + 1);
    expect(b.get(stem("leaves"))).toBe(2);
  });

  it("are the fitted table's when the index is built by the command", () => {
    const { boosts } = readE2eSearchWeights();
    expect(termsUnder(boosts).get(stem("leaves"))).toBe(boosts.hint);
  });
});
