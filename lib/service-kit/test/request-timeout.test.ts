// REQUEST_TIMEOUT_MS bounds receiving a whole request, measured on a real socket that dribbles.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dribble as dribbleTo, parseResponse } from "../../testing/raw-http.js";
import { createServiceApp, type ServiceApp } from "../create-app.js";
import { listen } from "../listen.js";
import { DEFAULT_REQUEST_TIMEOUT_MS } from "../request-timeout.js";

const TIMEOUT_MS = 400;
let app: ServiceApp;
let url: string;

beforeAll(async () => {
  app = await createServiceApp({
    name: "timeout-test",
    version: "0.0.1",
    logger: false,
    env: { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
  app.post("/echo", async (request) => request.body);
  url = await listen(app, { port: 0, defaultPort: 0 });
});
afterAll(() => app.close());

const dribble = (head: string, body: string, everyMs: number) => dribbleTo(url, head, body, everyMs);

const postHead = (length: number) =>
  `POST /echo HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe("REQUEST_TIMEOUT_MS", () => {
  it("cuts off a body dribbled a byte at a time past the limit with a 408 JSON error and closes", async () => {
    const body = JSON.stringify({ padding: "x".repeat(200) });
    const { received, elapsedMs } = await dribble(postHead(body.length), body, 50);
    const response = parseResponse(received);
    expect(response.status).toBe(408);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json).toEqual({ error: expect.stringMatching(/in time/), code: "REQUEST_TIMEOUT" });
    // Each byte came well within the limit: it is the whole request that is bounded.
    expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS);
  });

  it("closes a connection whose headers never complete, with nothing to answer", async () => {
    const { received, elapsedMs } = await dribble(
      "GET /echo HTTP/1.1\r\nHost: localhost\r\n",
      "X-Slow: aaaaaaaaaaaaaaaaaaaaa",
      50,
    );
    expect(received.length).toBe(0);
    expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS);
  });

  it("serves a request that arrives in pieces within the limit", async () => {
    const body = JSON.stringify({ a: 1 });
    const { received } = await dribble(postHead(body.length), body, 5);
    const response = parseResponse(received);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ a: 1 });
  });

  it("defaults to 30 s and refuses a value that is not a positive integer, naming the variable", async () => {
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(30_000);
    const plain = await createServiceApp({ name: "t", version: "0", logger: false, env: {} });
    expect(plain.server.requestTimeout).toBe(30_000);
    await plain.close();
    for (const bad of ["0", "-5", "1.5", "soon"]) {
      await expect(
        createServiceApp({ name: "t", version: "0", logger: false, env: { REQUEST_TIMEOUT_MS: bad } }),
      ).rejects.toThrow(/REQUEST_TIMEOUT_MS "/);
    }
  });
});
