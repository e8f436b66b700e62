/**
 * The real entry point (`npm run start:auth`) as a child process: SIGTERM finishes in-flight
 * requests and exits 0 within 5 s; SIGUSR2 resets the data.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { connect } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../../../controller/src/index.js";
import { type ProcessOutput, watchOutput } from "../../../lib/testing/process-output.js";
import { ADMIN_ID, USER_ID } from "../src/index.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const children: ChildProcess[] = [];
/** How long a log line may take to come through on a loaded 2-core machine. */
const LOG_DEADLINE_MS = 20_000;

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
});

async function startProcess(): Promise<{ child: ChildProcess; url: string; output: ProcessOutput }> {
  const child = spawn(process.execPath, ["--import", "tsx", "services/auth/src/server.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const output = watchOutput(child);
  // tsx compiles on start; on a loaded 2-core machine that has taken over 10 s.
  const [, url] = await output.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/, 40_000);
  return { child, url: url!, output };
}

/** Whether a new TCP connection to the port is refused (true) or accepted (false; closed at once). */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; at: number }> {
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, at: Date.now() })));
}

describe("the auth server process", { timeout: 60_000 }, () => {
  it("on SIGTERM finishes an in-flight request, refuses new connections and exits 0 within 5 s", async () => {
    const { child, url, output } = await startProcess();
    const { port } = new URL(url);
    // An in-flight request: headers and half the body sent, the rest after the signal.
    const body = JSON.stringify({ email: "user@example.com", password: "user123" });
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise<void>((r) => socket.once("connect", () => r()));
    let response = "";
    socket.on("data", (d) => {
      response += d.toString();
    });
    let socketClosed = false;
    const ended = new Promise<void>((r) =>
      socket.once("close", () => {
        socketClosed = true;
        r();
      }),
    );
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    // The server is handling it once it logs it (the body is read later, in the handler).
    await output.waitFor(/"msg":"incoming request"/, LOG_DEADLINE_MS, "the login request's log line");

    const exited = exitOf(child);
    const signalledAt = Date.now();
    child.kill("SIGTERM");
    await output.waitFor(/shutting down/, LOG_DEADLINE_MS, "the shutdown log line");
    // New connections are refused while the in-flight one is still open.
    await eventually(async () => expect(await refusesConnections(Number(port))).toBe(true), {
      timeoutMs: 4000,
      intervalMs: 20,
    });
    expect(socketClosed).toBe(false);
    // Not end(): the client keeps its side open like a keep-alive client; the server must close it.
    socket.write(body.slice(10));
    await ended;
    expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(response).toContain('"token"');

    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(5000);
  });

  it("on SIGTERM with no traffic exits 0 promptly", async () => {
    const { child } = await startProcess();
    const exited = exitOf(child);
    const t0 = Date.now();
    child.kill("SIGTERM");
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - t0).toBeLessThan(5000);
  });

  it("on SIGUSR2 resets to the two seeded users and revokes tokens, and keeps serving", async () => {
    const { child, url, output } = await startProcess();
    const post = (path: string, body: unknown) =>
      fetch(url + path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect(
      (await post("/api/users", { email: "temp@example.org", password: "secret1", name: "Temp" })).status,
    ).toBe(201);
    const token = (
      (await (await post("/api/auth/login", { email: "user@example.com", password: "user123" })).json()) as {
        token: string;
      }
    ).token;
    expect((await fetch(`${url}/api/users/${USER_ID}`, { method: "DELETE" })).status).toBe(204);
    expect(((await (await fetch(`${url}/api/users`)).json()) as { total: number }).total).toBe(2);

    child.kill("SIGUSR2");
    // Logged once the reset has happened: from then on the data is the seed's.
    await output.waitFor(/reset to the seeded users \(SIGUSR2\)/, LOG_DEADLINE_MS, "the reset log line");
    const list = (await (await fetch(`${url}/api/users`)).json()) as { items: { id: string }[] };
    expect(list.items.map((u) => u.id)).toEqual([ADMIN_ID, USER_ID]);
    const me = await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    expect(child.exitCode).toBeNull();
    child.kill("SIGTERM");
    expect((await exitOf(child)).code).toBe(0);
  });

  it("never logs passwords or tokens", async () => {
    const { child, url, output } = await startProcess();
    const r = await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "admin123" }),
    });
    const { token } = (await r.json()) as { token: string };
    await fetch(`${url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    await fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "wrong-password-xyz" }),
    });
    child.kill("SIGTERM");
    // 'close', not 'exit': the last lines may still be in the pipe when the process exits.
    await output.closed;
    const log = output.text();
    expect(log).toContain("request completed");
    for (const secret of ["admin123", "wrong-password-xyz", token]) expect(log).not.toContain(secret);
  });
});
