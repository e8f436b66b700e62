// The real server process's log lines (stdout, as an operator sees them): secrets in query strings
// are censored, a client that aborts or dribbles is an info line, never an error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dribble, openSocket, parseResponse, sendRaw } from "../../../../lib/testing/raw-http.js";
import { type ServerProcess, startServerProcess } from "../helpers/server-process.js";

const KEY = "process-logs-api-key-0123";
const TIMEOUT_MS = 500;
let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess({ TASK_GRAPH_API_KEY: KEY, REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) });
}, 60_000);
afterAll(() => server?.stop());

interface LogLine {
  level: number;
  msg?: string;
  code?: string;
  req?: { url?: string };
  reqId?: string;
}

function logLines(): LogLine[] {
  return server
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as LogLine);
}

/** Resolves once a log line matches (the process writes it asynchronously). */
function logged(match: (line: LogLine) => boolean, what: string): Promise<LogLine> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = logLines().find(match);
      if (!found) return;
      clearTimeout(timer);
      server.child.stdout!.off("data", check);
      resolve(found);
    };
    const timer = setTimeout(() => {
      server.child.stdout!.off("data", check);
      reject(new Error(`no log line ${what} within 10 s:\n${server.output()}`));
    }, 10_000);
    server.child.stdout!.on("data", check);
    check();
  });
}

describe("the task-graph process's log", { timeout: 30_000 }, () => {
  it("never contains the values of secret query parameters, in any line", async () => {
    const secrets = ["pw-S3CRET-1", "tok-S3CRET-2", "key-S3CRET-3", "sec-S3CRET-4", "enc-S3CRET-5"];
    const targets = [
      `/api/v1/issues?password=${secrets[0]}&token=${secrets[1]}&q=visible-term`,
      `/api/v1/components?api_key=${secrets[2]}`,
      `/no/such/route?client_secret=${secrets[3]}`,
      `/api/v1/issues?pass%77ord=${secrets[4]}`,
    ];
    for (const target of targets) {
      await sendRaw(server.url, { method: "GET", target, headers: { "X-API-Key": KEY } });
    }
    const line = await logged((l) => l.req?.url?.includes("visible-term") === true, "for the first request");
    expect(line.req?.url).toBe("/api/v1/issues?password=[REDACTED]&token=[REDACTED]&q=visible-term");
    await logged(
      (l) => l.req?.url?.startsWith("/api/v1/issues?pass%77ord=") === true,
      "for the last request",
    );
    const out = server.output();
    for (const secret of [...secrets, KEY]) expect(out).not.toContain(secret);
  });

  it("censors jwt, bearer, x-api-key and id_token parameters and keeps harmless ones like budget_tokens", async () => {
    const secrets = ["jwt-S3CRET-6", "bearer-S3CRET-7", "xkey-S3CRET-8", "idtok-S3CRET-9", "sig-S3CRET-10"];
    const target =
      `/api/v1/agent/context/no-such-issue?budget_tokens=4321&jwt=${secrets[0]}&Bearer=${secrets[1]}` +
      `&x-api-key=${secrets[2]}&id_token=${secrets[3]}&X-Amz-Signature=${secrets[4]}&limit=7`;
    // Refused (400: unknown query parameters), and logged all the same.
    await sendRaw(server.url, { method: "GET", target, headers: { "X-API-Key": KEY } });
    const line = await logged((l) => l.req?.url?.includes("budget_tokens=4321") === true, "for the request");
    expect(line.req?.url).toBe(
      "/api/v1/agent/context/no-such-issue?budget_tokens=4321&jwt=[REDACTED]&Bearer=[REDACTED]" +
        "&x-api-key=[REDACTED]&id_token=[REDACTED]&X-Amz-Signature=[REDACTED]&limit=7",
    );
    // Every line of that request written, the refusal's included.
    await logged((l) => l.reqId === line.reqId && l.msg === "request completed", "completing the request");
    const out = server.output();
    for (const secret of secrets) expect(out).not.toContain(secret);
  });

  it("logs a client that aborts mid-body at info, not error", async () => {
    const socket = openSocket(server.url);
    socket.on("error", () => {});
    socket.write(
      "POST /api/v1/issues HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
        `X-API-Key: ${KEY}\r\nContent-Length: 100\r\n\r\n{"title":`,
    );
    await logged((l) => l.req?.url === "/api/v1/issues" && l.msg === "incoming request", "for the request");
    socket.destroy();
    const line = await logged((l) => l.code === "CLIENT_ABORTED", "about the abort");
    expect(line.level).toBe(30);
    expect(logLines().filter((l) => l.level >= 50)).toEqual([]);
  });

  it("answers a body dribbled past REQUEST_TIMEOUT_MS with 408 and logs it at info", async () => {
    const head =
      "POST /api/v1/issues HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
      `X-API-Key: ${KEY}\r\nContent-Length: 1000\r\n\r\n{`;
    const { received } = await dribble(server.url, head, " ".repeat(999), 100);
    const response = parseResponse(received);
    expect(response.status).toBe(408);
    expect(response.json.code).toBe("REQUEST_TIMEOUT");
    expect((await logged((l) => l.code === "REQUEST_TIMEOUT", "about the timeout")).level).toBe(30);
    expect(logLines().filter((l) => l.level >= 50)).toEqual([]);
  });
});
