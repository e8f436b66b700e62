// A real full disk: a tiny tmpfs mounted for this file, the service running as its own process
// with DATA_DIR on it, a filler file taking the rest of the space. Writes the disk cannot take are
// answered 503 and never visible; once the filler is gone, writes succeed again within 5 s with no
// restart; after a restart exactly the acknowledged writes are there. Needs root (mount); without
// it the suite names itself as not run.
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmdirSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eventually } from "../../../../controller/src/index.js";
import { type Client, client } from "../../harness/start-service.js";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import { makeCodeFile } from "../conformance/code-graph-store.conformance.js";
import { type ServerProcess, startServerProcess } from "../helpers/server-process.js";

const mountPoint = mkdtempSync(join(tmpdir(), "tg-tmpfs-"));
const dataDir = join(mountPoint, "data");
const filler = join(mountPoint, "filler");

function tryMount(): string | null {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=512k,mode=0700", "tmpfs", mountPoint], {
      stdio: "pipe",
    });
    return null;
  } catch (error) {
    return (error as Error).message.split("\n")[0] ?? "mount failed";
  }
}

const notMounted = tryMount();
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const s of servers) await s.stop();
  if (notMounted === null) execFileSync("umount", [mountPoint]);
  rmdirSync(mountPoint);
});

/** Writes the filler until the file system refuses (ENOSPC); returns its size. */
function fillDisk(): number {
  const fd = openSync(filler, "a");
  const chunk = Buffer.alloc(4096, 0x78);
  let size = 0;
  try {
    for (;;) {
      const n = writeSync(fd, chunk);
      size += n;
      if (n < chunk.length) break;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
  return size;
}

async function start(): Promise<{ server: ServerProcess; api: Client }> {
  const server = await startServerProcess({ DATA_DIR: dataDir, TASK_GRAPH_BACKEND_TIMEOUT_MS: "5000" });
  servers.push(server);
  return { server, api: client(server.url) };
}

async function titles(api: Client): Promise<string[]> {
  const r = await api.get("/api/v1/issues?limit=100");
  expect(r.status).toBe(200);
  return r.body.items.map((i: { title: string }) => i.title);
}

if (notMounted !== null) {
  const title = `disk full on a real tmpfs: NOT RUN (cannot mount a tmpfs: ${notMounted})`;
  console.warn(title);
  describe(title, () => {
    it.skip("needs root to mount a tmpfs", () => {});
  });
} else {
  describe("disk full on a real tmpfs", () => {
    it("refuses writes the disk cannot hold, hides them, recovers within 5 s of space returning, and keeps exactly the acknowledged ones", async () => {
      const { server, api } = await start();
      const acked: string[] = [];
      for (let k = 0; k < 3; k++) {
        const r = await api.post("/api/v1/issues", { title: `before full ${k}` });
        expect(r.status).toBe(201);
        acked.push(`before full ${k}`);
      }
      expect(fillDisk()).toBeGreaterThan(0);

      // The journal's last page may still hold a record or two: those are durable and acknowledged.
      // Write until the disk refuses, then a few more that must all be refused.
      const refused: string[] = [];
      const description = "x".repeat(3000);
      for (let k = 0; refused.length < 4 && k < 200; k++) {
        const title = `while full ${k}`;
        const r = await api.post("/api/v1/issues", { title, description, labels: ["zanzibar"] });
        if (r.status === 201) {
          expect(refused).toEqual([]); // nothing succeeds once the disk has refused
          acked.push(title);
        } else {
          expect(r.status, r.text).toBe(503);
          expect(r.body.code).toBe("BACKEND_UNAVAILABLE");
          refused.push(title);
        }
      }
      expect(refused).toHaveLength(4);

      // Never visible: not listed, not found by search.
      expect(await titles(api)).toEqual(acked);
      const search = await api.post("/api/v1/rag/search", { query: "while full zanzibar", limit: 50 });
      expect(search.status).toBe(200);
      const found = search.body.results.map((r: { title: string }) => r.title);
      for (const t of refused) expect(found).not.toContain(t);
      const health = await api.get("/health");
      expect(health.status).toBe(503);
      expect(health.body.graph.status).toBe("down");

      // Space returns: writes recover by themselves, within 5 s, and health with them.
      rmSync(filler);
      const freed = performance.now();
      await eventually(
        async () => {
          const r = await api.post("/api/v1/issues", { title: "after space returned" });
          expect(r.status).toBe(201);
        },
        { timeoutMs: 5000, intervalMs: 100 },
      );
      expect(performance.now() - freed).toBeLessThan(5000);
      acked.push("after space returned");
      expect((await api.get("/health")).status).toBe(200);

      expect(await server.stop()).toBe(0);
      const again = await start();
      expect(await titles(again.api)).toEqual(acked);
      const foundAfter = (
        await again.api.post("/api/v1/rag/search", { query: "while full zanzibar", limit: 50 })
      ).body.results.map((r: { title: string }) => r.title);
      for (const t of refused) expect(foundAfter).not.toContain(t);
      expect(again.server.output()).not.toMatch(/torn/);
    }, 60_000);

    it("treats code-graph writes the same: refused and invisible while full, recovering within 5 s, exactly the acknowledged ones after a reopen", async () => {
      const codeDir = join(mountPoint, "code-data");
      const store = new EmbeddedGraphStore({ dataDir: codeDir });
      await store.init();
      const file = (k: number, tag: string) => makeCodeFile("app", `src/${tag}${k}.ts`, [`f${k}`]);
      const acked: string[] = [];
      for (let k = 0; k < 3; k++) {
        await store.writeCodeFiles({ repo: "app", upsert: [file(k, "before")], remove: [] });
        acked.push(`src/before${k}.ts`);
      }
      expect(fillDisk()).toBeGreaterThan(0);
      const refused: string[] = [];
      // A large signature per symbol, so the journal's last page fills at once.
      const big = (k: number) => {
        const f = file(k, "full");
        f.symbols[0]!.signature = "x".repeat(3000);
        return f;
      };
      for (let k = 0; refused.length < 4 && k < 200; k++) {
        const written = store.writeCodeFiles({ repo: "app", upsert: [big(k)], remove: [] });
        if (
          await written.then(
            () => true,
            () => false,
          )
        ) {
          expect(refused).toEqual([]);
          acked.push(`src/full${k}.ts`);
        } else refused.push(`src/full${k}.ts`);
      }
      expect(refused).toHaveLength(4);
      for (const path of refused) expect(await store.getCodeFile("app", path)).toBeNull();
      expect((await store.listCodeFiles("app")).map((f) => f.path).sort()).toEqual([...acked].sort());

      rmSync(filler);
      const freed = performance.now();
      await eventually(
        async () => {
          await store.writeCodeFiles({ repo: "app", upsert: [file(0, "after")], remove: [] });
        },
        { timeoutMs: 5000, intervalMs: 100 },
      );
      expect(performance.now() - freed).toBeLessThan(5000);
      acked.push("src/after0.ts");
      await store.close();

      const again = new EmbeddedGraphStore({ dataDir: codeDir });
      await again.init();
      expect((await again.listCodeFiles("app")).map((f) => f.path).sort()).toEqual([...acked].sort());
      await again.close();
    }, 60_000);
  });
}
