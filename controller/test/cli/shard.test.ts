// --shard i/n: n shards of a suite together run each selected module exactly once, with the same
// outcomes as one full run. Real CLI, real loopback server.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import {
  confFor,
  HEALTHY_MODULE,
  moduleSource,
  pageSource,
  projectTracker,
  runCli,
} from "../helpers/project.js";

let server: TestServer;
const { project, removeAll } = projectTracker();
beforeAll(async () => {
  server = await startServer((_req, res) => sendJson(res, 200, { status: "healthy" }));
});
afterAll(async () => {
  removeAll();
  await server.close();
});

const FAILING = moduleSource(`  assert.equal((await page.health()).status, 500);`);

function suite() {
  const files: Record<string, string> = {
    "e2e.conf": confFor({
      a: { url: server.url },
      b: { url: server.url, extra: "    parallel: true\n" },
      c: { url: server.url },
    }),
  };
  for (const s of ["a", "b", "c"]) files[`services/${s}/page.ts`] = pageSource();
  files["services/a/modules/01_one.ts"] = HEALTHY_MODULE;
  files["services/a/modules/02_two.ts"] = FAILING;
  for (const m of ["01_x", "02_y", "03_z"]) files[`services/b/modules/${m}.ts`] = HEALTHY_MODULE;
  files["services/c/modules/01_only.ts"] = HEALTHY_MODULE;
  return project(files);
}

type Module = { service: string; name: string; status: string; skipReason?: string };
function ran(dir: string): string[] {
  const report = JSON.parse(readFileSync(join(dir, "e2e-report.json"), "utf8"));
  return (report.services as { modules: Module[] }[])
    .flatMap((s) => s.modules)
    .filter((m) => !m.skipReason?.startsWith("filtered out by --shard"))
    .map((m) => `${m.service}/${m.name}:${m.status}`);
}

describe("--shard i/n", () => {
  it("splits a suite so that the shards together equal one full run, each module once, and merge-reports makes them one run", async () => {
    const p = suite();
    const conf = `${p.dir}/e2e.conf`;
    const full = await runCli([
      "run",
      "--no-start",
      "-c",
      conf,
      "-r",
      "json",
      "--report-dir",
      join(p.dir, "full"),
    ]);
    assert.equal(full.code, 1, full.stdout + full.stderr);
    const pieces: string[][] = [];
    for (const i of [1, 2, 3]) {
      const dir = join(p.dir, `shard-${i}`);
      const r = await runCli([
        "run",
        "--no-start",
        "-c",
        conf,
        "--shard",
        `${i}/3`,
        "-r",
        "json,junit",
        "--report-dir",
        dir,
      ]);
      assert.ok(r.code === 0 || r.code === 1, r.stdout + r.stderr);
      pieces.push(ran(dir));
      assert.ok(pieces.at(-1)!.length > 0, `shard ${i}/3 got work`);
      assert.doesNotMatch(readFileSync(join(dir, "junit.xml"), "utf8"), /--shard/);
    }
    const merged = pieces.flat();
    assert.equal(new Set(merged).size, merged.length, "no module ran in two shards");
    assert.deepEqual([...merged].sort(), [...ran(join(p.dir, "full"))].sort());
    // A sequential service stays whole on one shard; a parallel one may be split by module.
    const shardOfA = pieces.map((ms) => ms.some((m) => m.startsWith("a/")));
    assert.equal(shardOfA.filter(Boolean).length, 1);

    // merge-reports: the shards' JSON reports become the reports of one run, equal to the full one.
    const out = join(p.dir, "merged");
    const merged2 = await runCli([
      "merge-reports",
      join(p.dir, "shard-3"),
      join(p.dir, "shard-1"),
      join(p.dir, "shard-2"),
      "-c",
      conf,
      "-r",
      "console,json,junit,html",
      "--report-dir",
      out,
    ]);
    assert.equal(merged2.code, 1, merged2.stdout + merged2.stderr); // the failing module fails the merged run too
    const fullReport = JSON.parse(readFileSync(join(p.dir, "full", "e2e-report.json"), "utf8"));
    const mergedReport = JSON.parse(readFileSync(join(out, "e2e-report.json"), "utf8"));
    const shape = (r: {
      summary: Record<string, number>;
      services: { name: string; modules: Module[] }[];
      run: { exitCode: number };
    }) => ({
      summary: { ...r.summary, durationMs: 0 },
      exitCode: r.run.exitCode,
      modules: r.services.flatMap((s) => s.modules.map((m) => `${s.name}/${m.name}:${m.status}`)),
    });
    assert.deepEqual(shape(mergedReport), shape(fullReport));
    const junit = readFileSync(join(out, "junit.xml"), "utf8");
    assert.match(junit, /<testsuites [^>]*tests="6" failures="1" errors="0"/);
    assert.match(merged2.stdout, /Summary: 6 modules · 5 passed · 1 failed/);
    assert.ok(readFileSync(join(out, "e2e-report.html"), "utf8").includes("02_two"));
  }, 120_000);

  it("rejects a shard outside 1..n as a usage error", async () => {
    const p = suite();
    const r = await runCli(["run", "--no-start", "-c", `${p.dir}/e2e.conf`, "--shard", "4/3"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--shard: expected i\/n with 1 <= i <= n \(e\.g\. 2\/3\), got "4\/3"/);
  }, 60_000);
});
