// npm run bench:context-speed — agent/context speed and size on a large corpus nobody here wrote
// (issue 11 point 9): the JS/TS sources of 11 packages in node_modules (bench/code-graph/corpus.ts,
// >= 200k lines) copied into a tmp folder and registered with a real task-graph process (its own
// process: embedded store, default embedder), which indexes and watches it. Reported in one run:
// - cold indexing in the service (register → status ready), lines/s;
// - GET /agent/context p50/p95 (budget 4000) over realistic issues, beside the baseline: plain BM25
//   (lib/search LexicalIndex over the same file texts, the same issue text) queried in this process;
// - the service process's RSS (VmRSS, and the peak VmHWM) with the corpus and the issues loaded;
// - one-file change: the indexing work in the service (its "code change applied" log line: indexer,
//   store, search) and the time from writing the file until agent/context shows the new function.
// Options (env): BENCH_ISSUES (default 300), BENCH_HISTORY (the git repository whose commit
// messages become issues; default this one), BENCH_HISTORY_REV (the commit they are read back
// from; default for this repository PINNED_REV below, so that the issues stay the same as commits
// land and two runs months apart time the same work; HEAD for another repository),
// BENCH_CPU_PROFILE=dir (the service writes a V8 CPU
// profile there when it stops), BENCH_HEAP_SNAPSHOT=dir (a heap snapshot after the queries),
// BENCH_EDITS (default 7), BENCH_NODE_ARGS (extra node flags for the service, space-separated:
// to try V8 heap settings), BENCH_ANSWERS=file (every answer, one JSON line each, to diff two runs).
// The service's ids are a fixed sequence (fixed-ids.mjs), so the printed hash of all the answers
// is the same for two runs of code that returns the same answers.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { isTestFile } from "../../lib/code-graph/index.js";
import { LexicalIndex } from "../../lib/search/index.js";
import {
  isGeneratedContent,
  MAX_FILE_BYTES,
  SKIPPED_DIRS,
} from "../../services/task-graph/src/domain/code/source-filter.js";
import { corpusFiles, MIN_LINES, REPO } from "../code-graph/corpus.js";
import { cpuMsOf } from "../task-graph/graph-load-support.js";
import { percentile } from "./metrics.js";
import { startServiceProcess } from "./service-process.js";
import { commitIssues, corpusIssues, type IssueText } from "./speed-issues.js";

const ISSUES = Number(process.env.BENCH_ISSUES ?? 300);
const EDITS = Number(process.env.BENCH_EDITS ?? 7);
/**
 * The commit this repository's messages are read back from by default: 2026-11-29's main, whose
 * latest 90 qualifying messages the figures of that day were measured on (answers hash
 * 8d9d3f4163762600). Reading from HEAD made the benchmark's issues longer with every commit.
 */
const PINNED_REV = "63f49d20031c616792437d32f6c855c242f4286f";
const HISTORY = process.env.BENCH_HISTORY ?? REPO;
const HISTORY_REV = process.env.BENCH_HISTORY_REV ?? (process.env.BENCH_HISTORY ? "HEAD" : PINNED_REV);
const BUDGET = 4000;
const NAME = "corpus";

/** The corpus under folder names the service does not skip (packages ship their code in dist/). */
function copyCorpus(dir: string): [string, string][] {
  const out: [string, string][] = [];
  for (const file of corpusFiles()) {
    const text = readFileSync(file.absolute, "utf8");
    if (Buffer.byteLength(text) > MAX_FILE_BYTES || isGeneratedContent(text)) continue;
    const path = file.path
      .split("/")
      .map((part, i, all) => (i < all.length - 1 && SKIPPED_DIRS.has(part) ? `${part}-src` : part))
      .join("/");
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
    out.push([path, text]);
  }
  return out;
}

const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
const f1 = (x: number) => x.toFixed(1);

async function main(): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), "bench-context-speed-"));
  const tree = join(tmp, "corpus");
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT;
  const nodeArgs = [
    "--import",
    join(REPO, "bench/context/fixed-ids.mjs"),
    ...(snapshotDir ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${snapshotDir}`] : []),
    ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
  ];
  const svc = await startServiceProcess(join(tmp, "data"), {
    ...(profileDir ? { cpuProfileDir: profileDir } : {}),
    nodeArgs,
  });
  const out: string[] = [];
  const raw: Record<string, unknown> = {};
  try {
    const files = copyCorpus(tree);
    const lines = files.reduce((n, [, t]) => n + lineCount(t), 0);
    if (lines < MIN_LINES) throw new Error(`corpus has ${lines} lines; the benchmark needs >= ${MIN_LINES}`);
    const emptyRss = svc.memory().rssMiB;

    // Issues first (the related-issues search runs over them), then the code.
    const commitShare = Math.round(ISSUES * 0.3);
    const texts: IssueText[] = [
      ...commitIssues(HISTORY, commitShare, HISTORY_REV),
      ...corpusIssues(files, ISSUES - commitShare),
    ];
    const issues: { id: string; text: string }[] = [];
    for (const t of texts) {
      const res = await svc.post("/api/v1/issues", t);
      if (res.status !== 201) throw new Error(`issue: ${res.status} ${res.text.slice(0, 200)}`);
      issues.push({ id: res.body.id, text: `${t.title}\n${t.description}` });
    }

    const t0 = performance.now();
    const reg = await svc.post("/api/v1/code/repositories", { name: NAME, path: tree });
    if (reg.status !== 201 && reg.status !== 202) throw new Error(`register: ${reg.status} ${reg.text}`);
    let summary: { status: string; files: number; symbols: number };
    for (;;) {
      summary = (await svc.get(`/api/v1/code/repositories/${NAME}`)).body;
      if (summary.status !== "indexing") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const coldS = (performance.now() - t0) / 1000;
    if (summary.status !== "ready")
      throw new Error(`indexing ended ${JSON.stringify(summary).slice(0, 500)}`);
    const indexedRss = svc.memory();
    out.push(
      `corpus: ${files.length} files, ${lines} lines (${summary.files} files / ${summary.symbols} symbols indexed by the service); ${issues.length} issues`,
      `cold index in the service (register → ready, parse + graph + store + search): ${f1(coldS)} s, ${Math.round(lines / coldS)} lines/s`,
    );

    // The baseline, in this process: BM25 over the same file texts.
    const bm25 = new LexicalIndex();
    for (const [path, text] of files) bm25.set(path, "file", [[text, 1]]);

    const context = async (id: string) => {
      const res = await svc.get(`/api/v1/agent/context/${id}?budget_tokens=${BUDGET}&limit=20`);
      if (res.status !== 200) throw new Error(`context: ${res.status} ${res.text.slice(0, 200)}`);
      if (res.body.used_tokens > BUDGET) throw new Error(`used_tokens ${res.body.used_tokens} > ${BUDGET}`);
      return res.body as {
        files: { path: string; symbols: { name: string }[] }[];
        related_issues: { title: string; relation: string }[];
        used_tokens: number;
      };
    };
    for (const issue of issues.slice(0, 10)) await context(issue.id); // warm-up: JIT, first graph build
    const cpuBefore = cpuMsOf(svc.pid);
    const warmRss = svc.memory().rssMiB; // the file graph and caches a first request builds
    const agentMs: number[] = [];
    const bm25Ms: number[] = [];
    // Each answer's digest (the whole answer: ids are a fixed sequence): two runs of different code
    // on the same corpus and issues give the same answers when the change was speed only.
    const digests: string[] = [];
    const answers: string[] = [];
    for (const issue of issues) {
      let t = performance.now();
      const answer = await context(issue.id);
      agentMs.push(performance.now() - t);
      const text = JSON.stringify(answer);
      if (
        process.env.BENCH_DUMP &&
        (process.env.BENCH_DUMP_AT ?? "0,1,2").split(",").includes(String(digests.length))
      )
        writeFileSync(`${process.env.BENCH_DUMP}.${digests.length}.json`, text);
      answers.push(text);
      digests.push(createHash("sha1").update(text).digest("hex").slice(0, 12));
      t = performance.now();
      bm25.search(issue.text, 20);
      bm25Ms.push(performance.now() - t);
    }
    // The service's CPU time per request (user + system, /proc): what the wall times above cost it,
    // less dependent on how busy the machine is (the BM25 loop here runs in this process).
    const cpuPerRequest = (cpuMsOf(svc.pid) - cpuBefore) / issues.length;
    const queriedRss = svc.memory();
    // RSS right after a burst holds garbage V8 has not returned yet; after 5 s idle, what stays.
    // The CPU the service spends meanwhile with no request is work of its own (index cache, GC)
    // that also runs beside the queries and is counted in the CPU per request above.
    const cpuIdleFrom = cpuMsOf(svc.pid);
    await new Promise((r) => setTimeout(r, 5000));
    const idleCpuPerS = (cpuMsOf(svc.pid) - cpuIdleFrom) / 5;
    const idleRss = svc.memory().rssMiB;
    if (snapshotDir) process.kill(svc.pid, "SIGUSR2"); // written beside, while the edits run
    if (process.env.BENCH_ANSWERS) writeFileSync(process.env.BENCH_ANSWERS, `${answers.join("\n")}\n`);
    const p = (xs: number[], q: number) => percentile(xs, q);
    out.push(
      `agent/context (budget ${BUDGET}, limit 20, ${agentMs.length} issues, HTTP round trip): p50 ${f1(p(agentMs, 50))} ms, p95 ${f1(p(agentMs, 95))} ms, max ${f1(Math.max(...agentMs))} ms`,
      `baseline BM25 over the same files (in process, no HTTP): p50 ${f1(p(bm25Ms, 50))} ms, p95 ${f1(p(bm25Ms, 95))} ms; agent/BM25 ratio p50 ×${(p(agentMs, 50) / p(bm25Ms, 50)).toFixed(2)}, p95 ×${(p(agentMs, 95) / p(bm25Ms, 95)).toFixed(2)}`,
      `service CPU per agent/context request (mean, /proc utime+stime): ${f1(cpuPerRequest)} ms; with no request, the 5 s after: ${f1(idleCpuPerS)} ms a second`,
      `answers: ${digests.length}, hash of all (files, order, symbols, snippets, related issues, used_tokens): ${createHash("sha1").update(answers.join("\n")).digest("hex").slice(0, 16)} (commit messages read back from ${HISTORY_REV.slice(0, 12)})`,
      `service RSS: empty ${Math.round(emptyRss)} MiB, indexed ${Math.round(indexedRss.rssMiB)} MiB, after 10 requests ${Math.round(warmRss)} MiB, after the queries ${Math.round(queriedRss.rssMiB)} MiB, 5 s later ${Math.round(idleRss)} MiB, peak ${Math.round(queriedRss.peakMiB)} MiB`,
    );

    // One-file change: a new function appended to a corpus file; its issue names the function.
    const edits: { indexMs: number; storeMs: number; searchMs: number; reflectMs: number }[] = [];
    // Code files, not tests: a test file's seed is halved unless the issue names the file itself.
    const editable = files.filter(([path]) => !isTestFile(path));
    const step = Math.floor(editable.length / (EDITS + 1));
    for (let i = 0; i < EDITS; i++) {
      const [path, text] = editable[(i + 1) * step]!;
      const name = `benchSpeedProbe${i}`;
      const created = await svc.post("/api/v1/issues", {
        title: `${name} returns the wrong count`,
        description: `\`${name}()\` should return ${i + 1}.`,
      });
      if (created.status !== 201) throw new Error(`issue: ${created.status} ${created.text.slice(0, 200)}`);
      const seen = svc.logCount("code change applied");
      const started = performance.now();
      writeFileSync(join(tree, path), `${text}\nexport function ${name}() {\n  return ${i};\n}\n`);
      for (;;) {
        const ctx = await context(created.body.id);
        if (ctx.files.some((f) => f.path === path && f.symbols.some((s) => s.name === name))) break;
        if (performance.now() - started > 30_000) throw new Error(`${name} in ${path}: not shown after 30 s`);
      }
      const reflectMs = performance.now() - started;
      const log = await svc.nextLog("code change applied", seen);
      edits.push({
        indexMs: Number(log.index_ms),
        storeMs: Number(log.store_ms),
        searchMs: Number(log.search_ms),
        reflectMs,
      });
    }
    const med = (k: keyof (typeof edits)[number]) =>
      percentile(
        edits.map((e) => e[k]),
        50,
      );
    const work = edits.map((e) => e.indexMs + e.storeMs + e.searchMs);
    out.push(
      `one-file change (${EDITS} edits; medians): indexing work in the service ${f1(percentile(work, 50))} ms (indexer ${f1(med("indexMs"))}, store ${f1(med("storeMs"))}, search ${f1(med("searchMs"))}; max ${f1(Math.max(...work))}); written → agent/context shows it ${Math.round(med("reflectMs"))} ms (max ${Math.round(Math.max(...edits.map((e) => e.reflectMs)))})`,
      "reference: Aider's repo map defaults to a 1k-token budget (--map-tokens), grown when no files are in the chat (aider.chat/docs/repomap.html); agent/context here answers within the budget asked (4000 above, used_tokens checked ≤ budget on every answer)",
      `load average at the end: ${loadavg()
        .map((x) => x.toFixed(1))
        .join(" ")} (2 cores)`,
    );
    Object.assign(raw, {
      digests,
      lines,
      files: files.length,
      coldS,
      agentMs,
      bm25Ms,
      emptyRss,
      indexedRss,
      queriedRss,
      edits,
      cpuPerRequest,
      idleCpuPerS,
      idleRss,
      warmRss,
    });
    console.log(out.join("\n"));
    writeFileSync(join(REPO, "bench/results/context-speed.json"), `${JSON.stringify(raw, null, 1)}\n`);
  } finally {
    await svc.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
