// `e2e manifest` reuses what did not change: a service whose files all hash as at the last scan
// keeps its entry without parsing or linking, and an unchanged project is done after hashing.
// Every kind of change must still be seen: an edited, added or removed file, an OpenAPI document,
// a properties file a scanner reads, and a hand-edited manifest.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ScanState, stampOf } from "../../src/manifest/scan-state.js";
import type { Manifest } from "../../src/manifest/types.js";
import { makeProject, type Project, runCli } from "../helpers/project.js";

const APPS = join(import.meta.dirname, "apps");
const projects: Project[] = [];
afterAll(() => {
  for (const p of projects) p.remove();
});

/** A project of three services copied from the framework fixtures: Koa, Express (with openapi.yaml), Spring Kotlin. */
function project(): Project {
  const services = { notes: "koa", shop: "express", orders: "spring-kotlin-orders" };
  let conf = "general:\n  environment: dev\nservices:\n";
  for (const name of Object.keys(services)) {
    conf += `  ${name}:\n    base_url: http://127.0.0.1:1\n    maven_module: apps/${name}\n`;
  }
  const p = makeProject({ "e2e.conf": conf });
  for (const [name, app] of Object.entries(services))
    cpSync(join(APPS, app), join(p.dir, "apps", name), {
      recursive: true,
      filter: (src) => !src.endsWith("expected.json"),
    });
  projects.push(p);
  return p;
}

const manifest = (p: Project, ...args: string[]) => runCli(["manifest", ...args], { cwd: p.dir });
const read = (p: Project): Manifest => JSON.parse(readFileSync(join(p.dir, ".e2e/manifest.json"), "utf8"));
const ids = (p: Project, service: string) =>
  read(p)
    .services.find((s) => s.name === service)!
    .endpoints.map((e) => e.id);
const edit = (p: Project, path: string, change: (text: string) => string) =>
  writeFileSync(join(p.dir, path), change(readFileSync(join(p.dir, path), "utf8")));
/** Removes every service's cached facts: a scan that still parses nothing did not need them. */
const dropFacts = (p: Project) => {
  const dir = join(p.dir, ".e2e/manifest.cache");
  for (const f of readdirSync(dir)) if (f.endsWith(".facts.json")) rmSync(join(dir, f));
};

describe("e2e manifest on a tree that did not change", () => {
  it("reuses every service without parsing, linking or writing, even with the cached facts gone", async () => {
    const p = project();
    expect((await manifest(p)).code).toBe(0);
    const json = join(p.dir, ".e2e/manifest.json");
    const before = readFileSync(json, "utf8");
    const mtime = statSync(json).mtimeMs;
    dropFacts(p);
    const again = await manifest(p);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("notes: 7 endpoints, 0 DTOs, 0 types (koa; 0 of 6 files parsed)");
    expect(again.stdout).toContain("(express; 0 of");
    expect(again.stdout).toContain("(spring; 0 of");
    expect(again.stdout).toContain("are up to date (nothing changed)");
    expect(readFileSync(json, "utf8")).toBe(before);
    expect(statSync(json).mtimeMs).toBe(mtime);
    expect(readdirSync(join(p.dir, ".e2e/manifest.cache")).filter((f) => f.endsWith(".facts.json"))).toEqual(
      [],
    );
    expect((await manifest(p, "--check")).code).toBe(0);
  });

  it("rescans only the service whose file changed; the others keep their entries without their facts", async () => {
    const p = project();
    await manifest(p);
    const shop = read(p).services.find((s) => s.name === "shop");
    dropFacts(p);
    edit(p, "apps/notes/src/routes/tags.ts", (t) => `${t}\ntags.delete("/:tag", async () => {});\n`);
    const r = await manifest(p);
    expect(r.stdout).toContain("notes: 8 endpoints, 0 DTOs, 0 types (koa; 6 of 6 files parsed)");
    expect(r.stdout).toMatch(/shop: .*\(express; 0 of \d+ files parsed\)/);
    expect(r.stdout).toMatch(/orders: .*\(spring; 0 of \d+ files parsed\)/);
    expect(ids(p, "notes")).toContain("DELETE /v1/tags/{tag}");
    expect(read(p).services.find((s) => s.name === "shop")).toEqual(shop);
  });
});

describe("e2e manifest sees every change to a service's inputs", () => {
  it("picks up a file added to a service although no other file changed (an import that now resolves)", async () => {
    const p = project();
    const tags = join(p.dir, "apps/notes/src/routes/tags.ts");
    const text = readFileSync(tags, "utf8");
    rmSync(tags);
    await manifest(p);
    expect(ids(p, "notes").filter((id) => id.includes("/tags"))).toEqual([]);
    writeFileSync(tags, text);
    const r = await manifest(p);
    expect(r.stdout).toContain("wrote .e2e/manifest.json");
    expect(ids(p, "notes").filter((id) => id.includes("/tags")).length).toBeGreaterThan(0);
  });

  it("drops the routes of a file removed from a service, and --check says the file is stale first", async () => {
    const p = project();
    await manifest(p);
    expect(ids(p, "notes").filter((id) => id.includes("/tags")).length).toBeGreaterThan(0);
    rmSync(join(p.dir, "apps/notes/src/routes/tags.ts"));
    const check = await manifest(p, "--check");
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/notes: endpoint \S+ \/v1\/tags.* is gone/);
    await manifest(p);
    expect(ids(p, "notes").filter((id) => id.includes("/tags"))).toEqual([]);
  });

  it("picks up an edited OpenAPI document", async () => {
    const p = project();
    await manifest(p);
    expect(ids(p, "shop")).toContain("GET /api/v1/reports/sales");
    edit(p, "apps/shop/openapi.yaml", (t) => t.replace("/api/v1/reports/sales:", "/api/v1/reports/revenue:"));
    const check = await manifest(p, "--check");
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("shop: new endpoint GET /api/v1/reports/revenue");
    expect((await manifest(p)).code).toBe(0);
    expect(ids(p, "shop")).toContain("GET /api/v1/reports/revenue");
    expect(ids(p, "shop")).not.toContain("GET /api/v1/reports/sales");
  });

  it("picks up a changed application.properties (Spring's context path moves every route)", async () => {
    const p = project();
    await manifest(p);
    expect(ids(p, "orders").every((id) => id.split(" ")[1]!.startsWith("/shop/"))).toBe(true);
    edit(p, "apps/orders/src/main/resources/application.properties", (t) =>
      t.replace("context-path=/shop", "context-path=/store"),
    );
    expect((await manifest(p)).code).toBe(0);
    expect(ids(p, "orders").length).toBeGreaterThan(0);
    expect(ids(p, "orders").every((id) => id.split(" ")[1]!.startsWith("/store/"))).toBe(true);
  });

  it("rewrites a hand-edited manifest, and --check calls it stale, although no source changed", async () => {
    const p = project();
    await manifest(p);
    const json = join(p.dir, ".e2e/manifest.json");
    const written = read(p).services;
    const edited = read(p);
    edited.services[0]!.endpoints.pop();
    writeFileSync(json, JSON.stringify(edited, null, 2));
    const check = await manifest(p, "--check");
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("is stale");
    expect((await manifest(p)).code).toBe(0);
    expect(read(p).services).toEqual(written);
    expect((await manifest(p, "--check")).code).toBe(0);
  });
});

describe("a file's stamp standing for its hash", () => {
  it("is given only to a file last changed well before it was hashed, and changes with the file", () => {
    const p = makeProject({ "a.ts": "export const a = 1;\n" });
    projects.push(p);
    const file = join(p.dir, "a.ts");
    // Just written: a second write in the same clock tick could keep size and times, so no stamp.
    expect(stampOf(statSync(file), Date.now())).toBeUndefined();
    const later = Date.now() + 10_000;
    const stamp = stampOf(statSync(file), later);
    expect(stamp).toBeDefined();
    writeFileSync(file, "export const a = 22;\n");
    expect(stampOf(statSync(file), later + 10_000)).not.toBe(stamp);
  });
});

describe("the files a scan must parse, as the scan state counts them", () => {
  it("are all without a record or when the extractors changed, else those whose hash moved, also after a rebuild", () => {
    const p = makeProject({});
    projects.push(p);
    const path = join(p.dir, "state.json");
    const keys = ["express@3", "js-module@1"];
    const paths = ["a.ts", "b.ts"];
    const now = { "a.ts": "h1", "b.ts": "h3" };
    const state = ScanState.open(path, "code-1");
    expect(state.filesToParse("apps/notes", paths, now, keys)).toBe(2);
    const summary = { files: 2, endpoints: 0, dtos: 0, types: 0, frameworks: [] };
    const inputs = { "a.ts": "h1", "b.ts": "h2" };
    const record = { name: "notes", inputs, stamps: {}, reads: {}, result: "r", summary, factsKeys: keys };
    state.record("apps/notes", record);
    state.save();
    const again = ScanState.open(path, "code-1");
    expect(again.filesToParse("apps/notes", paths, now, keys)).toBe(1);
    expect(again.filesToParse("apps/notes", paths, inputs, keys)).toBe(0);
    expect(again.filesToParse("apps/shop", paths, inputs, keys)).toBe(2);
    // A scanner's facts key bumped: no cached facts are its.
    expect(again.filesToParse("apps/notes", paths, inputs, ["express@3", "js-module@2"])).toBe(2);
    // A rebuilt e2e relinks every service, but the facts files still hold what the hashes say.
    const rebuilt = ScanState.open(path, "code-2");
    expect(rebuilt.unchanged("apps/notes", "notes", inputs, () => null)).toBeUndefined();
    expect(rebuilt.filesToParse("apps/notes", paths, now, keys)).toBe(1);
  });
});
