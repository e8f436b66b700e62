// A first scan with many files parses them on worker threads: the manifest must be the very one
// a scan in the calling thread gives, for every framework's fixture app.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codeGraphParser } from "../../src/manifest/code-graph-parser.js";
import { ExtractPool, poolThreads } from "../../src/manifest/extract-pool.js";
import { ManifestCache } from "../../src/manifest/manifest-cache.js";
import { scanService } from "../../src/manifest/scan-service.js";
import { listSourceFiles } from "../../src/manifest/source-tree.js";

const APPS = join(import.meta.dirname, "apps");
const pool = new ExtractPool(2);
afterAll(() => pool.close());

describe("extraction on worker threads", () => {
  it("gives every fixture app the same manifest as extraction in the scanning thread", async () => {
    const apps = readdirSync(APPS).sort();
    const scan = (app: string, threaded: boolean) =>
      scanService({
        name: app,
        root: join(APPS, app),
        displayRoot: ".",
        parser: codeGraphParser,
        ...(threaded ? { extract: pool.extract } : {}),
      });
    // All apps at once, as a first scan of a project queues them.
    const threaded = await Promise.all(apps.map((app) => scan(app, true)));
    for (const [i, app] of apps.entries()) {
      const inline = await scan(app, false);
      expect(threaded[i]!.stats).toEqual(inline.stats);
      expect(threaded[i]!.stats.extracted).toBeGreaterThan(0);
      expect(threaded[i]!.service, app).toEqual(inline.service);
    }
  });

  it("scans whole services on worker threads to the same manifest, and hands back their cache files to write", async () => {
    const apps = readdirSync(APPS).sort();
    const dir = mkdtempSync(join(tmpdir(), "manifest-pool-"));
    try {
      const cache = ManifestCache.open(join(dir, "cache"));
      const job = (app: string) => ({ name: app, root: join(APPS, app), displayRoot: app });
      const listed = await Promise.all(apps.map((app) => listSourceFiles(join(APPS, app))));
      const threaded = await Promise.all(
        apps.map((app, i) =>
          pool.scan({ ...job(app), paths: listed[i]!, cacheDir: join(dir, "cache") }, cache),
        ),
      );
      cache.save();
      const reopened = ManifestCache.open(join(dir, "cache"));
      for (const [i, app] of apps.entries()) {
        const inline = await scanService({ ...job(app), parser: codeGraphParser });
        expect(threaded[i]!.service, app).toEqual(inline.service);
        // The cache the worker made lets the next scan parse nothing.
        const again = await scanService({ ...job(app), parser: codeGraphParser, cache: reopened });
        expect(again.stats.extracted, app).toBe(0);
        expect(again.service, app).toEqual(inline.service);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes its thread count from E2E_MANIFEST_THREADS and refuses one that is not a whole number", () => {
    const before = process.env.E2E_MANIFEST_THREADS;
    try {
      process.env.E2E_MANIFEST_THREADS = "0";
      expect(poolThreads()).toBe(0);
      process.env.E2E_MANIFEST_THREADS = "two";
      expect(() => poolThreads()).toThrow('E2E_MANIFEST_THREADS: expected a whole number ≥ 0, got "two"');
      delete process.env.E2E_MANIFEST_THREADS;
      expect(poolThreads()).toBeGreaterThanOrEqual(1);
    } finally {
      if (before === undefined) delete process.env.E2E_MANIFEST_THREADS;
      else process.env.E2E_MANIFEST_THREADS = before;
    }
  });
});
