// ETags and If-Match (RFC 9110) on issues over real HTTP: every single-issue answer has a strong
// ETag that changes with what a client sees; a stale If-Match on PATCH/DELETE is 412 and
// changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../harness/start-service.js";

let svc: StartedService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.close());

const STRONG_ETAG = /^"[A-Za-z0-9_-]+"$/;

async function created(title = "An issue") {
  const r = await svc.post("/api/v1/issues", { title });
  expect(r.status).toBe(201);
  return { id: r.body.id as string, etag: r.headers.get("etag")! };
}
const patch = (id: string, body: unknown, ifMatch?: string) =>
  svc.request("PATCH", `/api/v1/issues/${id}`, body, ifMatch === undefined ? {} : { "if-match": ifMatch });
const del = (id: string, ifMatch: string) =>
  svc.request("DELETE", `/api/v1/issues/${id}`, undefined, { "if-match": ifMatch });

describe("ETag on every issue response", () => {
  it("gives create, get, patch and claim answers a strong ETag; get repeats it while nothing changes", async () => {
    const { id, etag } = await created();
    expect(etag).toMatch(STRONG_ETAG);
    const got = await svc.get(`/api/v1/issues/${id}`);
    expect(got.headers.get("etag")).toBe(etag);
    expect((await svc.get(`/api/v1/issues/${id}`)).headers.get("etag")).toBe(etag);
    const patched = await patch(id, { priority: "HIGH" });
    expect(patched.headers.get("etag")).toMatch(STRONG_ETAG);
    expect(patched.headers.get("etag")).not.toBe(etag);
    expect((await svc.get(`/api/v1/issues/${id}`)).headers.get("etag")).toBe(patched.headers.get("etag"));
    const claimed = await svc.post(`/api/v1/issues/${id}/claim`, { agent: "a1" });
    expect(claimed.headers.get("etag")).toMatch(STRONG_ETAG);
    expect(claimed.headers.get("etag")).not.toBe(patched.headers.get("etag"));
  });

  it("changes the ETag when a dependency changes the issue's depends_on or blocks", async () => {
    const a = await created("a");
    const b = await created("b");
    await svc.post(`/api/v1/issues/${a.id}/dependencies`, { depends_on_id: b.id });
    expect((await svc.get(`/api/v1/issues/${a.id}`)).headers.get("etag")).not.toBe(a.etag);
    expect((await svc.get(`/api/v1/issues/${b.id}`)).headers.get("etag")).not.toBe(b.etag);
  });
});

describe("If-Match on PATCH and DELETE", () => {
  it("applies a PATCH whose If-Match is the current ETag", async () => {
    const { id, etag } = await created();
    const r = await patch(id, { title: "Renamed" }, etag);
    expect(r.status).toBe(200);
    expect(r.body.title).toBe("Renamed");
  });

  it("refuses a PATCH with a stale ETag with 412 PRECONDITION_FAILED and changes nothing", async () => {
    const { id, etag } = await created("Original");
    const first = await patch(id, { title: "Agent one" }, etag);
    expect(first.status).toBe(200);
    const second = await patch(id, { title: "Agent two" }, etag);
    expect(second.status).toBe(412);
    expect(second.body.code).toBe("PRECONDITION_FAILED");
    expect(second.body.details.current_etag).toBe(first.headers.get("etag"));
    expect((await svc.get(`/api/v1/issues/${id}`)).body.title).toBe("Agent one");
  });

  it("refuses a DELETE with a stale ETag with 412 and keeps the issue; the current one deletes", async () => {
    const { id, etag } = await created();
    const now = (await patch(id, { description: "changed" })).headers.get("etag")!;
    expect((await del(id, etag)).status).toBe(412);
    expect((await svc.get(`/api/v1/issues/${id}`)).status).toBe(200);
    expect((await del(id, now)).status).toBe(204);
    expect((await svc.get(`/api/v1/issues/${id}`)).status).toBe(404);
  });

  it("matches If-Match: * for any existing issue and any one tag of a list", async () => {
    const { id, etag } = await created();
    expect((await patch(id, { priority: "LOW" }, "*")).status).toBe(200);
    const current = (await svc.get(`/api/v1/issues/${id}`)).headers.get("etag")!;
    expect((await patch(id, { priority: "HIGH" }, `"nope", ${current}`)).status).toBe(200);
    expect((await patch(id, { priority: "HIGH" }, etag)).status).toBe(412);
  });

  it("never matches a weak tag, even with the current value (strong comparison)", async () => {
    const { id, etag } = await created();
    expect((await patch(id, { priority: "LOW" }, `W/${etag}`)).status).toBe(412);
  });

  it("answers 404 for an unknown issue whatever If-Match says", async () => {
    const r = await patch("00000000-0000-4000-8000-000000000000", { title: "x" }, "*");
    expect(r.status).toBe(404);
  });

  it("checks the precondition before the request's own rules (412 rather than 409)", async () => {
    const [a, b] = [await created("a"), await created("b")];
    await svc.post(`/api/v1/issues/${a.id}/dependencies`, { depends_on_id: b.id });
    const r = await patch(a.id, { status: "CLOSED" }, a.etag);
    expect(r.status).toBe(412);
  });
});
