// Fastify routes marked `schema: { hide: true }`: @fastify/swagger's README says such a route is
// left out of the generated document (a page or its assets beside the API). The manifest lists
// the API as the service documents it, so they are left out too; every other route stays,
// including ones registered in a loop over an object's keys. Not copied from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Fastify: routes hidden from the API document", () => {
  it("leaves out `hide: true` routes and keeps the others", async () => {
    const s = await scan({
      "app.js": `const fastify = require("fastify")();
const PAGES = { "/board": "index.html", "/board/app.js": "app.js" };
for (const url of Object.keys(PAGES)) fastify.get(url, { schema: { hide: true } }, async () => "page");
const API = { "/api/cards": "cards", "/api/lanes": "lanes" };
for (const url of Object.keys(API)) fastify.get(url, { schema: { tags: ["board"] } }, async () => []);
fastify.get("/health", async () => ({ ok: true }));
fastify.listen({ port: 3000 });
`,
    });
    expect(ids(s)).toEqual(["GET /api/cards", "GET /api/lanes", "GET /health"]);
  });
});
