// Disk failures injected through the journal's file system seam (EIO from fdatasync, ENOSPC from
// write, short writes), against a real service over HTTP: a refused write is answered 503, is
// never visible (get, list, search, the name and cycle checks), the store keeps working without a
// restart, and a restart brings back exactly the acknowledged writes. A code upload the disk
// refuses leaves agent context, code search and the repository's counts as they were.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eventually } from "../../../../controller/src/index.js";
import { type Json, type StartedService, startService } from "../../harness/start-service.js";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import { makeIssue } from "../conformance/graph-store.conformance.js";
import { type FaultyJournalFs, faultyJournalFs } from "../helpers/faulty-journal-fs.js";

let dataDir: string;
let fs: FaultyJournalFs;
let service: StartedService | null = null;

async function start(): Promise<StartedService> {
  service = await startService({ adapters: { graph: new EmbeddedGraphStore({ dataDir, fs }) } });
  return service;
}

async function restart(): Promise<StartedService> {
  await service?.close();
  fs.heal();
  return start();
}

async function searchIds(api: StartedService, query: string): Promise<string[]> {
  const r = await api.post("/api/v1/rag/search", { query, limit: 50 });
  expect(r.status).toBe(200);
  return r.body.results.map((x: { id: string }) => x.id);
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "tg-faults-"));
  fs = faultyJournalFs();
});
afterEach(async () => {
  await service?.close();
  service = null;
  rmSync(dataDir, { recursive: true, force: true });
});

describe("journal write failures (injected through the journal's file system seam)", () => {
  it("answers 503 when fdatasync fails with EIO and never shows the refused issue, not even after a restart", async () => {
    const api = await start();
    const kept = await api.post("/api/v1/issues", { title: "kept quokka" });
    expect(kept.status).toBe(201);

    fs.failDatasync("EIO");
    const refused = await api.post("/api/v1/issues", { title: "refused quokka" });
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe("BACKEND_UNAVAILABLE");
    expect(fs.injected).toBe(1);

    const list = await api.get("/api/v1/issues?limit=100");
    expect(list.body.items.map((i: { title: string }) => i.title)).toEqual(["kept quokka"]);
    expect(list.body.total).toBe(1);
    expect(await searchIds(api, "refused quokka")).toEqual([kept.body.id]);

    // The next write succeeds without a restart.
    const after = await api.post("/api/v1/issues", { title: "after quokka" });
    expect(after.status).toBe(201);

    const again = await restart();
    const titles = (await again.get("/api/v1/issues?limit=100")).body.items.map(
      (i: { title: string }) => i.title,
    );
    expect(titles).toEqual(["kept quokka", "after quokka"]);
    expect(await searchIds(again, "refused quokka")).not.toContain(refused.body?.id);
  });

  it("refuses every write queued behind a batch whose fdatasync fails, and keeps none of them in memory", async () => {
    const store = new EmbeddedGraphStore({ dataDir, fs });
    await store.init();
    const kept = makeIssue({ title: "kept" });
    await store.createIssue(kept);
    fs.failDatasync("EIO");
    // The first write is in flight when the others queue behind it: they were applied on top of it.
    const burst = Array.from({ length: 8 }, (_, k) => makeIssue({ title: `burst ${k}` }));
    const results = await Promise.allSettled(burst.map((i) => store.createIssue(i)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill("rejected"));
    expect((await store.allIssues()).map((i) => i.title)).toEqual(["kept"]);
    // A refused id can be written again: the store's own existence check forgot it too.
    await store.createIssue(burst[0]!);
    await store.close();
    const again = new EmbeddedGraphStore({ dataDir });
    await again.init();
    expect((await again.allIssues()).map((i) => i.title)).toEqual(["kept", "burst 0"]);
    await again.close();
  });

  it("lets the name and cycle checks forget a refused write", async () => {
    const api = await start();
    fs.failDatasync("EIO");
    expect((await api.post("/api/v1/components", { name: "payments" })).status).toBe(503);
    expect((await api.post("/api/v1/components", { name: "payments" })).status).toBe(201);

    const a = (await api.post("/api/v1/issues", { title: "a" })).body.id as string;
    const b = (await api.post("/api/v1/issues", { title: "b" })).body.id as string;
    fs.failDatasync("EIO");
    expect((await api.post(`/api/v1/issues/${a}/dependencies`, { depends_on_id: b })).status).toBe(503);
    expect((await api.get(`/api/v1/issues/${a}/dependencies`)).body.depends_on).toEqual([]);
    // b -> a would close a cycle only if the refused a -> b existed.
    expect((await api.post(`/api/v1/issues/${b}/dependencies`, { depends_on_id: a })).status).toBe(201);
  });

  it("answers 503 on ENOSPC, shows /health degraded meanwhile, and recovers by itself once writes fit", async () => {
    const api = await start();
    fs.failWrites("ENOSPC");
    const refused = await api.post("/api/v1/issues", { title: "no room" });
    expect(refused.status).toBe(503);
    const health = await api.get("/health");
    expect(health.status).toBe(503);
    expect(health.body.graph.status).toBe("down");
    expect((await api.get("/api/v1/issues")).body.total).toBe(0);

    fs.heal();
    const healthy = await api.get("/health");
    expect(healthy.status).toBe(200);
    expect(healthy.body.graph.status).toBe("up");
    expect((await api.post("/api/v1/issues", { title: "room again" })).status).toBe(201);
  });

  it("completes a record through short writes and leaves no fragment when a write stops short", async () => {
    const store = new EmbeddedGraphStore({ dataDir, fs });
    await store.init();
    fs.shortWrites(7);
    const slow = makeIssue({ title: "written seven bytes at a time" });
    await store.createIssue(slow);
    fs.heal();

    // A write that makes no progress at all (0 bytes) is a failure, not an endless loop.
    fs.shortWrites(0);
    const lost = makeIssue({ title: "never written" });
    await expect(store.createIssue(lost)).rejects.toThrow(/short write/);
    fs.heal();
    const next = makeIssue({ title: "next" });
    await store.createIssue(next);
    await store.close();

    const journal = readdirSync(join(dataDir, "graph")).find((f) => f.startsWith("journal-"))!;
    const lines = readFileSync(join(dataDir, "graph", journal), "utf8").split("\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(0, -1).map((l) => JSON.parse(l).issue.title)).toEqual([
      "written seven bytes at a time",
      "next",
    ]);
  });

  it("cuts the fragment of a write that failed half-way, so the next record starts on a clean line", async () => {
    const store = new EmbeddedGraphStore({ dataDir, fs });
    await store.init();
    await store.createIssue(makeIssue({ title: "first" }));
    // 10 bytes reach the file, then the disk is full.
    let calls = 0;
    const realWrite = fs.openAppend.bind(fs);
    fs.openAppend = async (path) => {
      const file = await realWrite(path);
      return {
        ...file,
        write: async (data: Uint8Array) => {
          if (++calls === 1) return file.write(data.subarray(0, 10));
          throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
        },
      };
    };
    await store.close();
    const reopened = new EmbeddedGraphStore({ dataDir, fs });
    await reopened.init();
    await expect(reopened.createIssue(makeIssue({ title: "half" }))).rejects.toThrow(/ENOSPC/);
    fs.openAppend = realWrite;
    await reopened.close();

    const again = new EmbeddedGraphStore({ dataDir });
    await again.init();
    await again.createIssue(makeIssue({ title: "second" }));
    expect((await again.allIssues()).map((i) => i.title)).toEqual(["first", "second"]);
    expect(again.startupNotes).toEqual([]);
    await again.close();
  });
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

describe("a code upload the disk refuses", () => {
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
    const restarted = await restart();
    expect(await seen(restarted, issue.body.id)).toEqual(after);
  }, 90_000);

  it("keeps a reader that comes while the upload is being synced from seeing it, and the refusal leaves nothing", async () => {
    // The store tells when the context read has arrived (it reads the issue first).
    let arrived = () => {};
    const graph = new (class extends EmbeddedGraphStore {
      override async getIssue(id: string) {
        arrived();
        return super.getIssue(id);
      }
    })({ dataDir, fs });
    service = await startService({ adapters: { graph } });
    const api = service;
    expect((await upload(api, [{ path: "src/ledger.ts", content: LEDGER }])).status).toBe(200);
    const issue = await api.post("/api/v1/issues", {
      title: "Ledger totals drift",
      description: "reconcileLedger rounds the sum",
      code_refs: ["src/ledger.ts"],
    });
    const before = await seen(api, issue.body.id);

    const held = fs.holdDatasync();
    const writing = upload(api, [
      { path: "src/ledger.ts", content: REFUSED_LEDGER },
      { path: "src/zanzibar.ts", content: "export function quokkaAdjust(): number {\n  return 1;\n}\n" },
    ]);
    await held.reached; // parsed and indexed in memory; the store's fdatasync has not returned
    const inside = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const reading = api.get(`/api/v1/agent/context/${issue.body.id}?repo=books`);
    await inside;
    await new Promise((resolve) => setImmediate(resolve)); // let the read go as far as it can
    held.release("EIO");
    expect((await writing).status).toBe(503);
    expect((await reading).body.files.map((f: Json) => [f.path, f.snippet])).toEqual(before.snippets);
    const repo = await api.get("/api/v1/code/repositories/books");
    expect([repo.body.files, repo.body.symbols]).toEqual([before.files, before.symbols]);
  }, 90_000);
});
