// A damaged line in the middle of the journal, seen from the command line: the service refuses to
// start and names file:line; `--repair` or JOURNAL_REPAIR=truncate keeps a backup, cuts there
// and starts with everything before the damaged line.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { client } from "../../harness/start-service.js";
import { type ServerProcess, startServerProcess } from "../helpers/server-process.js";

let dataDir: string;
const servers: ServerProcess[] = [];
const graphDir = () => join(dataDir, "graph");

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "tg-damaged-"));
});
afterEach(async () => {
  for (const s of servers.splice(0)) await s.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const server = await startServerProcess({ DATA_DIR: dataDir, ...env }, args);
  servers.push(server);
  return server;
}

/** Three issues written by a real server, then the journal's second line damaged. */
async function damagedJournal(): Promise<string> {
  const server = await start();
  const api = client(server.url);
  for (const title of ["first", "second", "third"]) {
    expect((await api.post("/api/v1/issues", { title })).status).toBe(201);
  }
  expect(await server.stop()).toBe(0);
  const file = join(graphDir(), readdirSync(graphDir()).find((f) => f.startsWith("journal-"))!);
  const lines = readFileSync(file, "utf8").split("\n");
  lines[1] = lines[1]!.slice(0, 40);
  writeFileSync(file, lines.join("\n"));
  return file;
}

async function titles(server: ServerProcess): Promise<string[]> {
  const r = await client(server.url).get("/api/v1/issues");
  return r.body.items.map((i: { title: string }) => i.title);
}

describe("a damaged journal line at start-up", () => {
  it("refuses to start and names the file and line", async () => {
    const file = await damagedJournal();
    const failure = await start().then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(failure).toContain("exited with 1 before listening");
    expect(failure).toContain(`task-graph: cannot start: ${file}:2: damaged journal record`);
    expect(failure).toContain("--repair");
  }, 60_000);

  for (const [how, args, env] of [
    ["--repair", ["--repair"], {}],
    ["JOURNAL_REPAIR=truncate", [], { JOURNAL_REPAIR: "truncate" }],
  ] as const) {
    it(`with ${how}, keeps a backup, cuts at the damaged line and starts`, async () => {
      const file = await damagedJournal();
      const damaged = readFileSync(file, "utf8");
      const server = await start([...args], env);
      expect(await titles(server)).toEqual(["first"]);
      const backups = readdirSync(graphDir()).filter((f) => f.includes(".bak-"));
      expect(backups).toHaveLength(1);
      expect(readFileSync(join(graphDir(), backups[0]!), "utf8")).toBe(damaged);
      await server.waitForOutput(`${file}:2: damaged journal record; repaired by cutting there`);
      expect(await server.stop()).toBe(0);

      // The next start needs no repair and keeps what the repaired one wrote.
      const again = await start();
      expect(await titles(again)).toEqual(["first"]);
    }, 60_000);
  }
});
