// Issue 25, point 4, replayed against the real process: 49 uploads of 3.2 MiB grew the heap to
// 4.6 GiB and the restart ran out again re-indexing them. Quotas are set low here (the defaults
// are measured in bench/results/code-hostile.md), so the replay is quick and its bound is exact.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Json } from "../../harness/start-service.js";
import { cleanUp, folder, rssMiB, start, until, upload, writeTree } from "./support.js";

afterAll(cleanUp);

const MiB = 1024 * 1024;
/** One upload of the probe's size: 3.2 MiB of text in 32 files. */
const batch = (n: number): Json[] =>
  Array.from({ length: 32 }, (_, i) => ({
    path: `batch${n}/file${i}.ts`,
    content: `// batch ${n} file ${i}\n${"export const filler = 'abcdefghij';\n".repeat(2800)}`,
  }));

describe("quotas on uploads", () => {
  it("answers 413 QUOTA_EXCEEDED naming the limit once a repository would pass it, and keeps what it had", async () => {
    const dataDir = folder("tg-sec-quota-data-");
    const svc = await start({ DATA_DIR: dataDir, CODE_MAX_REPO_BYTES: String(16 * MiB) });
    const answers: number[] = [];
    for (let n = 0; n < 49; n++) {
      const res = await upload(svc.api, "big", batch(n));
      answers.push(res.status);
      if (res.status === 413) {
        expect(res.body).toMatchObject({ code: "QUOTA_EXCEEDED", details: { limit: "CODE_MAX_REPO_BYTES" } });
        expect(res.body.error).toContain("CODE_MAX_REPO_BYTES");
      }
    }
    expect(answers.slice(0, 5)).toEqual(Array(5).fill(200)); // 5 x 3.23 MB fit in 16 MiB, 6 do not
    expect(answers.slice(5)).toEqual(Array(44).fill(413));
    const repo = (await svc.api.get("/api/v1/code/repositories/big")).body;
    expect(repo.files).toBe(32 * answers.filter((s) => s === 200).length);
    expect(await rssMiB(svc.server.child.pid!)).toBeLessThan(1024);

    // Restarted with a lower quota, the restore stops at it: listed with why, deletable at once.
    expect(await svc.server.stop()).toBe(0);
    const again = await start({ DATA_DIR: dataDir, CODE_MAX_REPO_BYTES: String(4 * MiB) });
    const restored = await until(async () => {
      const body = (await again.api.get("/api/v1/code/repositories/big")).body;
      expect(body.status).toBe("error");
      return body;
    });
    expect(restored.error).toMatch(/CODE_MAX_REPO_BYTES.*Delete it or raise the limit/);
    expect((await again.api.get("/health")).status).toBe(200);
    expect((await again.api.delete("/api/v1/code/repositories/big")).status).toBe(204);
    expect((await again.api.get("/api/v1/code/repositories/big")).status).toBe(404);
  });

  it("counts all repositories against the total quotas", async () => {
    const svc = await start({ CODE_MAX_TOTAL_FILES: "40" });
    expect((await upload(svc.api, "one", batch(0))).status).toBe(200);
    const second = await upload(svc.api, "two", batch(1));
    expect(second.status).toBe(413);
    expect(second.body.details).toMatchObject({ limit: "CODE_MAX_TOTAL_FILES", max: 40, requested: 64 });
    // The refused first upload of "two" left no repository behind.
    expect((await svc.api.get("/api/v1/code/repositories/two")).status).toBe(404);
    expect((await svc.api.get("/api/v1/code/repositories")).body.total).toBe(1);
  });

  it("stops reading a folder at its quota and says so on the repository", async () => {
    const root = folder("tg-sec-quota-tree-");
    mkdirSync(join(root, "src"));
    writeTree(
      root,
      Object.fromEntries(
        Array.from({ length: 30 }, (_, i) => [`src/f${i}.ts`, `export const v${i} = ${i};\n`]),
      ),
    );
    const svc = await start({ CODE_ROOTS: `tree=${root}`, CODE_MAX_REPO_FILES: "10" });
    const repo = await until(async () => {
      const body = (await svc.api.get("/api/v1/code/repositories/tree")).body;
      expect(body.status).toBe("error");
      return body;
    });
    expect(repo.error).toContain("CODE_MAX_REPO_FILES");
    expect(repo.files).toBe(0);
  });
});
