import assert from "node:assert/strict";
import { afterEach, describe, it } from "vitest";
import { freeLoopbackPort } from "../../../lib/net/free-port.js";
import { testPageContext } from "../../harness/page-context.js";
import { BasePage, PAGE_RECORDER } from "../../src/http/base-page.js";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const retrying = { retries: { maxAttempts: 3, backoffMs: 20 } };

describe("BasePage retries (test_data.retries)", () => {
  it("retries an idempotent request on 503 with backoff until it succeeds", async () => {
    let calls = 0;
    server = await startServer((_req, res) =>
      ++calls < 3 ? sendJson(res, 503, {}) : sendJson(res, 200, {}),
    );
    const page = new BasePage(testPageContext(server.url, retrying));
    const t0 = performance.now();
    const res = await page.get("/flaky");
    assert.equal(res.status, 200);
    assert.equal(calls, 3);
    assert.ok(performance.now() - t0 >= 60, "backoff of 20 ms then 40 ms");
    assert.equal(page[PAGE_RECORDER].take()[0]!.attempts, 3);
  });

  it("returns the last 502 when every attempt fails", async () => {
    server = await startServer((_req, res) => sendJson(res, 502, {}));
    const page = new BasePage(testPageContext(server.url, retrying));
    assert.equal((await page.delete("/x")).status, 502);
    assert.equal(server.received.length, 3);
  });

  it("never retries a POST, nor a 500", async () => {
    server = await startServer((_req, res) => sendJson(res, 503, {}));
    const page = new BasePage(testPageContext(server.url, retrying));
    assert.equal((await page.post("/x", {})).status, 503);
    assert.equal(server.received.length, 1);
    await server.close();
    server = await startServer((_req, res) => sendJson(res, 500, {}));
    const page2 = new BasePage(testPageContext(server.url, retrying));
    assert.equal((await page2.get("/x")).status, 500);
    assert.equal(server.received.length, 1);
  });

  it("retries connection errors and then fails with the attempts and the cause", async () => {
    const port = await freeLoopbackPort();
    const page = new BasePage(testPageContext(`http://127.0.0.1:${port}`, retrying));
    await assert.rejects(
      page.get("/x"),
      /GET http:\/\/127\.0\.0\.1:\d+\/x failed after 3 attempts: ECONNREFUSED/,
    );
    const [exchange] = page[PAGE_RECORDER].take();
    assert.equal(exchange!.attempts, 3);
    assert.match(exchange!.error!, /ECONNREFUSED/);
  });
});
