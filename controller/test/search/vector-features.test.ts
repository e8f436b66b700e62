// The word-vector features of e2e search's re-ranker beside `soft` (vector-features.ts; measured by
// the benchmark's trials, not shipped): soft_gap (the vectors' coverage of the user's words no
// item holds) and name_cos (the best cosine to the item's name and path words).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { catalogueFeatures, musicService } from "../helpers/catalogue-features.js";
import { endpointEntry } from "../helpers/manifest-entries.js";

const dir = mkdtempSync(join(tmpdir(), "vector-features-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const music = musicService([
  endpointEntry("GET", "/rest/songs", "songs"),
  endpointEntry("POST", "/rest/star", "star"),
  endpointEntry("POST", "/rest/scan", "scan"),
]);

async function column(query: string, name: string): Promise<Record<string, number>> {
  return (await catalogueFeatures(dir, music, query)).column(name);
}

describe("the word-vector features of e2e search's re-ranker", () => {
  it("soft_gap credits the item whose words are close to a user's word no item holds", async () => {
    // No item says "tracks": the songs endpoint is the one its vector is close to.
    const gap = await column("tracks", "soft_gap");
    expect(gap["GET /rest/songs"]).toBeGreaterThan(0);
    expect(gap["GET /rest/songs"]).toBeGreaterThan(gap["POST /rest/scan"] ?? 0);
  });

  it("soft_gap is 0 for every item when each of the user's words is held by some item", async () => {
    const gap = await column("star songs", "soft_gap");
    expect(Object.values(gap).every((v) => v === 0)).toBe(true);
    expect(Object.keys(gap).length).toBeGreaterThan(0);
  });

  it("name_cos is 1 for an item whose name holds the user's word, less for a merely close one", async () => {
    const cos = await column("songs", "name_cos");
    expect(cos["GET /rest/songs"]).toBeCloseTo(1, 5);
    expect(cos["POST /rest/scan"]).toBeLessThan(1);
  });
});
