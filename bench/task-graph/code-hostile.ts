// Issue 25: the task graph under hostile code, against a named baseline in the same run (main
// before the fix, ab9bf9d, checked out with `git worktree add` at BASELINE_ROOT).
// A. One upload of the probe's 160 KB `var a=b+b+…+b` while a client times GET /health every
//    20 ms: p50, p99 and max latency, and the upload's own time.
// B. Memory: real code (bench/task-graph/code-scale-corpus.ts) uploaded 4 MiB at a time into two
//    repositories until every upload is refused (ours: the default quotas, 413); the baseline gets
//    the same bytes. RSS and peak RSS after.
// Usage: BASELINE_ROOT=/tmp/gantry-base node --import tsx bench/task-graph/code-hostile.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ServiceProcess, startServiceProcess } from "../context/service-process.js";
import { scaleCorpus } from "./code-scale-corpus.js";

const BASELINE_ROOT = process.env.BASELINE_ROOT;
const chain = (chars: number) => `var a=${"b+".repeat(Math.floor(chars / 2) - 4)}b\n`;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0;
};

async function withService<T>(
  root: string | undefined,
  run: (svc: ServiceProcess) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-hostile-"));
  const svc = await startServiceProcess(dataDir, root ? { root } : {});
  try {
    return await run(svc);
  } finally {
    await svc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function healthDuringUpload(svc: ServiceProcess) {
  const latencies: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const t = performance.now();
      await svc.get("/health");
      const took = performance.now() - t;
      latencies.push(took);
      await new Promise((r) => setTimeout(r, Math.max(0, 20 - took)));
    }
  })();
  await new Promise((r) => setTimeout(r, 300)); // a calm stretch before
  const t = performance.now();
  const res = await svc.request("PUT", "/api/v1/code/repositories/hostile/files", {
    files: [{ path: "chain.js", content: chain(160_000) }],
  });
  const uploadMs = performance.now() - t;
  running = false;
  await probe;
  return {
    status: res.status,
    uploadMs: Math.round(uploadMs),
    p50: Math.round(quantile(latencies, 0.5)),
    p99: Math.round(quantile(latencies, 0.99)),
    max: Math.round(Math.max(...latencies)),
    samples: latencies.length,
  };
}

/** Uploads until every batch is refused (or `stopAfter` bytes went in); RSS after each batch taken. */
async function memoryFilled(
  svc: ServiceProcess,
  batches: { path: string; content: string }[][],
  stopAfter?: number,
) {
  let accepted = 0;
  let refused = 0;
  let bytes = 0;
  const curve: [textMiB: number, rssMiB: number][] = [];
  for (const [i, files] of batches.entries()) {
    if (stopAfter !== undefined && bytes >= stopAfter) break;
    // Once both repositories are refused, every later batch is too: stop there.
    if (refused >= 4) break;
    const res = await svc.request("PUT", `/api/v1/code/repositories/r${i % 2}/files`, { files });
    if (res.status === 200) {
      accepted++;
      bytes += files.reduce((n, f) => n + Buffer.byteLength(f.content), 0);
      curve.push([Math.round(bytes / 2 ** 20), Math.round(svc.memory().rssMiB)]);
    } else refused++;
  }
  const { rssMiB, peakMiB } = svc.memory();
  return {
    accepted,
    refused,
    bytesMiB: Math.round(bytes / 2 ** 20),
    rssMiB: Math.round(rssMiB),
    peakMiB: Math.round(peakMiB),
    curve,
  };
}

function batchesOf(files: { path: string; content: string }[], maxBytes: number) {
  const out: { path: string; content: string }[][] = [[]];
  let size = 0;
  for (const f of files) {
    const n = Buffer.byteLength(f.content);
    if (size + n > maxBytes && out[out.length - 1]!.length > 0) {
      out.push([]);
      size = 0;
    }
    out[out.length - 1]!.push(f);
    size += n;
  }
  return out;
}

const corpus = batchesOf(scaleCorpus(20_000), 4 * 2 ** 20);
const ours = {
  hostile: await withService(undefined, healthDuringUpload),
  memory: await withService(undefined, (svc) => memoryFilled(svc, corpus)),
};
if (!(ours.memory.peakMiB <= 1024))
  console.error(`peak RSS ${ours.memory.peakMiB} MiB is over 1 GiB at the default quotas`);
console.log(JSON.stringify({ ours }, null, 1));
if (BASELINE_ROOT) {
  const baseline = {
    hostile: await withService(BASELINE_ROOT, healthDuringUpload),
    memory: await withService(BASELINE_ROOT, (svc) =>
      memoryFilled(svc, corpus, ours.memory.bytesMiB * 2 ** 20),
    ),
  };
  console.log(JSON.stringify({ baseline }, null, 1));
  console.log(
    JSON.stringify({
      ratio_health_p99: +(baseline.hostile.p99 / Math.max(1, ours.hostile.p99)).toFixed(1),
      ratio_health_max: +(baseline.hostile.max / Math.max(1, ours.hostile.max)).toFixed(1),
      ratio_rss_same_bytes: +(baseline.memory.rssMiB / ours.memory.rssMiB).toFixed(2),
    }),
  );
}
