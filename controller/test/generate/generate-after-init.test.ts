// Issue 24 point 3: `e2e generate-tests` after `e2e init` never breaks what init wrote. Init's page.ts,
// unchanged, is replaced by the generated page (no --force needed, and said so), which keeps the
// health() init's modules/01_health.ts calls; that module is left as it is. With --force over a
// page the user edited, the same holds. Checked as a user would: the suite type-checks with
// `npx tsc --noEmit` and `e2e run` passes init's health module.
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { linkInstalled } from "../helpers/installed-suite.js";
import { makeProject, type Project, runCli } from "../helpers/project.js";

const run = promisify(execFile);
let api: TestServer;
const projects: Project[] = [];
beforeAll(async () => {
  api = await startServer((req, res) =>
    req.url === "/health" ? sendJson(res, 200, { status: "ok" }) : sendJson(res, 404, { code: "NOT_FOUND" }),
  );
});
afterAll(async () => {
  for (const p of projects) p.remove();
  await api.close();
});

const field = (name: string) => ({ name, type: "string", required: true });
const endpoint = (method: string, path: string, extra: object) => ({
  id: `${method} ${path}`,
  method,
  path,
  handler: "h",
  file: "app.js",
  line: 1,
  params: [],
  ...extra,
});
/** The manifest `e2e manifest` would write for a small items API. */
const MANIFEST = {
  version: 1,
  generated_at: "2026-11-27T00:00:00.000",
  services: [
    {
      name: "billing",
      root: "api",
      frameworks: ["express"],
      endpoints: [
        endpoint("GET", "/api/items", { responses: [{ status: 200, dto: "Item[]" }] }),
        endpoint("POST", "/api/items", { request: "NewItem", responses: [{ status: 201, dto: "Item" }] }),
      ],
      dtos: [
        { name: "Item", file: "app.js", line: 1, fields: [field("id"), field("name")] },
        { name: "NewItem", file: "app.js", line: 2, fields: [field("name")] },
      ],
      types: [],
    },
  ],
};

async function initialised(): Promise<Project> {
  const p = makeProject({ "manifest.json": JSON.stringify(MANIFEST) });
  projects.push(p);
  const init = await runCli(["init", "--name", "billing", "--base-url", api.url], { cwd: p.dir });
  expect(init.code, init.stderr).toBe(0);
  // What `npm install` leaves: TypeScript, @types, gantry (helpers/installed-suite.ts).
  linkInstalled(p.dir);
  return p;
}

const generate = (p: Project, ...args: string[]) =>
  runCli(["generate-tests", "--service", "billing", "--manifest", "manifest.json", ...args], { cwd: p.dir });

/** `npx tsc --noEmit` in the project: its output (empty when the suite type-checks). */
async function typecheck(p: Project): Promise<string> {
  const r = await run("npx", ["--no-install", "tsc", "--noEmit"], { cwd: p.dir }).catch(
    (e: { stdout: string; stderr: string }) => e,
  );
  return `${r.stdout}${r.stderr}`;
}

const healthModule = (p: Project) =>
  readFileSync(join(p.dir, "services/billing/modules/01_health.ts"), "utf8");

describe("e2e generate-tests after e2e init", () => {
  it("replaces init's unchanged page without --force, keeps its health(), and init's module still passes", async () => {
    const p = await initialised();
    const before = healthModule(p);
    const r = await generate(p);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("update services/billing/page.ts (the page `e2e init` wrote, unchanged)");
    expect(r.stdout).toContain(
      "kept services/billing/modules/01_health.ts (written by `e2e init`): page.ts keeps the health() it calls",
    );
    expect(healthModule(p)).toBe(before);
    const page = readFileSync(join(p.dir, "services/billing/page.ts"), "utf8");
    expect(page).toContain("health(options: RequestOptions = {}): Promise<PageResponse> {");
    expect(page).toMatch(/\/\/ e2e-generated sha256:/);
    expect(await typecheck(p)).toBe("");
    const ran = await runCli(["run", "-m", "01_health"], { cwd: p.dir });
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/✓ billing › 01_health/);
    // Generating again changes nothing: the page is the generated one now.
    const again = await generate(p);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("0 changed");
  });

  it("with --force over a page the user edited, still keeps what init's health module calls", async () => {
    const p = await initialised();
    const pagePath = join(p.dir, "services/billing/page.ts");
    writeFileSync(pagePath, readFileSync(pagePath, "utf8").replace("/** GET", "/** Edited. GET"));
    const refused = await generate(p);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("services/billing/page.ts: not written by generate-tests");
    const forced = await generate(p, "--force");
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain("page.ts keeps the health() it calls");
    expect(await typecheck(p)).toBe("");
    const ran = await runCli(["run", "-m", "01_health"], { cwd: p.dir });
    expect(ran.code, ran.stdout + ran.stderr).toBe(0);
  });
});
