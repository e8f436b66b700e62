// GET /board as an HTTP client sees it: open without the API key (the page asks for it), the
// assets gzipped on request under a Content-Security-Policy, and a clear 503 when not built.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBoard } from "../../../../build/bundle-board.mjs";
import { createTaskGraphService, type TaskGraphService } from "../../src/index.js";

describe("GET /board", () => {
  let dir: string;
  let service: TaskGraphService;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "gantry-board-route-"));
    await buildBoard(dir, { logLevel: "error" });
    service = await createTaskGraphService({
      port: 0,
      env: { TASK_GRAPH_API_KEY: "k", TASK_GRAPH_BOARD_DIR: dir, LOG_LEVEL: "silent" },
    });
  });
  afterAll(async () => {
    await service?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves the page without the API key, under a policy that allows only its own scripts", async () => {
    const res = await fetch(`${service.url}/board`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(await res.text()).toContain('src="/board/assets/board.js"');
    expect((await fetch(`${service.url}/api/v1/issues`)).status).toBe(401);
  });

  it("sends the script gzipped to a browser that accepts it", async () => {
    const res = await fetch(`${service.url}/board/assets/board.js`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.status).toBe(200);
    // fetch decodes gzip itself; the header says it travelled compressed.
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect((await res.text()).length).toBeGreaterThan(10_000);
  });

  it("answers 503 naming the build command when the board was not built", async () => {
    const empty = await mkdtemp(join(tmpdir(), "gantry-board-none-"));
    const bare = await createTaskGraphService({
      port: 0,
      env: { TASK_GRAPH_BOARD_DIR: join(empty, "missing"), LOG_LEVEL: "silent" },
    });
    try {
      const res = await fetch(`${bare.url}/board`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain("npm run build");
    } finally {
      await bare.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
