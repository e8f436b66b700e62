// `e2e search` from the outside (SPEC §5): a real project (the Koa and Hono sample apps and a
// suite), scanned by `e2e manifest`, searched by the real CLI. What a user sees: kind,
// `METHOD path` or name, `file:line` pointing at the declaration, score and matched terms; --json;
// the index cached beside the manifest and rebuilt when a source changes; exit 2 for usage errors.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startFakeEmbeddingsServer } from "../../../services/task-graph/test/conformance/embedder-fake-server.js";
import { makeProject, type Project, runCli } from "../helpers/project.js";
import { notesAndEventsProject } from "../manifest/notes-and-events-project.js";

const projects: Project[] = [];
afterAll(() => {
  for (const p of projects) p.remove();
});

const PAGE = `import { BasePage } from "gantry";
export default class NotesPage extends BasePage {
  /** Every tag with its note count. */
  listTags() {
    return this.get("/v1/tags");
  }
  archiveNote(workspace: string, note: string) {
    return this.delete(\`/v1/workspaces/\${workspace}/notes/\${note}\`);
  }
}
`;
const MODULE = `import type NotesPage from "../page.js";
export const tags = ["tags"];
/** The tag list answers and counts the notes per tag. */
export async function run(page: NotesPage) {
  return page.listTags();
}
`;

/** A library's lending code, its comment saying what a loan is. */
const LENDING = (comment: string) =>
  `// ${comment}\nexport function lend(bookId: string, memberId: string) {\n  return { bookId, memberId, due: Date.now() };\n}\n`;

let shared: Promise<Project> | undefined;
/** One scanned project for the tests that only read it. */
const sharedProject = () => {
  shared ??= scannedProject();
  return shared;
};

/** Two services from the Koa and Hono sample apps, and a suite for the first. */
async function scannedProject(): Promise<Project> {
  const p = notesAndEventsProject({
    "services/notes/page.ts": PAGE,
    "services/notes/modules/01_tag_counts.ts": MODULE,
  });
  projects.push(p);
  const scan = await runCli(["manifest"], { cwd: p.dir });
  expect(scan.code, scan.stderr).toBe(0);
  return p;
}

interface JsonHit {
  kind: string;
  service: string;
  method?: string;
  path?: string;
  name?: string;
  file: string;
  line: number;
  score: number;
  matched: string[];
}

const search = (p: Project, ...args: string[]) => runCli(["search", ...args], { cwd: p.dir });
const json = async (p: Project, ...args: string[]) => {
  const r = await search(p, ...args, "--json");
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as JsonHit[];
};

/** An Express library app whose routes say "loans"; only the function a handler calls says what a loan is. */
function libraryProject(): Project {
  const p = makeProject({
    "e2e.conf":
      "general: {}\nservices:\n  library:\n    base_url: http://127.0.0.1:1\n    maven_module: apps/library\n",
    "apps/library/package.json": '{"type": "module", "dependencies": {"express": "^4.21.0"}}',
    "apps/library/src/app.ts": [
      'import express from "express";',
      'import { createLoan, listBooks, showBook } from "./handlers.js";',
      "export const app = express();",
      "const router = express.Router();",
      'router.get("/books", listBooks);',
      'router.get("/books/:id", showBook);',
      'router.post("/loans", createLoan);',
      'app.use("/api", router);',
      "",
    ].join("\n"),
    "apps/library/src/handlers.ts": [
      'import { lend } from "./lending.js";',
      "export const listBooks = (_req, res) => res.json([]);",
      "export const showBook = (req, res) => res.json({ id: req.params.id });",
      "export const createLoan = (req, res) => res.status(201).json(lend(req.body.bookId, req.body.memberId));",
      "",
    ].join("\n"),
    "apps/library/src/lending.ts": LENDING("A member borrows a book until it is due back."),
  });
  projects.push(p);
  return p;
}

describe("e2e search", () => {
  it("shows the endpoint a plain question is about first: kind, METHOD path, file:line of its declaration, score and matched words", async () => {
    const p = await sharedProject();
    const r = await search(p, "which", "tags", "exist");
    expect(r.code, r.stderr).toBe(0);
    const first = r.stdout.split("\n")[0]!;
    expect(first).toMatch(
      /^endpoint\s+notes\s+GET \/v1\/tags\s+apps\/notes\/src\/routes\/tags\.ts:5\s+0\.\d{3}\s+tags/,
    );
    const declared = readFileSync(join(p.dir, "apps/notes/src/routes/tags.ts"), "utf8").split("\n")[4];
    expect(declared).toContain('tags.get("/"');
  });

  it("prints JSON hits with kind, method, path, file, line and score, at most -k of them, best first", async () => {
    const p = await sharedProject();
    const hits = await json(p, "delete a note", "-k", "3");
    expect(hits.length).toBeLessThanOrEqual(3);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toMatchObject({
      kind: "endpoint",
      method: "DELETE",
      path: "/v1/workspaces/{workspaceId}/notes/{noteId}",
      file: expect.stringMatching(/^apps\/notes\/src\/.+\.ts$/),
      line: expect.any(Number),
      score: expect.any(Number),
    });
    const scores = hits.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("finds page methods and modules of the suite, and keeps to one service with --service", async () => {
    const p = await sharedProject();
    const hits = await json(p, "tag list with note counts", "--service", "notes");
    expect(hits.every((h) => h.service === "notes")).toBe(true);
    expect(hits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "page-method",
          name: "NotesPage.listTags",
          file: "services/notes/page.ts",
          line: 4,
        }),
        expect.objectContaining({
          kind: "module",
          name: "notes/01_tag_counts",
          file: "services/notes/modules/01_tag_counts.ts",
          line: 4,
        }),
      ]),
    );
    const events = await json(p, "tag list with note counts", "--service", "events");
    expect(events.every((h) => h.service === "events")).toBe(true);
  });

  it("caches the index beside the manifest, reuses it, and rebuilds it when the manifest or the suite changes", async () => {
    const p = await scannedProject();
    await json(p, "tags");
    const cache = join(p.dir, ".e2e/manifest.search.json");
    const first = statSync(cache).mtimeMs;
    await json(p, "events");
    expect(statSync(cache).mtimeMs).toBe(first);
    expect((await json(p, "archive a pinned memo")).some((h) => h.name === "notes/02_pinned")).toBe(false);
    p.write(
      "services/notes/modules/02_pinned.ts",
      "/** Archive a pinned memo. */\nexport async function run() {}\n",
    );
    expect((await json(p, "archive a pinned memo")).some((h) => h.name === "notes/02_pinned")).toBe(true);
    // A new route, scanned into the manifest, is found without any other step.
    const routes = readFileSync(join(p.dir, "apps/events/src/app.ts"), "utf8");
    expect(routes).toMatch(/app\.get\(/);
    writeFileSync(
      join(p.dir, "apps/events/src/app.ts"),
      `${routes}\napp.get("/venues/nearby", (c) => c.json([]));\n`,
    );
    expect((await runCli(["manifest"], { cwd: p.dir })).code).toBe(0);
    const venues = await json(p, "venues nearby");
    // The app's basePath("/api") applies.
    expect(venues[0]).toMatchObject({ kind: "endpoint", method: "GET", path: "/api/venues/nearby" });
  });

  it("finds an endpoint by what the code it calls says, and reads that code again when it changes", async () => {
    // The routes say "loans"; only the function the handler calls says what a loan is.
    const p = libraryProject();
    expect((await runCli(["manifest"], { cwd: p.dir })).code).toBe(0);
    const borrow = await json(p, "borrow a book");
    expect(borrow[0]).toMatchObject({ kind: "endpoint", method: "POST", path: "/api/loans" });
    // The manifest stays as it was (no route changed); the index still sees the new comment.
    p.write("apps/library/src/lending.ts", LENDING("A patron reserves a copy for a fortnight."));
    const reserve = await json(p, "reserve a copy for a fortnight");
    expect(reserve[0]).toMatchObject({ kind: "endpoint", method: "POST", path: "/api/loans" });
  });

  it("after a source change and a new manifest, finds what an index built afresh finds, with the per-file code memo or a torn one", async () => {
    const p = libraryProject();
    expect((await runCli(["manifest"], { cwd: p.dir })).code).toBe(0);
    await json(p, "borrow a book");
    const memo = join(p.dir, ".e2e/manifest.search-code.json");
    expect(existsSync(memo)).toBe(true);
    // A changed comment in the code a handler calls, and a new route with its handler.
    p.write("apps/library/src/lending.ts", LENDING("A patron reserves a copy for a fortnight."));
    const edit = (file: string, change: (text: string) => string) =>
      p.write(file, change(readFileSync(join(p.dir, file), "utf8")));
    edit("apps/library/src/app.ts", (app) =>
      app
        .replace("showBook }", "showBook, endLoan }")
        .replace('app.use("/api"', 'router.delete("/loans/:id", endLoan);\napp.use("/api"'),
    );
    edit(
      "apps/library/src/handlers.ts",
      (handlers) =>
        `${handlers}/** The book comes back to the shelf. */\nexport const endLoan = (_req, res) => res.status(204).end();\n`,
    );
    expect((await runCli(["manifest"], { cwd: p.dir })).code).toBe(0);
    const queries = [
      "reserve a copy for a fortnight",
      "return a book to the shelf",
      "borrow a book",
      "list books",
    ];
    const kept: JsonHit[][] = [];
    for (const q of queries) kept.push(await json(p, q));
    expect(kept[0]![0]).toMatchObject({ method: "POST", path: "/api/loans" });
    expect(kept[1]![0]).toMatchObject({ method: "DELETE", path: "/api/loans/{id}" });
    rmSync(join(p.dir, ".e2e/manifest.search.json"));
    rmSync(memo);
    for (const [i, q] of queries.entries()) expect(await json(p, q), q).toEqual(kept[i]);
    rmSync(join(p.dir, ".e2e/manifest.search.json"));
    writeFileSync(memo, '{"format":1,"files":');
    expect(await json(p, queries[1]!)).toEqual(kept[1]);
  });

  it("rebuilds a torn cache file instead of trusting it", async () => {
    const p = await scannedProject();
    await json(p, "tags");
    writeFileSync(join(p.dir, ".e2e/manifest.search.json"), '{"version":1,"sources":');
    const hits = await json(p, "which tags exist");
    expect(hits[0]).toMatchObject({ method: "GET", path: "/v1/tags" });
  });

  it("embeds with the HTTP endpoint EMBEDDINGS_URL names (the task graph's choice), and rebuilds the index when the embedder changes", async () => {
    // The one stand-in: a local OpenAI-compatible endpoint (no real embeddings service runs here).
    const fake = await startFakeEmbeddingsServer(32);
    try {
      const p = await scannedProject();
      const env = { EMBEDDINGS_URL: fake.url, EMBEDDINGS_MODEL: "fake-model" };
      const r = await runCli(["search", "which tags exist", "--json"], { cwd: p.dir, env });
      expect(r.code, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as JsonHit[])[0]).toMatchObject({ method: "GET", path: "/v1/tags" });
      const inputs = fake.requests.flatMap((q) => q.body.input ?? []);
      expect(inputs).toContain("which tags exist");
      expect(inputs.length).toBeGreaterThan(10);
      expect(fake.requests.every((q) => q.body.model === "fake-model")).toBe(true);
      const cache = join(p.dir, ".e2e/manifest.search.json");
      const built = statSync(cache).mtimeMs;
      await json(p, "which tags exist");
      expect(statSync(cache).mtimeMs).toBeGreaterThan(built);
      fake.mode = "server-error";
      const down = await runCli(["search", "which tags exist"], { cwd: p.dir, env });
      expect(down.code).toBe(1);
      expect(down.stderr).toMatch(/Embeddings endpoint .* answered 500/);
    } finally {
      await fake.close();
    }
  });

  it("exits 2 naming the variable when the embedder settings are wrong", async () => {
    const p = await sharedProject();
    const r = await runCli(["search", "tags"], {
      cwd: p.dir,
      env: { EMBEDDINGS_URL: "http://127.0.0.1:9/v1" },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/EMBEDDINGS_MODEL is required when EMBEDDINGS_URL is set/);
    const local = await runCli(["search", "tags"], { cwd: p.dir, env: { LOCAL_EMBEDDER: "bert" } });
    expect(local.code).toBe(2);
    expect(local.stderr).toMatch(/LOCAL_EMBEDDER must be "words" .* or "hashing", got "bert"/);
  });

  it("exits 2 and says how to make a manifest when there is none", async () => {
    const p = makeProject({});
    projects.push(p);
    const r = await search(p, "anything");
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no manifest found .*run `e2e manifest`/);
  });

  it("exits 2 for a bad -k, a blank query or an unknown service, naming the problem", async () => {
    const p = await sharedProject();
    const k = await search(p, "tags", "-k", "0");
    expect(k.code).toBe(2);
    expect(k.stderr).toMatch(/-k must be an integer 1\.\.100, got "0"/);
    const blank = await search(p, "  ");
    expect(blank.code).toBe(2);
    expect(blank.stderr).toMatch(/query is blank/);
    const service = await search(p, "tags", "--service", "nope");
    expect(service.code).toBe(2);
    expect(service.stderr).toMatch(/no service "nope" .*it has: events, notes/);
  });
});
