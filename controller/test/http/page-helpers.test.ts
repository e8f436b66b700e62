// BasePage.eventually() and BasePage.testUser(), and the eventually() loop under a fake clock.
import assert from "node:assert/strict";
import { afterEach, describe, it } from "vitest";
import { pageMaker, testPageContext } from "../../harness/page-context.js";
import { eventually } from "../../src/http/eventually.js";
import { FakeClock } from "../helpers/fake-clock.js";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";

let server: TestServer | undefined;
const pages = pageMaker();
afterEach(async () => {
  await pages.closeAll();
  await server?.close();
  server = undefined;
});

function pageFor(baseUrl: string, asyncTimeout = 10_000) {
  const { testData } = testPageContext(baseUrl);
  return pages.pageFor(baseUrl, {
    testData: { ...testData, timing: { step_delay: 0, async_timeout: asyncTimeout } },
  });
}

describe("eventually()", () => {
  it("retries every intervalMs until the check passes and returns its value", async () => {
    const clock = new FakeClock();
    let calls = 0;
    const value = await eventually(
      () => {
        calls++;
        assert.ok(calls >= 3, "not yet");
        return "done";
      },
      { timeoutMs: 1000, intervalMs: 50 },
      clock,
    );
    assert.equal(value, "done");
    assert.equal(calls, 3);
    assert.deepEqual(clock.sleeps, [50, 50]);
  });

  it("gives up at the timeout with the last assertion error, saying how long and how many tries", async () => {
    const clock = new FakeClock();
    let calls = 0;
    const error = await eventually(
      () => {
        calls++;
        assert.equal(calls, 0, "count");
      },
      { timeoutMs: 250, intervalMs: 100 },
      clock,
    ).catch((e: unknown) => e);
    assert.ok(error instanceof assert.AssertionError);
    assert.equal(error.actual, 4);
    assert.match(error.message, /^count\b[\s\S]*\n\(still failing after 250 ms, 4 tries\)$/);
    // The last pause is cut to the time left, so the loop never overshoots the timeout.
    assert.deepEqual(clock.sleeps, [100, 100, 50]);
  });

  it("tries once with a zero timeout, and refuses a negative one", async () => {
    const clock = new FakeClock();
    await assert.rejects(
      eventually(() => Promise.reject("plain"), { timeoutMs: 0 }, clock),
      /^Error: plain\n\(still failing after 0 ms, 1 try\)$/,
    );
    await assert.rejects(
      eventually(() => 1, { timeoutMs: -1 }),
      /timeoutMs must be >= 0/,
    );
  });
});

describe("BasePage helpers", () => {
  it("eventually() polls real requests until the effect shows", async () => {
    let n = 0;
    server = await startServer((_req, res) => sendJson(res, 200, { n: ++n }));
    const page = pageFor(server.url);
    const res = await page.eventually(
      async () => {
        const r = await page.get("/count");
        assert.ok(r.json().n >= 3, `n is ${r.json().n}`);
        return r;
      },
      { intervalMs: 10 },
    );
    assert.equal(res.json().n, 3);
  });

  it("eventually() gives up after test_data.timing.async_timeout", async () => {
    server = await startServer((_req, res) => sendJson(res, 200, { ready: false }));
    const page = pageFor(server.url, 300);
    const started = performance.now();
    await assert.rejects(
      page.eventually(async () => assert.equal((await page.get("/job")).json().ready, true), {
        intervalMs: 50,
      }),
      /still failing after 300 ms/,
    );
    const elapsed = performance.now() - started;
    // Not before the timeout; and well before the 10 s default (room for a busy machine).
    assert.ok(elapsed >= 290 && elapsed < 5000, `took ${elapsed} ms`);
  });

  it("testUser() makes a new identity from test_data.user every time", () => {
    const page = pageFor("http://127.0.0.1:1");
    const a = page.testUser();
    const b = page.testUser();
    assert.match(a.username, /^testuser-[0-9a-f]{12}$/);
    assert.equal(a.email, `${a.username}@example.test`);
    assert.equal(a.password, "Test-Password-1");
    assert.notEqual(a.username, b.username);
  });
});
