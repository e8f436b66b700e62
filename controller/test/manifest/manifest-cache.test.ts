// The cache beside the manifest makes a rescan parse only changed files, and never makes it wrong.
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codeGraphParser } from "../../src/manifest/code-graph-parser.js";
import { ManifestCache } from "../../src/manifest/manifest-cache.js";
import { scanService } from "../../src/manifest/scan-service.js";

const dir = mkdtempSync(join(tmpdir(), "gantry-manifest-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const root = join(dir, "app");
cpSync(join(import.meta.dirname, "apps/koa"), root, { recursive: true });
const cacheDir = join(dir, "manifest.cache");
const scan = (cache: ManifestCache) =>
  scanService({ name: "notes", root, displayRoot: "app", parser: codeGraphParser, cache });
/** The one service root's facts file in the cache folder (after a save). */
const factsFile = () => {
  const [file, ...more] = readdirSync(cacheDir).filter((f) => f.endsWith(".facts.json"));
  expect(more).toEqual([]);
  return join(cacheDir, file!);
};

describe("the manifest cache", () => {
  it("gives the same manifest from cached facts as from a full parse", async () => {
    const first = ManifestCache.open(cacheDir);
    const full = await scan(first);
    first.save();
    const again = await scan(ManifestCache.open(cacheDir));
    expect(full.stats.extracted).toBe(6);
    expect(again.stats.extracted).toBe(0);
    expect(again.service).toEqual(full.service);
  });

  it("is ignored when torn or foreign, and the scan is then complete", async () => {
    const reference = (await scan(ManifestCache.open(join(dir, "none.json")))).service;
    const saved = ManifestCache.open(cacheDir);
    await scan(saved);
    saved.save();
    writeFileSync(factsFile(), '{"format": 2, "root": "app", "files": {"src/app.ts": {"hash"');
    const torn = await scan(ManifestCache.open(cacheDir));
    expect(torn.stats.extracted).toBe(6);
    expect(torn.service).toEqual(reference);
    writeFileSync(factsFile(), JSON.stringify({ format: 99, root: "app", files: {} }));
    expect((await scan(ManifestCache.open(cacheDir))).service).toEqual(reference);
  });

  it("is written again only when a file changed, so a scan that changed nothing writes nothing", async () => {
    const cache = ManifestCache.open(cacheDir);
    await scan(cache);
    cache.save();
    // A marker only a rewrite would remove: the untouched file keeps it.
    const cacheFile = factsFile();
    writeFileSync(cacheFile, `${readFileSync(cacheFile, "utf8")} `);
    const marked = statSync(cacheFile).size;
    const unchanged = ManifestCache.open(cacheDir);
    await scan(unchanged);
    unchanged.save();
    expect(statSync(cacheFile).size).toBe(marked);
    appendFileSync(join(root, "src/app.ts"), "\n// edited\n");
    const edited = ManifestCache.open(cacheDir);
    const result = await scan(edited);
    edited.save();
    expect(result.stats.extracted).toBe(1);
    expect(statSync(cacheFile).size).not.toBe(marked);
    expect((await scan(ManifestCache.open(cacheDir))).stats.extracted).toBe(0);
  });

  it("forgets deleted files, so a removed router's routes leave the manifest", async () => {
    const cache = ManifestCache.open(cacheDir);
    await scan(cache);
    cache.save();
    rmSync(join(root, "src/routes/tags.ts"));
    const after = await scan(ManifestCache.open(cacheDir));
    expect(after.service.endpoints.map((e) => e.id).filter((id) => id.includes("/tags"))).toEqual([]);
    expect(after.stats).toEqual({ files: 5, extracted: 0 });
  });
});
