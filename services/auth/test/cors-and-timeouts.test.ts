// The auth mock's CORS default (any origin: front-end dev servers point at it) and its
// REQUEST_TIMEOUT_MS, on real sockets.
import { afterEach, describe, expect, it } from "vitest";
import { dribble, parseResponse, preflight as preflightTo, sendRaw } from "../../../lib/testing/raw-http.js";
import { type Harness, startAuth } from "./helpers.js";

const started: Harness[] = [];
afterEach(() => Promise.all(started.splice(0).map((s) => s.close())));

async function start(env: NodeJS.ProcessEnv = {}): Promise<Harness> {
  const svc = await startAuth(env);
  started.push(svc);
  return svc;
}

const preflight = (url: string, origin: string) =>
  preflightTo(url, { target: "/api/auth/login", origin, requestHeaders: "content-type" });

describe("auth CORS", () => {
  it("lets any origin call it by default: preflight 204 with Allow-* headers, answers with Allow-Origin", async () => {
    const svc = await start();
    const r = await preflight(svc.url, "http://localhost:5173");
    expect(r.status).toBe(204);
    expect(r.headers["access-control-allow-origin"]).toBe("*");
    expect(r.headers["access-control-allow-methods"]).toContain("POST");
    expect(r.headers["access-control-allow-headers"]).toBe("content-type");
    const me = await sendRaw(svc.url, {
      method: "GET",
      target: "/api/auth/me",
      headers: { Origin: "http://localhost:5173" },
    });
    expect(me.status).toBe(401);
    expect(me.headers["access-control-allow-origin"]).toBe("*");
  });

  it("allows only the origins in CORS_ORIGINS when it is set", async () => {
    const svc = await start({ CORS_ORIGINS: "http://localhost:3000" });
    expect((await preflight(svc.url, "http://localhost:3000")).headers["access-control-allow-origin"]).toBe(
      "http://localhost:3000",
    );
    const other = await preflight(svc.url, "http://localhost:5173");
    expect(other.status).toBe(204);
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("auth REQUEST_TIMEOUT_MS", () => {
  it("cuts off a login whose body is dribbled past the limit with a 408 JSON error", async () => {
    const svc = await start({ REQUEST_TIMEOUT_MS: "300" });
    const head =
      "POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{";
    const { received } = await dribble(svc.url, head, " ".repeat(499), 50);
    const r = parseResponse(received);
    expect(r.status).toBe(408);
    expect(r.json.code).toBe("REQUEST_TIMEOUT");
  });
});
