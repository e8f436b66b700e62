// Issue 25, point 3, replayed against the real process: files whose parsing blew up on the main
// thread (a 160 KB `b+b+…+b` stalled /health 31 s; a 666k-character one-line array literal 6.5 s;
// seven 1M-character chains froze it for 17 minutes and SIGTERM was ignored). Parsing now runs on
// worker threads within CODE_PARSE_BUDGET_MS; such a file is indexed lexically, with a warning.
// A file with a line over 10,000 characters is minified text (issue 21): not indexed at all,
// named in the upload's `skipped`; the budget and the size cap hold for what is indexed.
import { execFileSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cleanUp,
  folder,
  healthProbe,
  percentile,
  type Started,
  searchCode,
  start,
  until,
  upload,
  writeTree,
} from "./support.js";

afterAll(cleanUp);

/** `var a=b+b+…+b`: the probe's file; extraction time grows as the square of its length. */
const chain = (chars: number) => `var a=${"b+".repeat(Math.floor(chars / 2) - 4)}b\n`;
/** One line holding a literal array of 666k characters. */
const ARRAY_LITERAL = `export const table = [${"1234,".repeat(133_200)}];\n`;
/** The same chain spread over lines: no line cap stops it, only the time budget does. */
const multiLineChain = (terms: number) => `var a = b\n${"  + b\n".repeat(terms)};\n`;
/** Over CODE_MAX_PARSE_BYTES (512 KiB) in ordinary lines: indexed lexically, not parsed. */
const LARGE_ORDINARY = Array.from({ length: 24_000 }, (_, i) => `export const value${i} = ${i};\n`).join("");

describe("hostile files uploaded and on disk", () => {
  let svc: Started;
  let root: string;

  beforeAll(async () => {
    root = folder("tg-sec-hostile-");
    writeTree(root, {
      "src/ok.ts": "export function stillIndexedFine() { return 1; }\n",
      "src/chain.js": chain(160_000),
      "src/multiline.js": multiLineChain(85_000),
    });
    svc = await start({ CODE_ROOTS: `disk=${root}`, CODE_PARSE_BUDGET_MS: "1000" });
  });

  it("keeps /health under 100 ms at p99 while seven 1M-character files and the others are indexed", async () => {
    // One ordinary upload first: what a process does once (tsx compiling modules on first use,
    // the route's validator, the parsing thread's start) is not what is measured here.
    expect(
      (await upload(svc.api, "warm", [{ path: "w.ts", content: "export function w() {}\n" }])).status,
    ).toBe(200);
    const probe = healthProbe(svc.api);
    const oneLiners = [
      ...Array.from({ length: 7 }, (_, i) => ({ path: `big/chain${i}.js`, content: chain(1_000_000) })),
      { path: "src/chain160k.js", content: chain(160_000) },
      { path: "src/table.ts", content: ARRAY_LITERAL },
    ];
    const indexed = [
      { path: "src/multiline.js", content: multiLineChain(85_000) },
      { path: "src/large.ts", content: LARGE_ORDINARY },
      { path: "src/fine.ts", content: "export function uploadedFineFunction() { return 2; }\n" },
    ];
    // Uploaded one by one (the body limit is 8 MiB): each answer comes once it is indexed.
    const skipped: string[] = [];
    for (const file of [...oneLiners, ...indexed]) {
      const res = await upload(svc.api, "hostile", [file]);
      expect(res.status, res.text).toBe(200);
      skipped.push(...res.body.skipped);
    }
    const latencies = await probe.stop();
    expect(latencies.length).toBeGreaterThan(20);
    // The target is p99 <= 100 ms, measured by bench/task-graph/code-hostile.ts; here, on
    // a 2-core machine that runs other suites too, the test holds what a freeze would break (the
    // probe saw 31 s): p95 under 100 ms, and no answer slower than 1 s.
    expect(percentile(latencies, 95)).toBeLessThan(100);
    expect(Math.max(...latencies)).toBeLessThan(1000);

    const repo = (await svc.api.get("/api/v1/code/repositories/hostile")).body;
    expect(repo).toMatchObject({ status: "ready", files: indexed.length });
    expect(skipped.sort()).toEqual(oneLiners.map((f) => f.path).sort());
    const warned = (repo.warnings as string[]).join("\n");
    expect(warned).toMatch(/src\/multiline\.js: indexed without symbols \(.*budget of 1000 ms/);
    expect(warned).toMatch(/src\/large\.ts: indexed without symbols \(over 524288 characters\)/);
    // Indexed lexically: its words are found, as text, not as symbols.
    const words = await searchCode(svc.api, "value23999");
    expect(words.some((h) => h.path === "src/large.ts")).toBe(true);
    // The rest of the batch is parsed as usual.
    const hits = await searchCode(svc.api, "uploadedFineFunction");
    expect(hits.some((h) => h.type === "symbol" && h.path === "src/fine.ts")).toBe(true);
  });

  it("indexes a CODE_ROOTS folder holding such files: the minified one not at all, the slow one with a warning", async () => {
    const repo = await until(async () => {
      const body = (await svc.api.get("/api/v1/code/repositories/disk")).body;
      expect(body.status).toBe("ready");
      return body;
    });
    expect(repo.files).toBe(2); // ok.ts and multiline.js; chain.js is one 160k-character line
    expect(repo.warnings.join("\n")).toMatch(/src\/multiline\.js: indexed without symbols \(.*budget/);
    const hits = await searchCode(svc.api, "stillIndexedFine");
    expect(hits.some((h) => h.path === "src/ok.ts")).toBe(true);
  });
});

describe("SIGTERM while hostile files are being parsed", () => {
  it("exits 0 within 5 s", async () => {
    const root = folder("tg-sec-term-");
    writeTree(
      root,
      Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`m${i}.js`, multiLineChain(60_000 + i)])),
    );
    const svc = await start({ CODE_ROOTS: `slow=${root}`, CODE_PARSE_BUDGET_MS: "20000" });
    // Indexing: the worker is deep in the first file (each takes seconds) when the signal comes.
    await until(async () =>
      expect((await svc.api.get("/api/v1/code/repositories/slow")).body.status).toBe("indexing"),
    );
    const t = performance.now();
    const code = await svc.server.stop();
    expect(performance.now() - t).toBeLessThan(5000);
    expect(code).toBe(0);
  });
});

describe("special files in a watched folder", () => {
  it("reads none past the size cap, no FIFO, no device and nothing of /proc, and stays up", async () => {
    const root = folder("tg-sec-special-");
    writeTree(root, { "huge.ts": "x".repeat(2 * 1024 * 1024), "small.ts": "export const small = 1;\n" });
    execFileSync("mkfifo", [join(root, "pipe.ts")]); // an open without O_NONBLOCK would hang
    symlinkSync("/proc/self/pagemap", join(root, "pagemap.ts")); // size 0, never ends
    symlinkSync("/dev/zero", join(root, "zero.ts"));
    const svc = await start({ CODE_ROOTS: `special=${root}` });
    const repo = await until(async () => {
      const body = (await svc.api.get("/api/v1/code/repositories/special")).body;
      expect(body.status).toBe("ready");
      return body;
    });
    expect(repo.files).toBe(1);
    expect((await svc.api.get("/health")).status).toBe(200);
  });
});
