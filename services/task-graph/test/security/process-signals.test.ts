// The real server process and the signals an operator or a tool may send it: SIGUSR2 (the e2e
// controller's reset signal; the task graph has no reset) is logged and ignored instead of
// killing it, and SIGHUP is a graceful stop like SIGTERM.
import { afterEach, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "../helpers/server-process.js";

let server: ServerProcess | undefined;
afterEach(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null)
    server.child.kill("SIGKILL");
  server = undefined;
});

function exitOf(child: ServerProcess["child"]): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
}

describe("the task-graph process and signals", { timeout: 90_000 }, () => {
  it("keeps serving, data included, after SIGUSR2, and still stops cleanly on SIGTERM", async () => {
    server = await startServerProcess({});
    const created = await fetch(`${server.url}/api/v1/issues`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "kept across SIGUSR2" }),
    });
    expect(created.status).toBe(201);
    const issue = (await created.json()) as { id: string };

    server.child.kill("SIGUSR2");
    await server.waitForOutput('"signal":"SIGUSR2"');
    expect(server.output()).toContain("SIGUSR2 ignored: the task graph has no reset");

    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    const read = await fetch(`${server.url}/api/v1/issues/${issue.id}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { title: string }).title).toBe("kept across SIGUSR2");
    expect(server.child.exitCode).toBeNull();

    const exited = exitOf(server.child);
    server.child.kill("SIGTERM");
    await server.waitForOutput("shutdown complete");
    expect(await exited).toEqual({ code: 0, signal: null });
  });

  it("on SIGHUP shuts down as on SIGTERM: logged, clean, exit 0", async () => {
    server = await startServerProcess({});
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const exited = exitOf(server.child);
    server.child.kill("SIGHUP");
    await server.waitForOutput("shutdown complete");
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/"signal":"SIGHUP".*"msg":"shutting down/);
  });
});
