// Kill -9 in the middle of a burst of concurrent writes, restart on the same DATA_DIR: every
// write that was acknowledged with a 2xx must be there, and the journal must replay cleanly.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gate } from "../../../../lib/testing/gate.js";
import { client } from "../../harness/start-service.js";
import { type ServerProcess, startServerProcess } from "../helpers/server-process.js";

const dataDir = mkdtempSync(join(tmpdir(), "tg-kill9-"));
const children: ServerProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.child.exitCode === null) c.child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({ DATA_DIR: dataDir });
  children.push(server);
  return server;
}

describe("durability across kill -9", () => {
  it("keeps every acknowledged write when killed in the middle of a concurrent burst", async () => {
    const first = await startServer();
    const api = client(first.url);
    const comp = (await api.post("/api/v1/components", { name: "durable" })).body.id as string;
    const ackedIssues = new Map<string, string>(); // id → title
    const ackedEdges: [string, string][] = [];
    const enough = gate();
    let stop = false;
    let sent = 0;

    // 32 writers: create issues, and link each new one to an earlier acknowledged one.
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const title = `w${w}-n${n}`;
        sent++;
        try {
          const r = await api.post("/api/v1/issues", { title, component_id: comp, labels: [`w${w}`] });
          if (r.status === 201) {
            ackedIssues.set(r.body.id, title);
            if (ackedIssues.size >= 400) enough.open();
            const earlier = [...ackedIssues.keys()][n % Math.max(1, ackedIssues.size - 1)];
            if (earlier && earlier !== r.body.id) {
              sent++;
              const d = await api.post(`/api/v1/issues/${r.body.id}/dependencies`, {
                depends_on_id: earlier,
              });
              if (d.status === 201) ackedEdges.push([r.body.id, earlier]);
            }
          }
        } catch {
          return; // connection reset by the kill
        }
      }
    };
    const writers = Array.from({ length: 32 }, (_, w) => writer(w));
    // Killed as soon as the 400th creation is acknowledged (or when every writer has stopped).
    await Promise.race([enough.opened, Promise.all(writers)]);
    first.child.kill("SIGKILL");
    stop = true;
    await Promise.all(writers);
    expect(ackedIssues.size).toBeGreaterThanOrEqual(400);
    // 32 writers each had a request out when the kill came: some writes were in flight.
    expect(sent).toBeGreaterThan(ackedIssues.size + ackedEdges.length);

    const second = await startServer();
    const again = client(second.url);
    expect((await again.get("/health")).status).toBe(200);
    const missing: string[] = [];
    for (const [id, title] of ackedIssues) {
      const r = await again.get(`/api/v1/issues/${id}`);
      if (r.status !== 200 || r.body.title !== title) missing.push(id);
    }
    expect(missing).toEqual([]);
    const lostEdges: string[] = [];
    for (const [from, to] of ackedEdges) {
      const r = await again.get(`/api/v1/issues/${from}/dependencies`);
      if (!r.body.depends_on.includes(to)) lostEdges.push(`${from}->${to}`);
    }
    expect(lostEdges).toEqual([]);
    console.log(
      `kill -9 durability: ${ackedIssues.size} acknowledged issues and ${ackedEdges.length} edges all present after restart (${sent} write requests sent)`,
    );
    // The restarted service keeps working on the replayed journal.
    expect((await again.post("/api/v1/issues", { title: "after restart", component_id: comp })).status).toBe(
      201,
    );
    expect(await second.stop()).toBe(0);
  }, 90_000);
});
