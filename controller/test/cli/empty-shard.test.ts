// Issue 24 point 3: a shard that gets no module (fewer services than shards) is a green run that
// says it was empty and still writes its reports, so merge-reports finds them; and merge-reports
// given a shard whose report is missing names it, merges the others (their modules say why they
// did not run) and exits 1. Real CLI, real loopback server.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { confFor, HEALTHY_MODULE, pageSource, projectTracker, runCli } from "../helpers/project.js";

let server: TestServer;
const { project, removeAll } = projectTracker();
beforeAll(async () => {
  server = await startServer((_req, res) => sendJson(res, 200, { status: "healthy" }));
});
afterAll(async () => {
  removeAll();
  await server.close();
});

/** One service that runs its two modules in order: one unit, so a second shard gets nothing. */
function suite() {
  return project({
    "e2e.conf": confFor({ api: { url: server.url } }),
    "services/api/page.ts": pageSource(),
    "services/api/modules/01_one.ts": HEALTHY_MODULE,
    "services/api/modules/02_two.ts": HEALTHY_MODULE,
  });
}

const shard = (dir: string, i: string) =>
  runCli(["run", "--no-start", "--shard", i, "-r", "console,json", "--report-dir", `shard-${i[0]}`], {
    cwd: dir,
  });

type Report = {
  summary: { total: number; passed: number; skipped: number };
  services: { modules: { name: string; status: string; skipReason?: string }[] }[];
};
const report = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Report;

describe("an empty shard", () => {
  it("exits 0 with a line saying it was empty, and writes a report of skipped modules", async () => {
    const p = suite();
    const r = await shard(p.dir, "2/2");
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain(
      "Shard 2/2 is empty: the 2 selected modules went to the other shards. Nothing runs here (exit 0); the reports are written.",
    );
    expect(r.stdout).not.toContain("No modules selected");
    const doc = report(join(p.dir, "shard-2/e2e-report.json"));
    expect(doc.summary).toMatchObject({ total: 2, passed: 0, skipped: 2 });
    expect(doc.services[0]!.modules.map((m) => m.skipReason)).toEqual([
      "filtered out by --shard 2/2",
      "filtered out by --shard 2/2",
    ]);
  });

  it("merges with the shard that ran everything into one green run", async () => {
    const p = suite();
    expect((await shard(p.dir, "1/2")).code).toBe(0);
    expect((await shard(p.dir, "2/2")).code).toBe(0);
    const merged = await runCli(
      ["merge-reports", "shard-1", "shard-2", "-r", "json", "--report-dir", "merged"],
      {
        cwd: p.dir,
      },
    );
    expect(merged.code, merged.stdout + merged.stderr).toBe(0);
    const doc = report(join(p.dir, "merged/e2e-report.json"));
    expect(doc.summary).toMatchObject({ total: 2, passed: 2, skipped: 0 });
  });
});

describe("merge-reports with a shard's report missing", () => {
  it("names it, merges the others, says their modules were not run, and exits 1", async () => {
    const p = suite();
    expect((await shard(p.dir, "2/2")).code).toBe(0);
    expect(existsSync(join(p.dir, "shard-1"))).toBe(false);
    const r = await runCli(["merge-reports", "shard-1", "shard-2", "-r", "json", "--report-dir", "merged"], {
      cwd: p.dir,
    });
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stderr).toContain(
      "e2e merge-reports: no report at shard-1: that shard did not run or wrote no JSON report",
    );
    const doc = report(join(p.dir, "merged/e2e-report.json"));
    expect(doc.services[0]!.modules.map((m) => m.skipReason)).toEqual([
      "not run: the report of its shard is missing (shard-1)",
      "not run: the report of its shard is missing (shard-1)",
    ]);
  });
});
