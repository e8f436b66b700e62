// The facts a scan caches are read back from JSON on the next scan: linking them must give the
// very manifest a fresh scan gives, without parsing a file again.

import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { codeGraphParser } from "../../src/manifest/code-graph-parser.js";
import { ManifestCache } from "../../src/manifest/manifest-cache.js";
import { scanService } from "../../src/manifest/scan-service.js";

const APPS = join(import.meta.dirname, "apps");

describe("a scan from the cache", () => {
  for (const app of readdirSync(APPS)) {
    it(`links the ${app} app from cached facts to the same manifest without parsing`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "manifest-cache-"));
      try {
        const cachePath = join(dir, "manifest.cache");
        const scan = (cache: ManifestCache) =>
          scanService({ name: app, root: join(APPS, app), displayRoot: ".", parser: codeGraphParser, cache });
        const first = ManifestCache.open(cachePath);
        const fresh = await scan(first);
        first.save();
        const again = await scan(ManifestCache.open(cachePath));
        expect(fresh.stats.extracted).toBeGreaterThan(0);
        expect(again.stats.extracted).toBe(0);
        expect(again.service).toEqual(fresh.service);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
