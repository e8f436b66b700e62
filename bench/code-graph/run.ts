// `npm run bench:code-index`: cold indexing of a large corpus nobody here wrote (sources of
// packages in node_modules, see corpus.ts), beside its baselines in the same run: a plain
// line-count scan (the floor), parse-only with the same WASM grammars, and — when
// NATIVE_TREE_SITTER_DIR names a folder with `tree-sitter` and `tree-sitter-typescript` installed —
// the native binding against WASM on the same grammar. Every measurement is a fresh process;
// rounds are interleaved in a rotating order so a burst of load from elsewhere hits all alike;
// figures are medians. Lines/s = corpus lines / (read + work) wall time.
// Usage: npm run bench:code-index   (BENCH_RUNS=3). Results: bench/results/code-graph.json
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { countLines } from "../../lib/code-graph/index.js";
import { median } from "../lifecycle/stats.js";
import { corpusFiles, MIN_LINES, PACKAGES, REPO } from "./corpus.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_LINES_PER_S = 50_000;

interface Sample {
  variant: string;
  files: number;
  lines: number;
  readMs: number;
  workMs: number;
  cpuMs: number;
  symbols?: number;
  edges?: number;
}

const variants = ["line-count", "parse-wasm", "index", "index-workers"];
if (process.env.NATIVE_TREE_SITTER_DIR) variants.push("parse-wasm-ts-grammar", "parse-native-ts-grammar");

const dir = mkdtempSync(join(tmpdir(), "gantry-bench-code-graph-"));
const listFile = join(dir, "files.json");
const files = corpusFiles();
const corpusLines = files.reduce((n, f) => n + countLines(readFileSync(f.absolute, "utf8")), 0);
if (corpusLines < MIN_LINES)
  throw new Error(`corpus: ${corpusLines} lines, fewer than the ${MIN_LINES} needed`);
writeFileSync(listFile, JSON.stringify(files));
const loadBefore = loadavg()[0]!;

const samples = new Map<string, Sample[]>(variants.map((v) => [v, []]));
for (let round = 0; round < RUNS; round++) {
  const order = variants.map((_, i) => variants[(i + round) % variants.length]!);
  for (const variant of order) {
    const output = execFileSync(
      process.execPath,
      ["--import", "tsx", "bench/code-graph/measure.ts", variant, listFile],
      {
        cwd: REPO,
        encoding: "utf8",
        maxBuffer: 16 * 1024 * 1024,
        env: process.env,
      },
    );
    const sample = JSON.parse(output.trim().split("\n").pop()!) as Sample;
    samples.get(variant)!.push(sample);
    process.stderr.write(
      `round ${round + 1}/${RUNS} ${variant}: ${(sample.readMs + sample.workMs).toFixed(0)} ms\n`,
    );
  }
}
rmSync(dir, { recursive: true, force: true });

const lines = samples.get("line-count")![0]!.lines;
const row = (variant: string) => {
  const runs = samples.get(variant)!;
  const wallMs = median(runs.map((s) => s.readMs + s.workMs));
  const workMs = median(runs.map((s) => s.workMs));
  const cpuMs = median(runs.map((s) => s.cpuMs));
  return {
    variant,
    wall_ms: Math.round(wallMs),
    work_ms: Math.round(workMs),
    cpu_ms: Math.round(cpuMs),
    lines_per_s: Math.round(lines / (wallMs / 1000)),
    lines_per_cpu_s: Math.round(lines / (cpuMs / 1000)),
    ...(runs[0]!.symbols !== undefined ? { symbols: runs[0]!.symbols, edges: runs[0]!.edges } : {}),
  };
};
const rows = variants.map(row);
const byName = Object.fromEntries(rows.map((r) => [r.variant, r]));
const ratio = (a: string, b: string) =>
  byName[a] && byName[b] ? Math.round((byName[a].wall_ms / byName[b].wall_ms) * 100) / 100 : undefined;
const result = {
  measured_at: new Date().toISOString(),
  cpus: cpus().length,
  load_average: { before: loadBefore, after: loadavg()[0] },
  runs: RUNS,
  corpus: { packages: PACKAGES, files: files.length, lines },
  rows,
  ratios: {
    index_workers_vs_parse_only: ratio("index-workers", "parse-wasm"),
    index_vs_parse_only: ratio("index", "parse-wasm"),
    index_workers_vs_line_count: ratio("index-workers", "line-count"),
    native_vs_wasm_parse_same_grammar: ratio("parse-native-ts-grammar", "parse-wasm-ts-grammar"),
  },
  target: {
    lines_per_s: TARGET_LINES_PER_S,
    met: (byName["index-workers"]?.lines_per_s ?? 0) >= TARGET_LINES_PER_S,
  },
};
mkdirSync(join(REPO, "bench/results"), { recursive: true });
writeFileSync(join(REPO, "bench/results/code-graph.json"), `${JSON.stringify(result, null, 2)}\n`);
console.table(rows);
console.log(
  JSON.stringify({
    corpus: result.corpus,
    ratios: result.ratios,
    target: result.target,
    load: result.load_average,
  }),
);
