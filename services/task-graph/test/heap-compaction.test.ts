// HEAP_COMPACTION: V8's compaction is off while code is indexed (auto, the default), always on
// (V8's own behaviour) or always off; the code workspace says when its work starts and ends.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EmbeddedGraphStore } from "../src/adapters/embedded-graph/index.js";
import { CodeWorkspace } from "../src/domain/code/code-workspace.js";
import { COMPACTION_RESUMES_AFTER_MS, setHeapCompaction } from "../src/heap-compaction.js";
import { codeWorkspaceOptions } from "./helpers/code-workspace-options.js";

/** The flags set, and the resume timer, which the test fires by hand. */
function recording(env: NodeJS.ProcessEnv) {
  const flags: string[] = [];
  let pending: { fn: () => void; ms: number } | null = null;
  const signal = setHeapCompaction(env, {
    setFlags: (flag) => flags.push(flag),
    later: (fn, ms) => {
      pending = { fn, ms };
      return () => {
        pending = null;
      };
    },
  });
  const resume = () => {
    const due = pending;
    pending = null;
    due?.fn();
    return due?.ms;
  };
  return { flags, signal, resume, waiting: () => pending !== null };
}

describe("HEAP_COMPACTION", () => {
  it("refuses a value other than auto, on or off, naming the variable and what it expected", () => {
    expect(() => setHeapCompaction({ HEAP_COMPACTION: "no" })).toThrow(
      /HEAP_COMPACTION must be "auto", "on" or "off" \(got "no"\)/,
    );
  });

  it("auto (the default) turns compaction off while code work runs, and on a while after the last ends", () => {
    const { flags, signal, resume, waiting } = recording({});
    expect(flags).toEqual([]);
    signal(true);
    signal(true);
    signal(false);
    expect(flags).toEqual(["--no-compact"]);
    signal(false);
    expect(flags).toEqual(["--no-compact"]);
    // Work that starts again before the delay keeps it off, with no second flag.
    expect(waiting()).toBe(true);
    signal(true);
    expect(waiting()).toBe(false);
    signal(false);
    expect(resume()).toBe(COMPACTION_RESUMES_AFTER_MS);
    expect(flags).toEqual(["--no-compact", "--compact"]);
  });

  it("on leaves V8's default, off turns it off once, and neither follows the code work", () => {
    const on = recording({ HEAP_COMPACTION: "on" });
    const off = recording({ HEAP_COMPACTION: "off" });
    for (const { signal } of [on, off]) {
      signal(true);
      signal(false);
    }
    expect(on.flags).toEqual([]);
    expect(off.flags).toEqual(["--no-compact"]);
  });

  it("is told by the code workspace when an upload starts and when it is done", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tg-compaction-"));
    const store = new EmbeddedGraphStore({ dataDir });
    await store.init();
    const { flags, signal, resume } = recording({});
    const code = new CodeWorkspace(
      store,
      null,
      () => new Date(),
      { warn() {}, info() {} },
      {
        ...codeWorkspaceOptions(),
        onWork: signal,
      },
    );
    try {
      const upload = code.upload("books", [{ path: "src/a.ts", content: "export const a = 1;\n" }]);
      await expect(upload).resolves.toMatchObject({ files: 1 });
      expect(flags).toEqual(["--no-compact"]);
      expect(resume()).toBe(COMPACTION_RESUMES_AFTER_MS);
      expect(flags).toEqual(["--no-compact", "--compact"]);
    } finally {
      await code.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
