// Durability of the embedded store at the file level: what was acknowledged comes back after a
// reopen, a torn last line is cut off, real corruption refuses to start, compaction keeps state.
import {
  appendFileSync,
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import type { GraphStore } from "../../src/ports/graph-store.js";
import { makeCodeFile } from "../conformance/code-graph-store.conformance.js";
import { makeComponent, makeIssue } from "../conformance/graph-store.conformance.js";

let dataDir: string;
const graphDir = () => join(dataDir, "graph");
const journals = () => readdirSync(graphDir()).filter((f) => f.startsWith("journal-"));

async function open(options: { compactBytes?: number } = {}): Promise<EmbeddedGraphStore> {
  const s = new EmbeddedGraphStore({ dataDir, ...options });
  await s.init();
  return s;
}

async function dump(s: GraphStore) {
  const issues = await s.allIssues();
  const deps = await Promise.all(issues.map(async (i) => [i.id, await s.dependenciesOf(i.id)] as const));
  const components = (await s.listComponents(0, 1000)).items;
  return { issues, deps, components };
}

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "tg-journal-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe("embedded graph store journal", () => {
  it("brings back every acknowledged mutation after a reopen", async () => {
    const s = await open();
    const comp = makeComponent();
    await s.createComponent(comp);
    const [a, b, c] = [makeIssue({ component_id: comp.id }), makeIssue(), makeIssue()];
    await Promise.all([a, b, c].map((i) => s.createIssue(i)));
    await s.addDependency({ issue_id: a.id, depends_on_id: b.id });
    await s.addDependency({ issue_id: b.id, depends_on_id: c.id });
    await s.updateIssue({ ...c, status: "CLOSED", closed_at: c.updated_at });
    await s.removeDependency({ issue_id: b.id, depends_on_id: c.id });
    await s.deleteIssue(c.id);
    const before = await dump(s);
    await s.close();

    const again = await open();
    expect(await dump(again)).toEqual(before);
    expect(await again.getIssue(c.id)).toBeNull();
    await again.close();
  });

  it("acknowledges a burst of concurrent writes only once they are on disk", async () => {
    const s = await open();
    const issues = Array.from({ length: 500 }, () => makeIssue());
    await Promise.all(issues.map((i) => s.createIssue(i)));
    // Read the journal while the store is still open: every acknowledged line must be there.
    const lines = readFileSync(join(graphDir(), journals()[0]!), "utf8").trim().split("\n");
    expect(lines).toHaveLength(500);
    await s.close();
  });

  it("cuts a torn last line and keeps everything before it", async () => {
    const s = await open();
    const kept = makeIssue({ title: "kept" });
    await s.createIssue(kept);
    await s.close();
    const file = join(graphDir(), journals()[0]!);
    const sizeBefore = readFileSync(file).length;
    appendFileSync(file, '{"op":"issue.put","issue":{"id":"half');

    const again = await open();
    expect((await again.allIssues()).map((i) => i.title)).toEqual(["kept"]);
    expect(readFileSync(file).length).toBe(sizeBefore);
    // The next write starts on a clean line.
    await again.createIssue(makeIssue({ title: "after" }));
    await again.close();
    const third = await open();
    expect((await third.allIssues()).map((i) => i.title)).toEqual(["kept", "after"]);
    await third.close();
  });

  it("refuses to start when a line before the last one is damaged", async () => {
    const s = await open();
    await s.createIssue(makeIssue());
    await s.createIssue(makeIssue());
    await s.close();
    const file = join(graphDir(), journals()[0]!);
    const lines = readFileSync(file, "utf8").split("\n");
    lines[0] = lines[0]!.slice(0, 10);
    writeFileSync(file, lines.join("\n"));
    await expect(open()).rejects.toThrow(`${file}:1: damaged journal record`);
  });

  it("refuses to start on a damaged last line that was written whole (it may have been acknowledged)", async () => {
    const s = await open();
    await s.createIssue(makeIssue());
    await s.close();
    const file = join(graphDir(), journals()[0]!);
    appendFileSync(file, '{"op":"issue.put","iss\n');
    await expect(open()).rejects.toThrow(`${file}:2: damaged journal record`);
  });

  it("with repair, keeps a backup of the damaged journal and cuts it at the damaged line", async () => {
    const s = await open();
    const titles = ["one", "two", "three", "four"];
    for (const title of titles) await s.createIssue(makeIssue({ title }));
    await s.close();
    const file = join(graphDir(), journals()[0]!);
    const original = readFileSync(file, "utf8");
    const lines = original.split("\n");
    lines[2] = `${lines[2]!.slice(0, 25)}#garbage`;
    const damaged = lines.join("\n");
    writeFileSync(file, damaged);

    await expect(open()).rejects.toThrow(`${file}:3: damaged journal record`);
    const repaired = new EmbeddedGraphStore({ dataDir, repair: "truncate" });
    await repaired.init();
    expect((await repaired.allIssues()).map((i) => i.title)).toEqual(["one", "two"]);
    expect(repaired.startupNotes).toHaveLength(1);
    expect(repaired.startupNotes[0]).toMatch(
      /:3: damaged journal record; repaired by cutting there \(2 line\(s\) dropped\)/,
    );
    await repaired.createIssue(makeIssue({ title: "five" }));
    await repaired.close();

    const backups = readdirSync(graphDir()).filter((f) => /\.bak-\d{8}T\d{9}Z$/.test(f));
    expect(backups).toHaveLength(1);
    expect(readFileSync(join(graphDir(), backups[0]!), "utf8")).toBe(damaged);
    expect(repaired.startupNotes[0]).toContain(join(graphDir(), backups[0]!));
    // Without repair again: the cut journal replays cleanly.
    const again = await open();
    expect((await again.allIssues()).map((i) => i.title)).toEqual(["one", "two", "five"]);
    await again.close();
  });

  it("compacts into a snapshot and a new journal without losing or duplicating anything", async () => {
    const s = await open({ compactBytes: 4096 });
    const issues = Array.from({ length: 60 }, (_, i) => makeIssue({ title: `issue ${i}` }));
    for (const i of issues) await s.createIssue(i);
    for (let k = 0; k + 1 < issues.length; k += 2) {
      await s.addDependency({ issue_id: issues[k]!.id, depends_on_id: issues[k + 1]!.id });
    }
    await s.deleteIssue(issues[3]!.id);
    await s.idle();
    expect(readdirSync(graphDir())).toContain("snapshot.json");
    const before = await dump(s);
    await s.close();

    const again = await open({ compactBytes: 4096 });
    expect(await dump(again)).toEqual(before);
    await again.close();
  });

  it("brings the code graph back from a snapshot and the journal after it", async () => {
    const s = await open({ compactBytes: 4096 });
    await s.putRepository({ name: "app", path: "/src/app", status: "ready", indexed_at: null, error: null });
    for (let k = 0; k < 40; k++) {
      const edges = k > 0 ? [{ type: "IMPORTS" as const, from: `app:f${k}.ts`, to: `app:f${k - 1}.ts` }] : [];
      await s.writeCodeFiles({
        repo: "app",
        upsert: [makeCodeFile("app", `f${k}.ts`, [`s${k}`], edges)],
        remove: [],
      });
    }
    await s.idle();
    expect(readdirSync(graphDir())).toContain("snapshot.json");
    // After the snapshot: a removal, a rewrite and a second repository, in the journal only.
    await s.writeCodeFiles({
      repo: "app",
      upsert: [makeCodeFile("app", "f1.ts", ["renamed"])],
      remove: ["f5.ts"],
    });
    await s.writeCodeFiles({ repo: "lib", upsert: [makeCodeFile("lib", "x.ts", ["x"])], remove: [] });
    const code = async (store: GraphStore) => ({
      repositories: await store.listRepositories(),
      files: await Promise.all(
        (await store.listCodeFiles("app")).map((f) => store.getCodeFile("app", f.path)),
      ),
      edges: await store.codeEdges("app"),
      counts: await store.codeCounts(),
    });
    const before = await code(s);
    expect(before.counts).toEqual({ repositories: 1, files: 40, symbols: 40 });
    await s.close();

    const again = await open({ compactBytes: 4096 });
    expect(await code(again)).toEqual(before);
    await again.close();
  });

  it("replays correctly after a crash between writing the snapshot and deleting the old journal", async () => {
    const s = await open({ compactBytes: 2048 });
    // Keep a copy of each journal as it was, to put the old one back after compaction.
    for (let i = 0; i < 10; i++) await s.createIssue(makeIssue({ title: `first ${i}` }));
    await s.close();
    const oldName = journals()[0]!;
    const saved = join(dataDir, "saved-journal");
    copyFileSync(join(graphDir(), oldName), saved);

    const s2 = await open({ compactBytes: 2048 });
    for (let i = 0; i < 10; i++) await s2.createIssue(makeIssue({ title: `second ${i}` }));
    await s2.idle();
    const before = await dump(s2);
    await s2.close();
    expect(journals()).not.toContain(oldName);
    copyFileSync(saved, join(graphDir(), oldName));

    const again = await open();
    expect(await dump(again)).toEqual(before);
    expect(journals()).not.toContain(oldName);
    await again.close();
  });

  it("keeps every acknowledged write when compactions happen during a concurrent burst", async () => {
    const s = await open({ compactBytes: 8 * 1024 });
    const acked: string[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        for (let n = 0; n < 40; n++) {
          const issue = makeIssue({ title: `w${w} n${n}`, description: "x".repeat(200) });
          await s.createIssue(issue);
          acked.push(issue.id);
        }
      }),
    );
    await s.idle();
    const before = await dump(s);
    await s.close();
    expect(readdirSync(graphDir())).toContain("snapshot.json");

    const again = await open();
    const after = await dump(again);
    expect(after).toEqual(before);
    const ids = new Set(after.issues.map((i) => i.id));
    expect(acked.filter((id) => !ids.has(id))).toEqual([]);
    expect(ids.size).toBe(16 * 40);
    await again.close();
  });

  it("ignores a half-written snapshot left by a crash before its rename", async () => {
    const s = await open({ compactBytes: 1500 });
    for (let i = 0; i < 30; i++) await s.createIssue(makeIssue({ title: `n ${i}` }));
    await s.idle();
    const before = await dump(s);
    await s.close();
    writeFileSync(join(graphDir(), "snapshot.json.tmp"), '{"format":1,"generation":99,"iss');

    const again = await open();
    expect(await dump(again)).toEqual(before);
    expect(readdirSync(graphDir())).not.toContain("snapshot.json.tmp");
    await again.close();
  });
});
