// The code queries of SPEC §2c on a ~300k-line index (issue 22 point 4: p95 <= 20 ms). One
// task-graph service in this process (harness/start-service.ts: embedded store, hashing embedder,
// a real loopback socket), quotas raised by env; the corpus: the first files of code-scale-corpus.ts
// (node_modules JS/TS nobody here wrote) until BENCH_LINES lines, uploaded through PUT
// /api/v1/code/repositories/{name}/files in bodies under the 8 MiB limit.
// Measured over HTTP, each a round trip, the kinds interleaved query by query:
//   symbol search exact / prefix / fuzzy (GET /code/symbols), a symbol's references
//   (GET /code/symbols/by-id), a file's neighbours (GET /code/files), repository stats;
//   baseline, same script, same names: the route agents used before to find a symbol by name,
//   POST /api/v1/rag/search {query: name, types: ["symbol"]}.
// The same questions are then asked of the domain in this process (CodeQueries over a graph built
// by CodeIndexer from the same files): the query's own time, without HTTP or the machine's queue.
// Also: the first query after the upload (it builds the per-snapshot index) and after a one-file
// change. Run: npm run bench:task-graph -- code-queries   (BENCH_LINES=300000 BENCH_QUERIES=200)
import { loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { CodeIndexer, countLines } from "../../lib/code-graph/index.js";
import {
  type Json,
  type StartedService,
  startService,
} from "../../services/task-graph/harness/start-service.js";
import { CodeQueries } from "../../services/task-graph/src/domain/code/code-queries.js";
import { CORPUS_ROOM, type ScaleFile, scaleCorpus, uploadBatches } from "./code-scale-corpus.js";
import { type LatencySummary, round, summarize, writeResult } from "./search-support.js";

const LINES = Number(process.env.BENCH_LINES ?? 300_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const REPO = "scale";
const BODY_BYTES = 7.5 * 1024 * 1024;
const TARGET_MS = 20;

/** The corpus's first files holding at least `lines` lines. */
function corpusOfLines(lines: number): { files: ScaleFile[]; lines: number } {
  const all = scaleCorpus(Math.ceil(lines / 20));
  const files: ScaleFile[] = [];
  let total = 0;
  for (const file of all) {
    if (total >= lines) break;
    files.push(file);
    total += countLines(file.content);
  }
  if (total < lines) throw new Error(`corpus: ${total} lines found, ${lines} wanted`);
  return { files, lines: total };
}

async function timed(op: () => Promise<{ status: number; text: string }>): Promise<number> {
  const start = performance.now();
  const res = await op();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.text.slice(0, 300)}`);
  return ms;
}

/** Symbols to ask about: up to 100 per starting letter (a prefix search each, not timed). */
async function sampleSymbols(svc: StartedService): Promise<Json[]> {
  const seen = new Map<string, Json>();
  for (const letter of "abcdefghijklmnopqrstuvwxyz_") {
    const res = await svc.get(`/api/v1/code/symbols?repo=${REPO}&q=${letter}&limit=100`);
    for (const s of res.body.items as Json[]) if (s.name.length >= 4) seen.set(s.id, s);
  }
  const all = [...seen.values()];
  // A fixed spread over the sample, so that two runs ask the same questions.
  return Array.from({ length: QUERIES }, (_, i) => all[Math.floor((i * all.length) / QUERIES)]!);
}

/** The name with two middle letters swapped (a typo). */
const typo = (name: string) => {
  const i = Math.floor(name.length / 2);
  return name.slice(0, i - 1) + name[i] + name[i - 1] + name.slice(i + 1);
};

type Kind = "exact" | "prefix" | "fuzzy" | "references" | "file" | "stats" | "baseline: rag search";

function queriesOf(svc: StartedService, s: Json): [Kind, () => Promise<{ status: number; text: string }>][] {
  const q = (text: string) => `/api/v1/code/symbols?repo=${REPO}&q=${encodeURIComponent(text)}&limit=20`;
  return [
    ["exact", () => svc.get(q(s.name))],
    ["prefix", () => svc.get(q(s.name.slice(0, 3)))],
    ["fuzzy", () => svc.get(q(typo(s.name)))],
    ["references", () => svc.get(`/api/v1/code/symbols/by-id?id=${encodeURIComponent(s.id)}`)],
    ["file", () => svc.get(`/api/v1/code/files?repo=${REPO}&path=${encodeURIComponent(s.path)}`)],
    ["stats", () => svc.get(`/api/v1/code/repositories/${REPO}/stats`)],
    [
      "baseline: rag search",
      () => svc.post("/api/v1/rag/search", { query: s.name, types: ["symbol"], limit: 20 }),
    ],
  ];
}

async function main(): Promise<void> {
  const corpus = corpusOfLines(LINES);
  console.log(`corpus: ${corpus.files.length} files, ${corpus.lines} lines`);
  const svc = await startService({ env: CORPUS_ROOM });
  try {
    for (const body of uploadBatches(corpus.files, BODY_BYTES)) {
      const res = await svc.request("PUT", `/api/v1/code/repositories/${REPO}/files`, body);
      if (res.status !== 200) throw new Error(`upload: HTTP ${res.status} ${res.text.slice(0, 300)}`);
    }
    const firstAfterUpload = await timed(() => svc.get(`/api/v1/code/symbols?repo=${REPO}&q=parse`));
    const stats = (await svc.get(`/api/v1/code/repositories/${REPO}/stats`)).body;
    console.log(`index: ${stats.files} files, ${stats.lines} lines, ${stats.symbols} symbols`, stats.edges);
    const sample = await sampleSymbols(svc);
    const times = new Map<Kind, number[]>();
    for (const s of sample) {
      // Kinds in turn per symbol, the order rotated, so load drifts alike on all of them.
      const ops = queriesOf(svc, s);
      const shift = sample.indexOf(s) % ops.length;
      for (const [kind, op] of [...ops.slice(shift), ...ops.slice(0, shift)]) {
        const ms = await timed(op);
        times.set(kind, [...(times.get(kind) ?? []), ms]);
      }
    }
    const edited = corpus.files[0]!;
    await svc.request("PUT", `/api/v1/code/repositories/${REPO}/files`, {
      files: [{ path: edited.path, content: `${edited.content}\nexport function benchAddedFn() {}\n` }],
    });
    // The index of the new snapshot is built in slices: the loop's longest stall meanwhile.
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const firstAfterChange = await timed(() => svc.get(`/api/v1/code/symbols?repo=${REPO}&q=benchAddedFn`));
    delay.disable();
    const stallMs = delay.max / 1e6;
    const domain = await domainTimes(corpus.files, sample);
    report(corpus, stats, times, domain, { firstAfterUpload, firstAfterChange, stallMs });
  } finally {
    await svc.close();
  }
}

/** The same questions asked of CodeQueries directly (no HTTP), after one unmeasured round. */
async function domainTimes(files: ScaleFile[], sample: Json[]): Promise<Map<string, number[]>> {
  const indexer = new CodeIndexer({ repo: REPO });
  await indexer.update(files);
  const graph = indexer.graph();
  const queries = new CodeQueries({ views: () => [{ name: REPO, graph, text: () => undefined }] });
  const search = (q: string) => queries.searchSymbols({ q, repo: REPO, limit: 20 });
  const ops: [string, (s: Json) => unknown][] = [
    ["exact", (s) => search(s.name)],
    ["prefix", (s) => search(s.name.slice(0, 3))],
    ["fuzzy", (s) => search(typo(s.name))],
    ["references", (s) => queries.symbol(s.id, 100)],
    ["file", (s) => queries.file(s.path, REPO, 100)],
    ["stats", () => queries.stats(REPO)],
  ];
  const times = new Map<string, number[]>();
  for (const round of [0, 1]) {
    for (const s of sample) {
      for (const [kind, op] of ops) {
        const start = performance.now();
        await op(s);
        if (round === 1) times.set(kind, [...(times.get(kind) ?? []), performance.now() - start]);
      }
    }
  }
  return times;
}

const row = (kind: string, s: LatencySummary, width: number, extra = "") =>
  `${kind.padEnd(width)} ${String(s.p50_ms).padStart(7)} ${String(s.p95_ms).padStart(8)} ${String(s.max_ms).padStart(8)}${extra}`;

function report(
  corpus: { files: ScaleFile[]; lines: number },
  stats: Json,
  times: Map<Kind, number[]>,
  domain: Map<string, number[]>,
  cold: { firstAfterUpload: number; firstAfterChange: number; stallMs: number },
): void {
  const http = Object.fromEntries([...times].map(([kind, t]) => [kind, summarize(t)])) as Record<
    Kind,
    LatencySummary
  >;
  const inProcess = Object.fromEntries([...domain].map(([kind, t]) => [kind, summarize(t)]));
  const baseline = http["baseline: rag search"];
  console.log("\nHTTP round trip        p50 ms   p95 ms   max ms   p95 ÷ baseline p95");
  for (const [kind, s] of Object.entries(http))
    console.log(row(kind, s, 22, `   ×${round(s.p95_ms / baseline.p95_ms, 3)}`));
  console.log("\nin process (no HTTP)   p50 ms   p95 ms   max ms");
  for (const [kind, s] of Object.entries(inProcess)) console.log(row(kind, s, 22));
  const worst = (table: Record<string, LatencySummary>) =>
    Math.max(
      ...Object.entries(table)
        .filter(([k]) => !k.startsWith("baseline"))
        .map(([, s]) => s.p95_ms),
    );
  const worstHttp = worst(http);
  const worstInProcess = worst(inProcess);
  const verdict = (ms: number) => (ms <= TARGET_MS ? "met" : "NOT met");
  console.log(
    `\nfirst query after the upload: ${round(cold.firstAfterUpload)} ms; after a one-file change: ${round(cold.firstAfterChange)} ms (longest event-loop stall meanwhile ${round(cold.stallMs)} ms)`,
  );
  console.log(
    `worst p95, in process: ${worstInProcess} ms (target <= ${TARGET_MS} ms: ${verdict(worstInProcess)})`,
  );
  console.log(
    `worst p95, HTTP: ${worstHttp} ms (${verdict(worstHttp)}); load average ${round(loadavg()[0]!)}`,
  );
  const path = writeResult("code-queries", {
    corpus: { files: corpus.files.length, lines: corpus.lines },
    index: { files: stats.files, lines: stats.lines, symbols: stats.symbols, edges: stats.edges },
    queries_per_kind: QUERIES,
    http,
    in_process: inProcess,
    first_query_ms: {
      after_upload: round(cold.firstAfterUpload),
      after_one_file_change: round(cold.firstAfterChange),
      loop_stall_during_it_ms: round(cold.stallMs),
    },
    worst_p95_ms: { http: worstHttp, in_process: worstInProcess },
    target_p95_ms: TARGET_MS,
  });
  console.log(`results: ${path}`);
}

await main();
