import { describe, expect, it } from "vitest";
import { freeLoopbackPort } from "../../../lib/net/free-port.js";
import { bootServices } from "../../src/lifecycle/index.js";
import { makeConfig, makeService } from "./helpers/make-config.js";
import { REPO_ROOT } from "./helpers/repo-root.js";
import { collectLog, noEngine } from "./helpers/tiny-service.js";

describe("process launcher with the real auth service", () => {
  it("starts services/auth as a process on the base_url port, it answers, SIGUSR2 resets it, stop() ends it", async () => {
    const port = await freeLoopbackPort();
    const service = makeService("auth", {
      base_url: `http://localhost:${port}`,
      port: 8765,
      launcher: "process",
      start_command: [process.execPath, "--import", "tsx", "src/server.ts"],
      env: { LOG_LEVEL: "info" },
    });
    const { lines, log } = collectLog();
    const result = await bootServices(
      makeConfig(REPO_ROOT, [service]),
      ["auth"],
      {
        start: true,
        keep: false,
        reuse: false,
        runId: "authproc",
        log,
      },
      noEngine,
    );
    try {
      const url = result.ready.get("auth")!;
      expect(url).toBe(`http://127.0.0.1:${port}`);
      expect(lines[0]).toBe(
        `auth: starting process \`${process.execPath} --import tsx src/server.ts\` in services/auth (port ${port})`,
      );
      const health = (await (await fetch(`${url}/health`)).json()) as { service: string; status: string };
      expect(health).toMatchObject({ service: "mock-api", status: "healthy" });
      const created = await fetch(`${url}/api/users`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "proc-reset@example.test", password: "secret123", name: "Proc Reset" }),
      });
      expect(created.status).toBe(201);
      await result.reset("auth");
      await expect
        .poll(async () => ((await (await fetch(`${url}/api/users`)).json()) as { total: number }).total)
        .toBe(2);
    } finally {
      await result.stop();
    }
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  });
});
