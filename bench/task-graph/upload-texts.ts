// What keeping an upload's texts durable costs (embedded store, SPEC §4 uploads): one
// writeCodeFiles of N real source files with their texts (one pack file per write: one write,
// two fsyncs), against, in the same run, the same write without texts (what an upload cost when
// texts were lost on restart) and the naive alternative, one file per text (write, fsync,
// rename, 16 at a time, then the folder's fsync). Rounds interleave the variants in a rotating
// order, each in a fresh DATA_DIR; figures are medians.
// Run: node --import tsx bench/task-graph/upload-texts.ts   (BENCH_RUNS=7)
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { mkdir, open, rename } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { contentHash } from "../../lib/code-graph/index.js";
import { EmbeddedGraphStore } from "../../services/task-graph/src/adapters/embedded-graph/index.js";
import type { CodeFileSubgraph } from "../../services/task-graph/src/ports/code-graph-store.js";
import { median } from "../lifecycle/stats.js";
import { round, writeResult } from "./search-support.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SIZES = [50, 500];
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** TypeScript sources of this repository (lib/, services/, controller/), in path order. */
function sources(limit: number): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (out.length >= limit || name === "node_modules") continue;
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".ts"))
        out.push({ path: relative(REPO, full), text: readFileSync(full, "utf8") });
    }
  };
  for (const top of ["lib", "services", "controller"]) walk(join(REPO, top));
  if (out.length < limit) throw new Error(`only ${out.length} source files found, ${limit} wanted`);
  return out;
}

const subgraph = (path: string, text: string): CodeFileSubgraph => ({
  file: {
    repo: "app",
    path,
    language: "typescript",
    lines: text.split("\n").length,
    hash: contentHash(text),
  },
  symbols: [],
  edges: [],
});

/** The baseline: every text its own durable file, before the graph write. */
async function perTextFiles(dir: string, texts: string[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const queue = [...texts];
  const worker = async () => {
    for (let text = queue.pop(); text !== undefined; text = queue.pop()) {
      const key = contentHash(text);
      const fh = await open(join(dir, `${key}.tmp`), "w");
      await fh.writeFile(text);
      await fh.sync();
      await fh.close();
      await rename(join(dir, `${key}.tmp`), join(dir, key));
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const d = await open(dir, "r");
  await d.sync();
  await d.close();
}

type Variant = "graph-only" | "graph+texts (packs)" | "one file per text";
const VARIANTS: Variant[] = ["graph-only", "graph+texts (packs)", "one file per text"];

async function once(variant: Variant, files: { path: string; text: string }[]): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-upload-texts-"));
  const store = new EmbeddedGraphStore({ dataDir });
  await store.init();
  const upsert = files.map((f) => subgraph(f.path, f.text));
  try {
    const t0 = performance.now();
    if (variant === "graph+texts (packs)") {
      const texts = new Map(files.map((f) => [f.path, f.text]));
      await store.writeCodeFiles({ repo: "app", upsert, remove: [], texts });
    } else {
      if (variant === "one file per text")
        await perTextFiles(
          join(dataDir, "blobs"),
          files.map((f) => f.text),
        );
      await store.writeCodeFiles({ repo: "app", upsert, remove: [] });
    }
    return performance.now() - t0;
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const corpus = sources(Math.max(...SIZES));
const results: Record<string, unknown> = {};
for (const n of SIZES) {
  const files = corpus.slice(0, n);
  const bytes = files.reduce((s, f) => s + Buffer.byteLength(f.text), 0);
  const times = new Map<Variant, number[]>(VARIANTS.map((v) => [v, []]));
  for (let r = 0; r < RUNS; r++) {
    for (let k = 0; k < VARIANTS.length; k++) {
      const variant = VARIANTS[(r + k) % VARIANTS.length]!;
      times.get(variant)!.push(await once(variant, files));
    }
  }
  const med = (v: Variant) => round(median(times.get(v)!), 1);
  results[`files_${n}`] = {
    files: n,
    bytes,
    median_ms: Object.fromEntries(VARIANTS.map((v) => [v, med(v)])),
    ratio_packs_over_graph_only: round(med("graph+texts (packs)") / med("graph-only")),
    ratio_one_file_per_text_over_packs: round(med("one file per text") / med("graph+texts (packs)")),
  };
  console.log(
    `${n} files (${Math.round(bytes / 1024)} KiB): graph only ${med("graph-only")} ms, with texts in a pack ${med("graph+texts (packs)")} ms, ` +
      `one file per text ${med("one file per text")} ms (medians of ${RUNS})`,
  );
}
console.log(`written ${writeResult("upload-texts", { runs: RUNS, ...results })}`);
