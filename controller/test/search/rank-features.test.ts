// Re-ranker features that read an endpoint's route rather than the query's words, measured by the
// benchmark's trials (rank-features.ts catalogue; not in the shipped model): path_item (the path
// ends in a parameter: one item, not its collection) and handler_dup (a better candidate runs the
// same handler: a second spelling of one route).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { catalogueFeatures as features, musicService } from "../helpers/catalogue-features.js";
import { endpointEntry } from "../helpers/manifest-entries.js";

const dir = mkdtempSync(join(tmpdir(), "rank-features-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const music = musicService([
  // One view answers both spellings and both methods, as Subsonic servers do.
  endpointEntry("GET", "/rest/star", "star"),
  endpointEntry("POST", "/rest/star.view", "star"),
  endpointEntry("GET", "/rest/songs", "songs"),
  endpointEntry("GET", "/rest/songs/{id}", "song"),
  endpointEntry("GET", "/rest/starred", "<inline>"),
  endpointEntry("POST", "/rest/starred", "<inline>"),
]);

const catalogueFeatures = (query: string) => features(dir, music, query);

describe("the route features of e2e search's re-ranker", () => {
  it("gives path_item 1 for a path ending in a parameter, 0 for a collection", async () => {
    const { column } = await catalogueFeatures("songs");
    expect(column("path_item")["GET /rest/songs/{id}"]).toBe(1);
    expect(column("path_item")["GET /rest/songs"]).toBe(0);
  });

  it("marks with handler_dup every candidate but the first-stage best of those running one handler", async () => {
    const { column, order } = await catalogueFeatures("star a song");
    const dup = column("handler_dup");
    const stars = order.filter((h) => h.handler === "star").map((h) => `${h.method} ${h.path}`);
    expect(stars).toHaveLength(2);
    expect(stars.map((s) => dup[s])).toEqual([0, 1]);
    expect(dup["GET /rest/songs"]).toBe(0);
  });

  it("never takes two inline handlers for one: an inline route has no handler to share", async () => {
    const { column } = await catalogueFeatures("starred");
    expect(column("handler_dup")["GET /rest/starred"]).toBe(0);
    expect(column("handler_dup")["POST /rest/starred"]).toBe(0);
  });
});
