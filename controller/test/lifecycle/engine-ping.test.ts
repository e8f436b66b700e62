// The engine ping that decides whether a run has Docker at all (and so whether leftover
// containers are swept): a slow engine must not be taken for a missing one.
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { getRuntimeClient } from "../../src/lifecycle/container-runtime/runtime-client.js";

let server: Server | undefined;
const savedHost = process.env.DOCKER_HOST;

afterEach(() => {
  server?.close();
  server = undefined;
  if (savedHost === undefined) delete process.env.DOCKER_HOST;
  else process.env.DOCKER_HOST = savedHost;
});

/** A fake engine on a unix socket that answers /_ping after `delayMs`. */
async function fakeEngine(delayMs: number): Promise<string> {
  const socket = join(mkdtempSync(join(tmpdir(), "gantry-ping-")), "engine.sock");
  server = createServer((req, res) => {
    setTimeout(() => res.end(req.url === "/_ping" ? "OK" : "[]"), delayMs);
  });
  await new Promise<void>((r) => server!.listen(socket, r));
  return socket;
}

describe("engine ping", () => {
  it("uses an engine that answers the ping later than the first 500 ms", async () => {
    process.env.DOCKER_HOST = `unix://${await fakeEngine(800)}`;
    const runtime = await getRuntimeClient(500);
    expect(runtime?.endpoint).toBe(process.env.DOCKER_HOST);
  });

  it("finds no engine when nothing listens on the socket", async () => {
    process.env.DOCKER_HOST = `unix://${join(mkdtempSync(join(tmpdir(), "gantry-ping-")), "none.sock")}`;
    expect(await getRuntimeClient(500)).toBeUndefined();
  });
});
