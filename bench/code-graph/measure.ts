// One measurement in a fresh process (so "cold" means it: no grammar loaded, nothing cached).
// Usage: node --import tsx bench/code-graph/measure.ts <variant> <file list>
// Prints one JSON line: {variant, files, lines, readMs, workMs, cpuMs, symbols?, edges?}.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import {
  CodeIndexer,
  countLines,
  type LanguageId,
  languageOf,
  parse,
  WorkerExtractor,
} from "../../lib/code-graph/index.js";

const [variant, listFile] = process.argv.slice(2);
if (!variant || !listFile) throw new Error("usage: measure.ts <variant> <file list>");
const list = JSON.parse(readFileSync(listFile, "utf8")) as { path: string; absolute: string }[];

const cpuStart = process.cpuUsage();
const readStart = performance.now();
const files = list.map((f) => ({ path: f.path, content: readFileSync(f.absolute, "utf8") }));
const readMs = performance.now() - readStart;
const lines = files.reduce((n, f) => n + countLines(f.content), 0);

const workStart = performance.now();
const extra: Record<string, number> = {};
switch (variant) {
  case "line-count": {
    // The floor: touch every character once (what any indexer must at least do).
    let newlines = 0;
    for (const f of files)
      for (let i = f.content.indexOf("\n"); i >= 0; i = f.content.indexOf("\n", i + 1)) newlines++;
    extra.newlines = newlines;
    break;
  }
  case "parse-wasm": {
    for (const f of files) (await parse(f.content, languageOf(f.path) as LanguageId)).delete();
    break;
  }
  case "parse-wasm-ts-grammar": {
    for (const f of files) (await parse(f.content, "typescript")).delete();
    break;
  }
  case "parse-native-ts-grammar": {
    const dir = process.env.NATIVE_TREE_SITTER_DIR;
    if (!dir) throw new Error("NATIVE_TREE_SITTER_DIR is not set");
    // Loaded from that folder (not a dependency of this project: see lib/code-graph/README.md).
    const require = createRequire(join(dir, "package.json"));
    const Parser = require(join(dir, "node_modules", "tree-sitter"));
    const parser = new Parser();
    parser.setLanguage(require(join(dir, "node_modules", "tree-sitter-typescript")).typescript);
    // The native binding refuses strings over 32 KiB unless told the buffer size.
    for (const f of files) parser.parse(f.content, undefined, { bufferSize: f.content.length * 2 + 16 });
    break;
  }
  case "index": {
    const indexer = new CodeIndexer({ repo: "corpus" });
    await indexer.update(files);
    extra.symbols = indexer.graph().symbols.length;
    extra.edges = indexer.graph().edges.length;
    break;
  }
  case "index-workers": {
    const pool = new WorkerExtractor({ threads: 2 });
    const indexer = new CodeIndexer({ repo: "corpus", extract: pool.extract });
    await indexer.update(files);
    await pool.close();
    extra.symbols = indexer.graph().symbols.length;
    extra.edges = indexer.graph().edges.length;
    break;
  }
  default:
    throw new Error(`unknown variant ${variant}`);
}
const workMs = performance.now() - workStart;
const cpu = process.cpuUsage(cpuStart);
console.log(
  JSON.stringify({
    variant,
    files: files.length,
    lines,
    readMs,
    workMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    ...extra,
  }),
);
