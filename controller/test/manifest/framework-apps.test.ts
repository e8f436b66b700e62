// Each folder under apps/ is a small realistic service of one framework (several files, nested
// prefixes and the framework's traps) with the manifest a scan must produce, `expected.json`.
// `UPDATE_EXPECTED=1` rewrites them (then `npx biome format --write` them); the diff is read by a
// person before committing.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { codeGraphParser } from "../../src/manifest/code-graph-parser.js";
import { ManifestCache } from "../../src/manifest/manifest-cache.js";
import { scanService } from "../../src/manifest/scan-service.js";

const appsDir = join(dirname(fileURLToPath(import.meta.url)), "apps");
const apps = readdirSync(appsDir).filter((name) => existsSync(join(appsDir, name, "expected.json")));

describe("scanning the framework test apps", () => {
  it("finds an app for every framework of SPEC §5 that has one", () => {
    expect(apps.length).toBeGreaterThan(0);
  });

  for (const app of apps) {
    it(`writes the expected manifest for ${app}`, async () => {
      const root = join(appsDir, app);
      const { service } = await scanService({ name: app, root, displayRoot: app, parser: codeGraphParser });
      const actual = {
        frameworks: service.frameworks,
        endpoints: service.endpoints,
        dtos: service.dtos,
        types: service.types,
      };
      const expectedFile = join(root, "expected.json");
      if (process.env.UPDATE_EXPECTED === "1")
        writeFileSync(expectedFile, `${JSON.stringify(actual, null, 2)}\n`);
      expect(actual).toEqual(JSON.parse(readFileSync(expectedFile, "utf8")));
    });

    it(`links ${app} from cached facts (read back from JSON) to the same manifest without parsing`, async () => {
      const root = join(appsDir, app);
      const dir = mkdtempSync(join(tmpdir(), "manifest-apps-"));
      try {
        const cachePath = join(dir, "manifest.cache.json");
        const first = ManifestCache.open(cachePath);
        const fresh = await scanService({
          name: app,
          root,
          displayRoot: app,
          parser: codeGraphParser,
          cache: first,
        });
        first.save();
        const again = await scanService({
          name: app,
          root,
          displayRoot: app,
          parser: codeGraphParser,
          cache: ManifestCache.open(cachePath),
        });
        expect(fresh.stats.extracted).toBeGreaterThan(0);
        expect(again.stats.extracted).toBe(0);
        expect(again.service).toEqual(fresh.service);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
