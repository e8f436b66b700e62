// An upload-only code repository restored at start (SPEC §4) is indexed from what the embedded
// store holds without writing it back: a restart with nothing changed adds no journal line and no
// text pack, however often it happens, and the repository reads as it did before.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EmbeddedGraphStore } from "../../src/adapters/embedded-graph/index.js";
import { CodeWorkspace } from "../../src/domain/code/code-workspace.js";
import { codeWorkspaceOptions } from "../helpers/code-workspace-options.js";

let dataDir: string;
const graphDir = () => join(dataDir, "graph");
const textPacks = () => readdirSync(join(graphDir(), "texts")).sort();
/** Bytes of every journal and snapshot: what a restart would grow if it wrote the graph again. */
const journalBytes = () =>
  readdirSync(graphDir())
    .filter((f) => f.startsWith("journal-") || f === "snapshot.json")
    .reduce((sum, f) => sum + statSync(join(graphDir(), f)).size, 0);

const quiet = { warn() {}, info() {} };

/** One run of the service's code side on `dataDir`: the store and the workspace over it. */
async function run(): Promise<{ store: EmbeddedGraphStore; code: CodeWorkspace }> {
  const store = new EmbeddedGraphStore({ dataDir });
  await store.init();
  const code = new CodeWorkspace(store, null, () => new Date(), quiet, codeWorkspaceOptions());
  await code.restoreUploads();
  await code.settled();
  return { store, code };
}

async function stop({ store, code }: { store: EmbeddedGraphStore; code: CodeWorkspace }): Promise<void> {
  await code.close();
  await store.close();
}

const FILES = [
  {
    path: "src/money.ts",
    content: "export function roundCents(x: number): number {\n  return Math.round(x);\n}\n",
  },
  {
    path: "src/ledger.ts",
    content:
      'import { roundCents } from "./money.js";\nexport function reconcileLedger(c: number[]): number {\n  return roundCents(c.reduce((a, b) => a + b, 0));\n}\n',
  },
];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "tg-upload-restore-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe("restoring an upload-only repository at start", () => {
  it("writes nothing to the store when nothing changed, restart after restart", async () => {
    const first = await run();
    expect(await first.code.upload("books", FILES)).toMatchObject({ files: 2, parsed: 2 });
    await stop(first);
    const journal = journalBytes();
    const packs = textPacks();
    expect(packs).toHaveLength(1);

    for (let restart = 0; restart < 2; restart++) {
      const again = await run();
      const [view] = again.code.views("books");
      expect(view?.graph.files.map((f) => f.path).sort()).toEqual(["src/ledger.ts", "src/money.ts"]);
      expect(view?.graph.symbols.map((s) => s.name)).toContain("reconcileLedger");
      expect(view?.text("src/money.ts")).toBe(FILES[0]?.content);
      expect(await again.code.get("books")).toMatchObject({ status: "ready", files: 2 });
      await stop(again);
      expect(journalBytes()).toBe(journal);
      expect(textPacks()).toEqual(packs);
    }
  });

  it("still stores what is uploaded after a restore, and it survives the next restart", async () => {
    const first = await run();
    await first.code.upload("books", FILES);
    await stop(first);

    const second = await run();
    const change = {
      path: "src/tax.ts",
      content: "export function addTax(x: number): number {\n  return x;\n}\n",
    };
    expect(await second.code.upload("books", [change])).toMatchObject({ files: 3, parsed: 1, unchanged: 0 });
    await stop(second);

    const third = await run();
    expect(third.code.views("books")[0]?.text("src/tax.ts")).toBe(change.content);
    expect(await third.code.get("books")).toMatchObject({ status: "ready", files: 3 });
    await stop(third);
  });

  it("retries a restore the store could not answer, until it can, and says why meanwhile", async () => {
    const first = await run();
    await first.code.upload("books", FILES);
    await stop(first);

    // The store is up, but its code reads fail: a backend past its deadline at start.
    const store = new EmbeddedGraphStore({ dataDir });
    await store.init();
    let failing = true;
    const flaky = new Proxy(store, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== "listCodeFiles" || typeof value !== "function") return value;
        return (...args: unknown[]) =>
          failing ? Promise.reject(new Error("deadline passed (injected)")) : value.apply(target, args);
      },
    });
    const code = new CodeWorkspace(flaky, null, () => new Date(), quiet, codeWorkspaceOptions());
    await code.restoreUploads();
    await expect.poll(async () => (await code.get("books")).status).toBe("error");
    expect((await code.get("books")).error).toContain("deadline passed");
    failing = false;
    // Tried again after 1 s (then 2 s, 4 s ...): ready without a restart.
    await expect.poll(async () => (await code.get("books")).status, { timeout: 15_000 }).toBe("ready");
    expect(await code.get("books")).toMatchObject({ files: 2, error: null });
    await code.close();
    await store.close();
  });

  it("lets a repository be deleted at once while its restore waits for a retry", async () => {
    const first = await run();
    await first.code.upload("books", FILES);
    await stop(first);

    const store = new EmbeddedGraphStore({ dataDir });
    await store.init();
    const flaky = new Proxy(store, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== "listCodeFiles" || typeof value !== "function") return value;
        return () => Promise.reject(new Error("deadline passed (injected)"));
      },
    });
    const code = new CodeWorkspace(flaky, null, () => new Date(), quiet, codeWorkspaceOptions());
    await code.restoreUploads();
    await expect.poll(async () => (await code.get("books")).status).toBe("error");
    await code.remove("books");
    await expect(code.get("books")).rejects.toMatchObject({ code: "REPOSITORY_NOT_FOUND" });
    expect(await store.listRepositories()).toEqual([]);
    await code.close();
    await store.close();
  });
});
