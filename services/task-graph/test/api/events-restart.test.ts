// The event stream of the real process (as `npm run start:task-graph` runs it, DATA_DIR set):
// event ids go on across a restart, Last-Event-ID resumes from before it, and SIGTERM ends the
// open streams so the process still stops cleanly, exit 0.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { client } from "../../harness/start-service.js";
import { type ServerProcess, startServerProcess } from "../helpers/server-process.js";
import { openSse } from "../helpers/sse-client.js";

let server: ServerProcess | null = null;
let dataDir = "";
afterEach(async () => {
  await server?.stop();
  server = null;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("events of the service process across a restart", () => {
  it("keeps ids counting up and resumes from an id given out before the restart", async () => {
    dataDir = mkdtempSync(join(tmpdir(), "tg-events-restart-"));
    server = await startServerProcess({ DATA_DIR: dataDir });
    let api = client(server.url);
    const stream = await openSse(`${server.url}/api/v1/events`);
    await stream.waitForComment("stream open");
    const issue = (await api.post("/api/v1/issues", { title: "before the restart" })).body;
    await api.patch(`/api/v1/issues/${issue.id}`, { priority: "HIGH" });
    const [created, updated] = await stream.waitForCount(2);
    expect([created!.event, updated!.event]).toEqual(["issue.created", "issue.updated"]);

    // SIGTERM with a stream open: the stream ends and the process exits 0.
    expect(await server.stop()).toBe(0);
    await stream.ended;

    server = await startServerProcess({ DATA_DIR: dataDir });
    api = client(server.url);
    const resumed = await openSse(`${server.url}/api/v1/events`, { "last-event-id": created!.id! });
    try {
      await resumed.waitForComment(`last event id ${updated!.id}`);
      const [missed] = await resumed.waitForCount(1);
      expect(missed).toEqual(updated);
      await api.post(`/api/v1/issues/${issue.id}/notes`, { author: "a", kind: "progress", text: "after" });
      const [, next] = await resumed.waitForCount(2);
      expect(next!.event).toBe("note.added");
      expect(Number(next!.id)).toBe(Number(updated!.id) + 1);
      const activity = (await api.get(`/api/v1/issues/${issue.id}/activity`)).body;
      expect(activity.items.map((e: { id: number }) => e.id)).toEqual([
        Number(next!.id),
        Number(updated!.id),
        Number(created!.id),
      ]);
    } finally {
      resumed.close();
    }
  }, 120_000);
});
