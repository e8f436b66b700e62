// Minified, generated and source-map files are not indexed (issue 21 §4): by name, by content
// (a line no one writes by hand, an average line of a minifier, a source map's JSON) and by
// `.gitattributes` linguist-generated / linguist-vendored; for a registered folder (read from
// disk, watched) and for uploaded files alike. Over a real service's HTTP socket.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../../controller/src/index.js";
import { type Json, type StartedService, startService } from "../../harness/start-service.js";

const roots: string[] = [];

/** One 247k-character line, as a real bundle has: it holds every word a query may use. */
const BUNDLE_LINE = `var a=function(){return "zebrafinch"};${"b.c=d;".repeat(41_000)}\n`;
/** Minified but under the line limit: 40 lines of 900 characters. */
const MINIFIED = `${`function q(){return "zebrafinch"}${"x=y+z;".repeat(145)}\n`.repeat(40)}`;
const SOURCE_MAP = '{"version":3,"sources":["zebrafinch.ts"],"names":[],"mappings":"AAAA"}\n';
const CODE = "export function zebrafinchCount(birds: string[]): number {\n  return birds.length;\n}\n";
/** Prose on long lines (unwrapped Markdown paragraphs) is written by hand: indexed. */
const README =
  `# Zebrafinch\n\n${"A zebrafinch sings at dawn and the flock answers. ".repeat(12)}\n\n`.repeat(8);

const FILES: Record<string, string> = {
  "src/birds.ts": CODE,
  "README.md": README,
  "public/app.js": BUNDLE_LINE,
  "public/vendor.js": MINIFIED,
  "public/app.js.map": SOURCE_MAP,
  "public/chart.min.js": "var zebrafinch=1;\n",
  "maps/raw.json": SOURCE_MAP,
  "src/gen/client.ts": "export const zebrafinchClient = 1;\n",
  "third/lib.ts": "export const zebrafinchVendored = 1;\n",
  "src/kept.ts": "export const zebrafinchKept = 1;\n",
  ".gitattributes":
    "src/gen/** linguist-generated=true\nthird/** linguist-vendored\nsrc/kept.ts linguist-generated -linguist-generated\n",
};
const INDEXED = ["README.md", "src/birds.ts", "src/kept.ts"];

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "tg-not-indexed-"));
  roots.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

async function indexedPaths(svc: StartedService, repo: string): Promise<string[]> {
  const res = await svc.post("/api/v1/rag/search", {
    query: "zebrafinch zebrafinchClient zebrafinchVendored zebrafinchKept",
    types: ["file"],
    limit: 50,
    min_score: 0,
  });
  expect(res.status).toBe(200);
  const paths = res.body.results.filter((r: Json) => r.repo === repo).map((r: Json) => r.path);
  return [...new Set<string>(paths)].sort();
}

let svc: StartedService;

beforeAll(async () => {
  svc = await startService({ env: { CODE_REGISTER_ROOTS: tmpdir() } });
});
afterAll(async () => {
  await svc?.close();
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe("files not indexed", () => {
  it("skips minified, source-map and .gitattributes-generated files of a registered folder", async () => {
    const root = tree(FILES);
    expect((await svc.post("/api/v1/code/repositories", { name: "birds", path: root })).status).toBe(201);
    const repo = await eventually(
      async () => {
        const res = await svc.get("/api/v1/code/repositories/birds");
        expect(res.body.status).toBe("ready");
        return res.body;
      },
      { timeoutMs: 20_000, intervalMs: 50 },
    );
    expect(repo.files).toBe(INDEXED.length);
    expect(await indexedPaths(svc, "birds")).toEqual(INDEXED);
  });

  it("applies a .gitattributes change on disk: a file it marks generated leaves the index", async () => {
    const root = tree({ "src/birds.ts": CODE, "src/old.ts": "export const zebrafinchOld = 1;\n" });
    await svc.post("/api/v1/code/repositories", { name: "watched", path: root });
    const files = async () => (await svc.get("/api/v1/code/repositories/watched")).body;
    await eventually(async () => expect(await files()).toMatchObject({ status: "ready", files: 2 }), {
      timeoutMs: 20_000,
      intervalMs: 50,
    });
    writeFileSync(join(root, ".gitattributes"), "src/old.ts linguist-generated\n");
    await eventually(async () => expect((await files()).files).toBe(1), {
      timeoutMs: 20_000,
      intervalMs: 50,
    });
  });

  it("does not index such files when they are uploaded, and says so in skipped", async () => {
    const files = Object.entries(FILES)
      .filter(([path]) => path !== ".gitattributes")
      .map(([path, content]) => ({ path, content }));
    const res = await svc.request("PUT", "/api/v1/code/repositories/upbirds/files", { files });
    expect(res.status).toBe(200);
    expect([...res.body.skipped].sort()).toEqual([
      "maps/raw.json",
      "public/app.js",
      "public/app.js.map",
      "public/chart.min.js",
      "public/vendor.js",
    ]);
    // Uploads carry no .gitattributes: the files it marks in a folder are kept here.
    expect(res.body.files).toBe(5);
    expect(await indexedPaths(svc, "upbirds")).toEqual([
      "README.md",
      "src/birds.ts",
      "src/gen/client.ts",
      "src/kept.ts",
      "third/lib.ts",
    ]);
  });

  it("removes an uploaded file once a new version of it is minified", async () => {
    const put = (content: string) =>
      svc.request("PUT", "/api/v1/code/repositories/flip/files", {
        files: [{ path: "lib/app.js", content }],
      });
    expect((await put("export const zebrafinch = 1;\n")).body.files).toBe(1);
    const after = await put(BUNDLE_LINE);
    expect(after.body).toMatchObject({ files: 0, removed: 1, skipped: ["lib/app.js"] });
    expect(await indexedPaths(svc, "flip")).toEqual([]);
  });
});
