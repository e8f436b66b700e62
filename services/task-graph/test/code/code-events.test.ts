// code.indexed (SPEC §2c): once a code change is durable, the events stream says which repository
// changed and how its counts moved; a refused upload sends nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartedService, startService } from "../../harness/start-service.js";
import { openSse, type SseStream } from "../helpers/sse-client.js";

describe("code.indexed events", () => {
  let svc: StartedService;
  let stream: SseStream;

  beforeAll(async () => {
    svc = await startService();
    stream = await openSse(`${svc.url}/api/v1/events?types=code.indexed`);
    await stream.waitForComment("stream open");
  });
  afterAll(async () => {
    stream?.close();
    await svc?.close();
  });

  it("follows each durable upload with its repository and counts, and a refused one with none", async () => {
    const bad = await svc.request("PUT", "/api/v1/code/repositories/shop/files", {
      files: [{ path: "./bad.ts", content: "export const x = 1;\n" }],
    });
    expect(bad.status).toBe(400);
    const ok = await svc.request("PUT", "/api/v1/code/repositories/shop/files", {
      files: [{ path: "src/cart.ts", content: "export function cartTotal() { return 0; }\n" }],
    });
    expect(ok.status).toBe(200);
    const event = await stream.waitFor((e) => e.event === "code.indexed", "code.indexed");
    expect(event.data).toMatchObject({
      type: "code.indexed",
      actor: "anonymous",
      repo: "shop",
      changes: [
        { field: "files", from: 0, to: 1 },
        { field: "symbols", from: 0, to: 1 },
      ],
    });
    expect(stream.events.filter((e) => e.event === "code.indexed")).toHaveLength(1);
  });
});
