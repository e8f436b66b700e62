// `e2e manifest` from the outside: the files it writes, the format's JSON Schema, the cache that
// makes a rescan incremental, --check for CI, and the exit codes (SPEC §3, §5).
import { cpSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { afterAll, describe, expect, it } from "vitest";
import type { Manifest } from "../../src/manifest/types.js";
import { makeProject, type Project, REPO_ROOT, runCli } from "../helpers/project.js";
import { notesAndEventsProject } from "./notes-and-events-project.js";

const APPS = join(import.meta.dirname, "apps");
const projects: Project[] = [];
afterAll(() => {
  for (const p of projects) p.remove();
});

/** A project whose e2e.conf names two services, their sources copied from the Koa and Hono apps. */
function project(): Project {
  const p = notesAndEventsProject();
  projects.push(p);
  return p;
}

const read = (p: Project): Manifest => JSON.parse(readFileSync(join(p.dir, ".e2e/manifest.json"), "utf8"));
const manifest = (p: Project, ...args: string[]) => runCli(["manifest", ...args], { cwd: p.dir });

describe("e2e manifest", () => {
  it("writes .e2e/manifest.json and manifest.md beside e2e.conf, one service per maven_module, valid against the format's JSON Schema", async () => {
    const p = project();
    const r = await manifest(p);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const m = read(p);
    expect(m.services.map((s) => [s.name, s.root, s.frameworks])).toEqual([
      ["notes", "apps/notes", ["koa"]],
      ["events", "apps/events", ["hono"]],
    ]);
    const schema = JSON.parse(readFileSync(join(REPO_ROOT, "docs/manifest.schema.json"), "utf8"));
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(m), JSON.stringify(validate.errors)).toBe(true);
    const md = readFileSync(join(p.dir, ".e2e/manifest.md"), "utf8");
    expect(md).toContain("## events");
    expect(md).toContain("| POST | `/api/events` |");
    expect(r.stdout).toContain("wrote .e2e/manifest.json and .e2e/manifest.md");
  });

  it("parses again only the files that changed since the last scan", async () => {
    const p = project();
    expect((await manifest(p)).stdout).toContain(
      "notes: 7 endpoints, 0 DTOs, 0 types (koa; 6 of 6 files parsed)",
    );
    expect((await manifest(p)).stdout).toContain("(koa; 0 of 6 files parsed)");
    p.write(
      "apps/notes/src/routes/tags.ts",
      `${readFileSync(join(p.dir, "apps/notes/src/routes/tags.ts"), "utf8")}\ntags.delete("/:tag", async () => {});\n`,
    );
    const r = await manifest(p);
    expect(r.stdout).toContain("notes: 8 endpoints, 0 DTOs, 0 types (koa; 1 of 6 files parsed)");
    expect(r.stdout).toContain("(hono; 0 of 4 files parsed)");
    expect(read(p).services[0]!.endpoints.map((e) => e.id)).toContain("DELETE /v1/tags/{tag}");
  });

  it("--check exits 0 when the file is current, 1 naming the new endpoint when the code moved on, and writes nothing", async () => {
    const p = project();
    await manifest(p);
    const before = readFileSync(join(p.dir, ".e2e/manifest.json"), "utf8");
    const ok = await manifest(p, "--check");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("is up to date");
    p.write(
      "apps/events/src/routes/attendees.ts",
      `${readFileSync(join(p.dir, "apps/events/src/routes/attendees.ts"), "utf8")}\nattendees.post("/", (c) => c.json({}, 201));\n`,
    );
    const stale = await manifest(p, "--check");
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain("events: new endpoint POST /api/events/{eventId}/attendees");
    expect(readFileSync(join(p.dir, ".e2e/manifest.json"), "utf8")).toBe(before);
    expect((await manifest(p)).code).toBe(0);
    expect((await manifest(p, "--check")).code).toBe(0);
  });

  it("keeps the generated_at of an unchanged manifest, so a rescan of the same tree changes no byte", async () => {
    const p = project();
    await manifest(p);
    const before = readFileSync(join(p.dir, ".e2e/manifest.json"), "utf8");
    const beforeMd = readFileSync(join(p.dir, ".e2e/manifest.md"), "utf8");
    const mtime = statSync(join(p.dir, ".e2e/manifest.json")).mtimeMs;
    const again = await manifest(p);
    expect(readFileSync(join(p.dir, ".e2e/manifest.json"), "utf8")).toBe(before);
    expect(readFileSync(join(p.dir, ".e2e/manifest.md"), "utf8")).toBe(beforeMd);
    // Not even rewritten with the same bytes: tools watching the file see no change.
    expect(statSync(join(p.dir, ".e2e/manifest.json")).mtimeMs).toBe(mtime);
    expect(again.stdout).toContain(
      ".e2e/manifest.json and .e2e/manifest.md are up to date (nothing changed)",
    );
  });

  it("rescans one service with --service and keeps the others in the file", async () => {
    const p = project();
    await manifest(p);
    const events = read(p).services[1];
    p.write(
      "apps/notes/src/routes/index.ts",
      `${readFileSync(join(p.dir, "apps/notes/src/routes/index.ts"), "utf8")}\napi.get("/version", () => {});\n`,
    );
    expect((await manifest(p, "--service", "notes")).code).toBe(0);
    const m = read(p);
    expect(m.services.map((s) => s.name)).toEqual(["notes", "events"]);
    expect(m.services[0]!.endpoints.map((e) => e.id)).toContain("GET /v1/version");
    expect(m.services[1]).toEqual(events);
  });

  it("scans an explicit path without any config, named by --service, into that folder's .e2e and --out", async () => {
    const p = makeProject({});
    projects.push(p);
    cpSync(join(APPS, "express"), join(p.dir, "shop"), { recursive: true });
    const r = await runCli(["manifest", "shop", "--service", "shop-api"], { cwd: p.dir });
    expect(r.code).toBe(0);
    const m: Manifest = JSON.parse(readFileSync(join(p.dir, "shop/.e2e/manifest.json"), "utf8"));
    expect(m.services.map((s) => [s.name, s.root])).toEqual([["shop-api", "."]]);
    const out = await runCli(["manifest", "shop", "--out", "api.json"], { cwd: p.dir });
    expect(out.code).toBe(0);
    expect(JSON.parse(readFileSync(join(p.dir, "api.json"), "utf8")).services[0].root).toBe("shop");
    expect(readFileSync(join(p.dir, "api.md"), "utf8")).toContain("## shop");
  });

  it("exits 2 with a clear message for a missing folder, an unknown service or an unknown option", async () => {
    const p = project();
    const missing = await manifest(p, "nowhere");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no such folder to scan");
    const unknown = await manifest(p, "--service", "billing");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--service billing: not a service of");
    expect(unknown.stderr).toContain("services: notes, events");
    expect((await manifest(p, "--bogus")).code).toBe(2);
    writeFileSync(join(p.dir, "e2e.conf"), "services: {}\n");
    expect((await manifest(p)).code).toBe(2);
  });

  it("is listed by e2e --help, and e2e manifest --help names its options", async () => {
    const top = await runCli(["--help"]);
    expect(top.stdout).toMatch(/manifest \[options\] \[path\]/);
    const help = await runCli(["manifest", "--help"]);
    expect(help.code).toBe(0);
    for (const option of ["--service <name>", "--out <file>", "--check", "--config <path>"])
      expect(help.stdout).toContain(option);
  });
});
