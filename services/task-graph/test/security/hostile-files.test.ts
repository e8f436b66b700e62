// Issue 25, point 3, replayed against the real process: files whose parsing blew up on the main
// thread (a 160 KB `b+b+…+b` stalled /health 31 s; a 666k-character one-line array literal 6.5 s;
// seven 1M-character chains froze it for 17 minutes and SIGTERM was ignored). Parsing now runs on
// worker threads within CODE_PARSE_BUDGET_MS; such a file is indexed lexically, with a warning.
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

describe("hostile files uploaded and on disk", () => {
  let svc: Started;
  let root: string;

  beforeAll(async () => {
    root = folder("tg-sec-hostile-");
    writeTree(root, {
      "src/ok.ts": "export function stillIndexedFine() { return 1; }\n",
      "src/chain.js": chain(160_000),
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
    const files = [
      ...Array.from({ length: 7 }, (_, i) => ({ path: `big/chain${i}.js`, content: chain(1_000_000) })),
      { path: "src/chain160k.js", content: chain(160_000) },
      { path: "src/multiline.js", content: multiLineChain(85_000) },
      { path: "src/table.ts", content: ARRAY_LITERAL },
      { path: "src/fine.ts", content: "export function uploadedFineFunction() { return 2; }\n" },
    ];
    // Uploaded one by one (the body limit is 8 MiB): each answer comes once it is indexed.
    for (const file of files) {
      const res = await upload(svc.api, "hostile", [file]);
      expect(res.status, res.text).toBe(200);
    }
    const latencies = await probe.stop();
    expect(latencies.length).toBeGreaterThan(20);
    // The target is p99 <= 100 ms, measured by bench/task-graph/code-hostile.ts; here, on
    // a 2-core machine that runs other suites too, the test holds what a freeze would break (the
    // probe saw 31 s): p95 under 100 ms, and no answer slower than 1 s.
    expect(percentile(latencies, 95)).toBeLessThan(100);
    expect(Math.max(...latencies)).toBeLessThan(1000);

    const repo = (await svc.api.get("/api/v1/code/repositories/hostile")).body;
    expect(repo).toMatchObject({ status: "ready", files: files.length });
    const warned = (repo.warnings as string[]).join("\n");
    expect(warned).toMatch(/src\/multiline\.js: indexed without symbols \(.*budget of 1000 ms/);
    expect(warned).toMatch(/src\/chain160k\.js: indexed without symbols \(a line over 10000 characters\)/);
    expect(warned).toMatch(/src\/table\.ts: indexed without symbols \(over 524288 characters\)/);
    expect(warned).toMatch(/big\/chain0\.js: indexed without symbols \(over 524288 characters\)/);
    // The rest of the batch is parsed as usual.
    const hits = await searchCode(svc.api, "uploadedFineFunction");
    expect(hits.some((h) => h.type === "symbol" && h.path === "src/fine.ts")).toBe(true);
  });

  it("indexes a CODE_ROOTS folder holding such a file, with a warning, without stalling", async () => {
    const repo = await until(async () => {
      const body = (await svc.api.get("/api/v1/code/repositories/disk")).body;
      expect(body.status).toBe("ready");
      return body;
    });
    expect(repo.files).toBe(2);
    expect(repo.warnings.join("\n")).toMatch(/src\/chain\.js: indexed without symbols/);
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
