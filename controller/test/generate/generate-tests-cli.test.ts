// `e2e generate-tests` from the outside: what it writes for this repository's auth service, that
// the output type-checks and passes lint, and that it never overwrites a file someone changed.

import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProject, type Project, REPO_ROOT, runCli } from "../helpers/project.js";
import { removeScan, scanRepoServices } from "./helpers.js";

const run = promisify(execFile);
let manifest: string;
const projects: Project[] = [];
beforeAll(async () => {
  manifest = await scanRepoServices();
}, 120_000);
afterAll(() => {
  for (const p of projects) p.remove();
  removeScan(manifest);
});

function project(): Project {
  const p = makeProject({});
  projects.push(p);
  return p;
}

const generate = (p: Project, service: string, ...args: string[]) =>
  runCli(
    [
      "generate-tests",
      "--service",
      service,
      "--manifest",
      manifest,
      "--out",
      join(p.dir, "services", service),
      ...args,
    ],
    {
      cwd: p.dir,
    },
  );

describe("e2e generate-tests", () => {
  it("writes a typed page, the DTO types, a session setup and modules of every kind for the auth service", async () => {
    const p = project();
    const r = await generate(p, "auth");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const dir = join(p.dir, "services/auth");
    const page = readFileSync(join(dir, "page.ts"), "utf8");
    expect(page).toContain("export default class AuthPage extends BasePage");
    expect(page).toMatch(
      /createUser\(body: CreateUserBody, options: RequestOptions = \{\}\): Promise<PageResponse>/,
    );
    expect(page).toMatch(/getUser\(id: string, options/);
    const types = readFileSync(join(dir, "types.ts"), "utf8");
    expect(types).toMatch(/export interface UserSchema \{[^}]*role: "admin" \| "user";/s);
    expect(types).toContain('email: { type: "string", required: true }');
    expect(readFileSync(join(dir, "setup.ts"), "utf8")).toContain("page.token = await openSession(page)");
    const modules = readFileSync(join(dir, "modules/11_users_crud.ts"), "utf8");
    expect(modules).toContain(
      "create → read → list contains it → update → read shows it → delete → read is 404",
    );
    expect(r.stdout).toMatch(/auth: 20 files \(16 modules\) written/);
    for (const name of ["01_login.ts", "12_login_rejects_invalid.ts", "16_users_unknown_id.ts"])
      expect(existsSync(join(dir, "modules", name)), name).toBe(true);
  });

  it("writes suites that type-check with tsc and pass biome lint with the repository's rules", async () => {
    const p = project();
    for (const s of ["auth", "task-graph"]) expect((await generate(p, s)).code).toBe(0);
    p.write(
      "tsconfig.json",
      JSON.stringify({
        extends: join(REPO_ROOT, "tsconfig.json"),
        compilerOptions: {
          noEmit: true,
          rootDir: "/",
          typeRoots: [join(REPO_ROOT, "node_modules/@types")],
          paths: { gantry: [join(REPO_ROOT, "controller/src/index.ts")] },
        },
        include: ["services"],
        exclude: [],
      }),
    );
    const tsc = await run(process.execPath, [
      join(REPO_ROOT, "node_modules/typescript/bin/tsc"),
      "-p",
      p.dir,
    ]).catch((e: { stdout: string }) => ({ stdout: e.stdout, failed: true }));
    expect(tsc.stdout).toBe("");
    const biome = JSON.parse(readFileSync(join(REPO_ROOT, "biome.json"), "utf8"));
    biome.files = { includes: ["**"] };
    delete biome.$schema;
    p.write("biome.json", JSON.stringify(biome));
    const lint = await run(
      join(REPO_ROOT, "node_modules/.bin/biome"),
      ["lint", "--max-diagnostics=50", "services"],
      { cwd: p.dir },
    ).catch((e: { stdout: string; stderr: string }) => ({ stdout: e.stdout, stderr: e.stderr }));
    const said = `${lint.stdout}${lint.stderr}`;
    expect(said).toMatch(/Checked (3\d|[4-9]\d) files/);
    expect(said).not.toMatch(/Found \d+ (error|warning|info)/);
  });

  it("asks a lookup of what the service makes itself (code symbols) for an id nobody made, expecting 404", async () => {
    const p = project();
    const r = await generate(p, "task-graph");
    expect(r.code, r.stderr).toBe(0);
    const modules = readdirSync(join(p.dir, "services/task-graph/modules"));
    const lookups = modules.filter((m) => m.endsWith("_unknown_key.ts")).map((m) => m.replace(/^\d+_/, ""));
    expect(lookups.sort()).toEqual([
      "get_code_symbol_by_id_unknown_key.ts",
      "get_code_symbol_unknown_key.ts",
    ]);
    expect(modules.some((m) => /^\d+_get_code_symbol\.ts$/.test(m))).toBe(false);
    const byPath = modules.find((m) => m.endsWith("_get_code_symbol_unknown_key.ts")) as string;
    const text = readFileSync(join(p.dir, "services/task-graph/modules", byPath), "utf8");
    expect(text).toContain("page.getCodeSymbol(missing, {})");
    expect(text).toContain('assertStatus(res, 404, "a key nobody made")');
    // Resources the suite can create keep their happy modules.
    expect(modules.some((m) => /^\d+_get_issue\.ts$/.test(m))).toBe(true);
  });

  it("refuses to overwrite a generated file someone edited (exit 2, naming it) and replaces it with --force", async () => {
    const p = project();
    await generate(p, "auth");
    const file = join(p.dir, "services/auth/modules/01_login.ts");
    const generated = readFileSync(file, "utf8");
    writeFileSync(
      file,
      generated.replace("assertStatus(res, [200]);", "assertStatus(res, [200]); // checked by hand"),
    );
    const edited = readFileSync(file, "utf8");
    const refused = await generate(p, "auth");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("refusing to overwrite 1 file(s) (use --force to replace them)");
    expect(refused.stderr).toContain("01_login.ts: changed since it was generated");
    expect(readFileSync(file, "utf8")).toBe(edited);
    const forced = await generate(p, "auth", "--force");
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain("update");
    expect(readFileSync(file, "utf8")).toBe(generated);
  });

  it("keeps a hand-written page.ts that carries no generated mark unless --force", async () => {
    const p = project();
    p.write(
      "services/auth/page.ts",
      'import { BasePage } from "gantry";\nexport default class Mine extends BasePage {}\n',
    );
    const r = await generate(p, "auth");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("page.ts: not written by generate-tests");
    expect(
      existsSync(join(p.dir, "services/auth/types.ts")),
      "nothing is written when a file is refused",
    ).toBe(false);
  });

  it("regenerates untouched files silently: a second run changes nothing", async () => {
    const p = project();
    await generate(p, "auth");
    const again = await generate(p, "auth");
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("; 0 changed");
  });

  it("--dry-run lists what it would write and writes nothing", async () => {
    const p = project();
    const r = await generate(p, "task-graph", "--dry-run");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`would create ${join("services", "task-graph", "page.ts")}`);
    expect(existsSync(join(p.dir, "services/task-graph"))).toBe(false);
  });

  it("exits 2 naming the services the manifest has when --service names another", async () => {
    const p = project();
    const r = await generate(p, "billing");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no service "billing"');
    expect(r.stderr).toContain("auth, task-graph");
  });

  it("is listed by e2e --help, and its help names every option", async () => {
    expect((await runCli(["--help"])).stdout).toMatch(/generate-tests \[options\]/);
    const help = (await runCli(["generate-tests", "--help"])).stdout;
    for (const option of ["--service <name>", "--manifest <file>", "--out <dir>", "--force", "--dry-run"])
      expect(help).toContain(option);
  });
});
