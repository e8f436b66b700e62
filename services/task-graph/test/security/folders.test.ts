// Issue 25, points 1, 2, 6 and 7, replayed against the real process: which folders may become
// code repositories, and which files of them may be read. Each reproducer of the probe is here:
// /etc, the data directory, ".", /proc/self (a crash loop), a path above an allowed root,
// symlinks out of a watched folder made after start, and the data directory as a CODE_ROOTS entry.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Json } from "../../harness/start-service.js";
import { cleanUp, folder, register, type Started, searchCode, start, until, writeTree } from "./support.js";

afterAll(cleanUp);

const PASSWD_WORDS = "root nologin bin bash daemon";
/** True when a search result holds text of /etc/passwd. */
const leaksPasswd = (hits: Json[]) =>
  hits.some(
    (h) => /root:x:0:0|\/usr\/sbin\/nologin/.test(JSON.stringify(h)) || String(h.path).includes("passwd"),
  );

describe("registration with CODE_REGISTER_ROOTS unset (the default)", () => {
  let svc: Started;
  beforeAll(async () => {
    svc = await start({});
  });

  it.each(["/etc", "/proc/self", "/", "."])(
    "refuses %j with 403 PATH_NOT_ALLOWED naming the setting",
    async (path) => {
      const res = await register(svc.api, "probe", path);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "PATH_NOT_ALLOWED" });
      expect(res.body.error).toContain("CODE_REGISTER_ROOTS");
      expect((await svc.api.get("/api/v1/code/repositories")).body.total).toBe(0);
    },
  );

  it("serves nothing of /etc/passwd afterwards", async () => {
    expect(leaksPasswd(await searchCode(svc.api, PASSWD_WORDS))).toBe(false);
  });
});

describe("registration under an allowed root", () => {
  let svc: Started;
  let allowed: string;
  let dataDir: string;

  beforeAll(async () => {
    allowed = folder("tg-sec-allowed-");
    dataDir = join(allowed, "data"); // the data directory inside an allowed root: still refused
    mkdirSync(dataDir);
    writeTree(allowed, { "app/src/cart.ts": "export function cartTotal() { return 0; }\n" });
    symlinkSync("/etc", join(allowed, "etc-link"));
    symlinkSync("/proc/self", join(allowed, "proc-link"));
    svc = await start({ CODE_REGISTER_ROOTS: allowed, DATA_DIR: dataDir });
  });

  it("accepts a folder inside it and indexes it", async () => {
    const res = await register(svc.api, "app", join(allowed, "app"));
    expect(res.status).toBe(201);
    await until(async () => {
      expect((await svc.api.get("/api/v1/code/repositories/app")).body).toMatchObject({
        status: "ready",
        files: 1,
      });
    });
  });

  it.each([
    ["/etc", "not inside"],
    ["/proc/self", "kernel file systems"],
    ["the allowed root's parent", /not inside|data directory/],
    ["a link inside it to /etc", "not inside"],
    ["a link inside it to /proc/self", "kernel file systems"],
    ["the data directory", "data directory"],
    ["the allowed root itself (it holds the data directory)", "data directory"],
    ["a relative path", "absolute"],
  ])("refuses %s (403, naming the rule)", async (what, rule) => {
    const paths: Record<string, string> = {
      "/etc": "/etc",
      "/proc/self": "/proc/self",
      "the allowed root's parent": join(allowed, ".."),
      "a link inside it to /etc": join(allowed, "etc-link"),
      "a link inside it to /proc/self": join(allowed, "proc-link"),
      "the data directory": dataDir,
      "the allowed root itself (it holds the data directory)": allowed,
      "a relative path": "app",
    };
    const res = await register(svc.api, "probe", paths[what]!);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("PATH_NOT_ALLOWED");
    expect(res.body.error).toMatch(rule);
  });

  it("is still alive and serves no /etc or /proc file after every refusal", async () => {
    expect((await svc.api.get("/health")).status).toBe(200);
    expect(leaksPasswd(await searchCode(svc.api, PASSWD_WORDS))).toBe(false);
    const names = (await svc.api.get("/api/v1/code/repositories")).body.items.map((r: Json) => r.name);
    expect(names).toEqual(["app"]);
  });
});

describe("a watched folder (CODE_ROOTS) and links made in it after start", () => {
  let svc: Started;
  let root: string;
  let outside: string;

  beforeAll(async () => {
    root = folder("tg-sec-watched-");
    outside = folder("tg-sec-outside-");
    writeTree(root, {
      "src/app.ts": "export function appMain() { return 1; }\n",
      "src/inside.ts": "export const insideValue = 'kept inside';\n",
    });
    writeTree(outside, { "secret.ts": "export const outsideSecretZebra = 'must not be served';\n" });
    // Made before start: the first walk must skip them too.
    symlinkSync("/etc/passwd", join(root, "early-passwd.ts"));
    svc = await start({ CODE_ROOTS: `watched=${root}` });
    await until(async () => {
      expect((await svc.api.get("/api/v1/code/repositories/watched")).body).toMatchObject({
        status: "ready",
        files: 2,
      });
    });
  });

  it("ignores links to files and folders outside the root, made after start", async () => {
    symlinkSync("/etc/passwd", join(root, "src", "passwd.ts"));
    symlinkSync(outside, join(root, "src", "outside-dir"));
    symlinkSync(join(root, "src", "inside.ts"), join(root, "src", "alias.ts")); // inside: followed
    writeFileSync(join(root, "src", "later.ts"), "export const laterMarkerOtter = 2;\n");
    // The watcher has seen the batch once the plain file made with it is indexed.
    await until(async () => {
      const hits = await searchCode(svc.api, "laterMarkerOtter");
      expect(hits.map((h) => h.path)).toContain("src/later.ts");
    });
    const repo = (await svc.api.get("/api/v1/code/repositories/watched")).body;
    expect(repo.files).toBe(4); // app, inside, later, and the alias whose real path is inside
    expect(leaksPasswd(await searchCode(svc.api, PASSWD_WORDS))).toBe(false);
    const secret = await searchCode(svc.api, "outsideSecretZebra");
    const leaked = secret.filter((h) => /outside-dir|must not be served/.test(JSON.stringify(h)));
    expect(leaked).toEqual([]);
  });
});

describe("the data directory as a CODE_ROOTS entry", () => {
  let svc: Started;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = folder("tg-sec-data-");
    svc = await start({ DATA_DIR: dataDir, CODE_ROOTS: `data=${dataDir}` });
  });

  it("is refused at start (logged): no repository, so no watcher re-indexes the journal", async () => {
    await svc.server.waitForOutput("CODE_ROOTS entry not indexed");
    expect(svc.server.output()).toContain("data directory");
    expect((await svc.api.get("/api/v1/code/repositories")).body.total).toBe(0);
    expect((await svc.api.get("/health")).body.code).toMatchObject({ repositories: 0, files: 0 });
    const created = await svc.api.post("/api/v1/issues", { title: "one write", description: "d" });
    expect(created.status).toBe(201);
  });
});
