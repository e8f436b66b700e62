// Upload-only code repositories (PUT .../files, SPEC §4) keep their file texts across a kill -9:
// the service restarted on the same DATA_DIR still gives agent context snippets and code search
// hits for an uploaded file, and forgets the texts of files and repositories deleted over HTTP.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eventually } from "../../../../controller/src/index.js";
import { type Client, client, type Json } from "../../harness/start-service.js";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import { makeCodeFile } from "../conformance/code-graph-store.conformance.js";
import { type ServerProcess, startServerProcess } from "../helpers/server-process.js";

const dataDir = mkdtempSync(join(tmpdir(), "tg-upload-restart-"));
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const s of servers)
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(dir = dataDir): Promise<{ server: ServerProcess; api: Client }> {
  const server = await startServerProcess({ DATA_DIR: dir });
  servers.push(server);
  return { server, api: client(server.url) };
}

async function killNine(server: ServerProcess): Promise<void> {
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGKILL");
  await exited;
}

const LEDGER = [
  'import { roundCents } from "./money.js";',
  "export interface Entry { account: string; cents: number }",
  "/** Sums the entries of one account: the quarterly reconciliation reads it. */",
  "export function reconcileLedger(entries: Entry[], account: string): number {",
  "  const mine = entries.filter((e) => e.account === account);",
  "  return roundCents(mine.reduce((sum, e) => sum + e.cents, 0));",
  "}",
  "",
].join("\n");
const MONEY = "export function roundCents(x: number): number {\n  return Math.round(x);\n}\n";
const SCRATCH = "export const zanzibarQuokka = 1;\n";

const upload = (api: Client, repo: string, files: Json[]) =>
  api.request("PUT", `/api/v1/code/repositories/${repo}/files`, { files });

const searchFiles = async (api: Client, query: string) =>
  (await api.post("/api/v1/rag/search", { query, types: ["file"] })).body.results as Json[];

/** The agent context once the restarted service has the repository back (restored in the background). */
async function contextWithFiles(api: Client, issueId: string): Promise<Json> {
  return eventually(
    async () => {
      const res = await api.get(`/api/v1/agent/context/${issueId}?repo=books`);
      expect(res.status).toBe(200);
      expect(res.body.files.length).toBeGreaterThan(0);
      return res.body;
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
}

describe("upload-only repositories across a restart", () => {
  it("gives agent context snippets and code search hits for an uploaded file after kill -9 and restart", async () => {
    const first = await start();
    const put = await upload(first.api, "books", [
      { path: "src/ledger.ts", content: LEDGER },
      { path: "src/money.ts", content: MONEY },
      { path: "src/scratch.ts", content: SCRATCH },
    ]);
    expect(put.status).toBe(200);
    const removed = await upload(first.api, "books", [{ path: "src/scratch.ts", deleted: true }]);
    expect(removed.body).toMatchObject({ files: 2, removed: 1 });
    const issue = await first.api.post("/api/v1/issues", {
      title: "Quarterly totals are off by a cent",
      description: "reconcileLedger hands each account's sum to roundCents; see src/ledger.ts",
      code_refs: ["src/ledger.ts"],
    });
    expect(issue.status).toBe(201);
    const before = await contextWithFiles(first.api, issue.body.id);
    const ledgerBefore = before.files.find((f: Json) => f.path === "src/ledger.ts");
    // Lines that name what the issue names come from the file's text, not from the graph.
    expect(ledgerBefore.snippet).toContain("6: return roundCents(mine.reduce");
    await killNine(first.server);

    const second = await start();
    const after = await contextWithFiles(second.api, issue.body.id);
    const ledger = after.files.find((f: Json) => f.path === "src/ledger.ts");
    expect(ledger).toMatchObject({ repo: "books", path: "src/ledger.ts" });
    expect(ledger.snippet).toBe(ledgerBefore.snippet);
    const hits = await eventually(
      async () => {
        const found = await searchFiles(second.api, "quarterly reconciliation");
        expect(found.map((h) => h.id)).toContain("books:src/ledger.ts");
        return found;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect(hits.find((h) => h.id === "books:src/ledger.ts")).toMatchObject({
      type: "file",
      repo: "books",
      path: "src/ledger.ts",
    });
    // The file deleted before the kill stays deleted, text and all.
    expect(await searchFiles(second.api, "zanzibarQuokka")).toEqual([]);
    const repo = await second.api.get("/api/v1/code/repositories/books");
    expect(repo.body).toMatchObject({ name: "books", path: null, status: "ready", files: 2 });

    // A repository deleted over HTTP leaves no text behind, and stays gone after another restart.
    expect((await second.api.delete("/api/v1/code/repositories/books")).status).toBe(204);
    expect(readdirSync(join(dataDir, "graph", "texts"))).toEqual([]);
    expect(await second.server.stop()).toBe(0);
    const third = await start();
    expect((await third.api.get("/api/v1/code/repositories/books")).status).toBe(404);
    expect(await searchFiles(third.api, "quarterly reconciliation")).toEqual([]);
    expect(await third.server.stop()).toBe(0);
  }, 120_000);

  it("drops at start the uploaded files stored before texts were kept, and logs how many", async () => {
    const oldDir = join(dataDir, "before-texts");
    const store = new EmbeddedGraphStore({ dataDir: oldDir });
    await store.init();
    await store.putRepository({ name: "legacy", path: null, status: "ready", indexed_at: null, error: null });
    // What an earlier release wrote for an upload: the graph, no text.
    await store.writeCodeFiles({
      repo: "legacy",
      upsert: [makeCodeFile("legacy", "src/old.ts", ["old"])],
      remove: [],
    });
    await store.close();

    const { server, api } = await start(oldDir);
    const repo = await eventually(
      async () => {
        const res = await api.get("/api/v1/code/repositories/legacy");
        expect(res.body, server.output()).toMatchObject({ status: "ready" });
        return res.body;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect(repo).toMatchObject({ name: "legacy", path: null, files: 0, symbols: 0 });
    await server.waitForOutput(
      "uploaded files without a stored text, or with a path that is not canonical, dropped",
    );
    // Uploaded again, the file is indexed again.
    const again = await upload(api, "legacy", [
      { path: "src/old.ts", content: "export function old() {}\n" },
    ]);
    expect(again.body).toMatchObject({ files: 1, parsed: 1 });
    expect(await server.stop()).toBe(0);
  }, 90_000);
});
