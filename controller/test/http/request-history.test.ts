import assert from "node:assert/strict";
import { afterEach, describe, it } from "vitest";
import { testPageContext } from "../../harness/page-context.js";
import { BasePage, PAGE_RECORDER } from "../../src/http/base-page.js";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const endpoints = {
  list_users: "/api/users",
  get_user: "/api/users/{id}",
  me: "/api/users/me",
  login: "/api/auth/login",
};

describe("BasePage request history", () => {
  it("records each exchange with timings and the endpoint template it matched", async () => {
    server = await startServer((_req, res) => sendJson(res, 200, { ok: true }));
    const page = new BasePage(testPageContext(server.url, { endpoints }));
    await page.get("/api/users", { query: { page: 1 } });
    await page.get("/api/users/42");
    await page.get("/api/users/me");
    await page.get("/unlisted");
    const history = page[PAGE_RECORDER].take();
    assert.deepEqual(
      history.map((e) => e.endpoint?.name),
      ["list_users", "get_user", "me", undefined],
    );
    assert.equal(history[1]!.endpoint!.template, "/api/users/{id}");
    assert.equal(history[0]!.status, 200);
    assert.equal(history[0]!.method, "GET");
    assert.match(history[0]!.url, /\/api\/users\?page=1$/);
    assert.ok(history[0]!.durationMs > 0);
    assert.ok(!Number.isNaN(Date.parse(history[0]!.startedAt)));
    assert.equal(history[0]!.attempts, 1);
    assert.deepEqual([...page[PAGE_RECORDER].calledEndpoints].sort(), ["get_user", "list_users", "me"]);
  });

  it("matches endpoints below a base URL that has a path (gateway prefix)", async () => {
    server = await startServer((_req, res) => sendJson(res, 200, {}));
    const page = new BasePage(testPageContext(`${server.url}/gw/auth`, { endpoints }));
    await page.get("/api/auth/login");
    assert.equal(server.received[0]!.url, "/gw/auth/api/auth/login");
    assert.equal(page[PAGE_RECORDER].take()[0]!.endpoint?.name, "login");
  });

  it("keeps only the last exchange's bodies unless include_payloads is on, for a failure to show", async () => {
    server = await startServer((_req, res) => sendJson(res, 201, { id: "u1" }));
    const quiet = new BasePage(testPageContext(server.url));
    await quiet.post("/api/users", { email: "a@b.c" });
    await quiet.post("/api/users", { email: "d@e.f" });
    const [first, last] = quiet[PAGE_RECORDER].take(true);
    assert.equal(first!.requestBody, undefined);
    assert.equal(first!.responseBody, undefined);
    assert.deepEqual(last!.requestBody, { email: "d@e.f" });
    assert.deepEqual(last!.responseBody, { id: "u1" });
    // A module that passed: its history carries no body at all.
    await quiet.post("/api/users", { email: "g@h.i" });
    const [passed] = quiet[PAGE_RECORDER].take();
    assert.equal("requestBody" in passed!, false);
    assert.equal("responseBody" in passed!, false);

    const loud = new BasePage(testPageContext(server.url, { includePayloads: true }));
    await loud.post("/api/users", { email: "a@b.c" });
    await loud.post("/api/users", { email: "d@e.f" });
    const [full] = loud[PAGE_RECORDER].take();
    assert.deepEqual(full!.requestBody, { email: "a@b.c" });
    assert.deepEqual(full!.responseBody, { id: "u1" });
    assert.equal(full!.responseHeaders!["content-type"], "application/json");
  });

  it("starts a fresh history for every module", async () => {
    server = await startServer((_req, res) => sendJson(res, 200, {}));
    const page = new BasePage(testPageContext(server.url));
    await page.get("/one");
    page[PAGE_RECORDER].begin();
    await page.get("/two");
    assert.deepEqual(
      page[PAGE_RECORDER].take().map((e) => new URL(e.url).pathname),
      ["/two"],
    );
  });
});
