// Issue 25, point 9, the smaller findings (the MCP, signal and log ones have their own files
// here and in test/api/process-logs.test.ts): uploads into a CODE_ROOTS repository were served
// as if on disk, and a refused upload (503) left an empty repository that survived restarts.
import { afterAll, describe, expect, it } from "vitest";
import { startService } from "../../harness/start-service.js";
import { faultyGraphStore } from "../helpers/faulty-graph-store.js";
import { cleanUp, folder, start, until, upload, writeTree } from "./support.js";

afterAll(cleanUp);

describe("uploads into a folder's repository", () => {
  it("are refused with 409 REPOSITORY_READ_ONLY, and the file on disk stays what is served", async () => {
    const root = folder("tg-sec-ro-");
    writeTree(root, { "a.ts": "export const onDiskOnly = 1;\n" });
    const svc = await start({ CODE_ROOTS: `disk=${root}` });
    await until(async () => {
      expect((await svc.api.get("/api/v1/code/repositories/disk")).body.status).toBe("ready");
    });
    const res = await upload(svc.api, "disk", [{ path: "a.ts", content: "export const injected = 1;\n" }]);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("REPOSITORY_READ_ONLY");
    const added = await upload(svc.api, "disk", [
      { path: "new.ts", content: "export const injected = 2;\n" },
    ]);
    expect(added.status).toBe(409);
    expect((await svc.api.get("/api/v1/code/repositories/disk")).body.files).toBe(1);
  });
});

describe("a refused first upload", () => {
  it("leaves no repository behind (listed, counted or restored)", async () => {
    const faulty = faultyGraphStore();
    const svc = await startService({
      adapters: { graph: faulty.store },
      env: { TASK_GRAPH_BACKEND_TIMEOUT_MS: "1000" },
    });
    try {
      faulty.set("down");
      const res = await svc.request("PUT", "/api/v1/code/repositories/ghost/files", {
        files: [{ path: "a.ts", content: "export const a = 1;\n" }],
      });
      expect(res.status).toBe(503);
      faulty.set("none");
      expect((await svc.get("/api/v1/code/repositories/ghost")).status).toBe(404);
      expect((await svc.get("/api/v1/code/repositories")).body.total).toBe(0);
      expect((await svc.get("/health")).body.code).toMatchObject({ repositories: 0, files: 0 });
      expect(await faulty.store.listRepositories()).toEqual([]);
      // The name is free: the next upload creates it.
      const ok = await svc.request("PUT", "/api/v1/code/repositories/ghost/files", {
        files: [{ path: "a.ts", content: "export const a = 1;\n" }],
      });
      expect(ok.body).toMatchObject({ repo: "ghost", files: 1 });
    } finally {
      await svc.close();
    }
  });
});
