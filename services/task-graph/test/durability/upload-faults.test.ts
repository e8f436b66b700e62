// An upload the disk refuses (EIO from fdatasync, injected through the journal's file system
// seam) against a real service over HTTP: answered 503, and never visible — agent context,
// code search and the repository's counts stay as the last acknowledged upload left them, then
// and after a restart.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eventually } from "../../../../controller/src/index.js";
import { type Json, type StartedService, startService } from "../../harness/start-service.js";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import { type FaultyJournalFs, faultyJournalFs } from "../helpers/faulty-journal-fs.js";

let dataDir: string;
let fs: FaultyJournalFs;
let service: StartedService | null = null;

async function start(): Promise<StartedService> {
  service = await startService({ adapters: { graph: new EmbeddedGraphStore({ dataDir, fs }) } });
  return service;
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "tg-upload-faults-"));
  fs = faultyJournalFs();
});
afterEach(async () => {
  await service?.close();
  service = null;
  rmSync(dataDir, { recursive: true, force: true });
});

const LEDGER = [
  'import { roundCents } from "./money.js";',
  "export function reconcileLedger(cents: number[]): number {",
  "  return roundCents(cents.reduce((a, b) => a + b, 0));",
  "}",
  "",
].join("\n");
const REFUSED_LEDGER = LEDGER.replace("return roundCents(", "return roundCents(quokkaAdjust() + ");

const upload = (api: StartedService, files: Json[]) =>
  api.request("PUT", "/api/v1/code/repositories/books/files", { files });

/** What a client can see of the repository: its counts, the issue's context, search hits. */
async function seen(api: StartedService, issueId: string) {
  // After a restart the repository is indexed again in the background: ready once it is done.
  const repo = await eventually(
    async () => {
      const res = await api.get("/api/v1/code/repositories/books");
      expect(res.body.status).toBe("ready");
      return res.body;
    },
    { timeoutMs: 20_000, intervalMs: 50 },
  );
  const context = await eventually(
    async () => {
      const res = await api.get(`/api/v1/agent/context/${issueId}?repo=books`);
      expect(res.body.files?.length).toBeGreaterThan(0);
      return res.body;
    },
    { timeoutMs: 20_000, intervalMs: 50 },
  );
  const search = await api.post("/api/v1/rag/search", {
    query: "quokkaAdjust zanzibar",
    types: ["file", "symbol"],
  });
  return {
    files: repo.files,
    symbols: repo.symbols,
    snippets: context.files.map((f: Json) => [f.path, f.snippet]),
    hits: search.body.results.map((h: Json) => h.id),
  };
}

describe("an upload the disk refuses", () => {
  it("answers 503 and changes nothing a client sees, then or after a restart", async () => {
    const api = await start();
    const first = await upload(api, [
      { path: "src/ledger.ts", content: LEDGER },
      { path: "src/money.ts", content: "export const roundCents = (x: number) => Math.round(x);\n" },
    ]);
    expect(first.status).toBe(200);
    const issue = await api.post("/api/v1/issues", {
      title: "Ledger totals drift",
      description: "reconcileLedger passes the sum to roundCents",
      code_refs: ["src/ledger.ts"],
    });
    const before = await seen(api, issue.body.id);
    expect(before.snippets).toContainEqual([
      "src/ledger.ts",
      expect.stringContaining("return roundCents(cents"),
    ]);

    fs.failDatasync("EIO");
    const refused = await upload(api, [
      { path: "src/ledger.ts", content: REFUSED_LEDGER },
      { path: "src/zanzibar.ts", content: "export function quokkaAdjust(): number {\n  return 1;\n}\n" },
      { path: "src/money.ts", deleted: true },
    ]);
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe("BACKEND_UNAVAILABLE");
    expect(await seen(api, issue.body.id)).toEqual(before);

    // The same upload once the disk takes it again: now it counts.
    const again = await upload(api, [
      { path: "src/ledger.ts", content: REFUSED_LEDGER },
      { path: "src/zanzibar.ts", content: "export function quokkaAdjust(): number {\n  return 1;\n}\n" },
      { path: "src/money.ts", deleted: true },
    ]);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ files: 2, removed: 1 });
    const after = await seen(api, issue.body.id);
    expect(after.hits).toContain("books:src/zanzibar.ts");
    await service?.close();

    const restarted = await start();
    expect(await seen(restarted, issue.body.id)).toEqual(after);
  }, 90_000);
});
