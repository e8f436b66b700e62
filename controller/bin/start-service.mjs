#!/usr/bin/env node
// Starts one of this repository's services fast, for `npm run start:<name>` and the process
// launcher (e2e.conf's start_command): runs an esbuild bundle of services/<name>/src/server.ts,
// kept under .cache/service-bundles/<name>/ and rebuilt when any file that went into it (per
// esbuild's metafile: sources, lib/, node_modules) changed size or mtime. A bundle starts in about
// half the time of the tsc output in dist/ and a third of tsx, and unlike dist/ it cannot be stale.
// The bundle is split: what the service imports only when configured (`await import()`: the
// Neo4j driver, ioredis) sits in chunks that a bare start never reads. Each build goes to its own
// folder and current.json names the one to run, so a start never sees half a build.
// If bundling fails, the TypeScript source runs through tsx (slower, always current).
// The bundle is imported into this process: the service's own signal handlers (SIGTERM, SIGUSR2
// reset) are this process's.
// Usage (cwd anywhere): node controller/bin/start-service.mjs <service> [--prepare]
//   --prepare: only make the bundle current, then exit (CI, benchmarks).
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const name = process.argv[2] ?? "";
const entry = join(repo, "services", name, "src", "server.ts");
if (!/^[a-z][a-z0-9-]*$/.test(name) || !exists(entry)) {
  process.stderr.write(
    `start-service: usage: start-service.mjs <service> (a folder under services/ with src/server.ts; got "${name}")\n`,
  );
  process.exit(2);
}
const cache = join(repo, ".cache", "service-bundles", name);
const currentFile = join(cache, "current.json");
/** Older builds are removed once this old: a service still running from one has loaded its chunks. */
const STALE_BUILD_MS = 10 * 60 * 1000;

function exists(path) {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** [path, size, mtimeMs] of a file, or undefined when it is gone. */
function fingerprint(path) {
  try {
    const s = statSync(path);
    return [path, s.size, s.mtimeMs];
  } catch {
    return undefined;
  }
}

/** The current build's entry file when every input is unchanged, else undefined. */
function currentBundle() {
  try {
    const { dir, inputs } = JSON.parse(readFileSync(currentFile, "utf8"));
    const bundle = join(cache, dir, "server.mjs");
    const unchanged = inputs.every(([path, size, mtimeMs]) => {
      const now = fingerprint(path);
      return now !== undefined && now[1] === size && now[2] === mtimeMs;
    });
    return unchanged && exists(bundle) ? bundle : undefined;
  } catch {
    return undefined;
  }
}

/** Worker-thread and child-process modules a service starts by file (named after the bundle's entry beside it). */
function workerEntries() {
  if (name !== "task-graph") return {};
  return {
    "extract-worker": join(repo, "lib", "code-graph", "extract-worker.ts"),
    "stream-writer": join(repo, "lib", "socket-writer", "writer-process.ts"),
  };
}

async function rebuild() {
  const { build } = await import("esbuild");
  const { serviceBundleOptions } = await import("../../build/bundle-options.mjs");
  const dir = `build-${Date.now().toString(36)}-${process.pid}`;
  const { outfile: _single, ...options } = serviceBundleOptions({
    entry,
    outfile: "server.mjs",
    logLevel: "error",
    absWorkingDir: repo,
  });
  const result = await build({
    ...options,
    // The task graph parses code on worker threads: their module is bundled beside the server.
    entryPoints: { server: entry, ...workerEntries() },
    outdir: join(cache, dir),
    splitting: true,
    entryNames: "[name]",
    chunkNames: "chunks/[name]-[hash]",
    outExtension: { ".js": ".mjs" },
  });
  // The task graph serves the board (GET /board) from ./board beside its bundle.
  const boardInputs = [];
  if (name === "task-graph") {
    const { buildBoard, BOARD_STATIC_FILES } = await import("../../build/bundle-board.mjs");
    const board = await buildBoard(join(cache, dir, "board"), { logLevel: "error" });
    boardInputs.push(...Object.keys(board.inputs), ...BOARD_STATIC_FILES);
  }
  const inputs = [...Object.keys(result.metafile.inputs), ...boardInputs]
    .map((p) => fingerprint(resolve(repo, p)))
    .filter((f) => f !== undefined);
  // Renamed into place, so a run starting the same service concurrently never reads half a build.
  const tmp = `${currentFile}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ dir, inputs }));
  renameSync(tmp, currentFile);
  for (const old of readdirSync(cache)) {
    const path = join(cache, old);
    if (old.startsWith("build-") && old !== dir && Date.now() - statSync(path).mtimeMs > STALE_BUILD_MS) {
      rmSync(path, { recursive: true, force: true });
    }
  }
  return join(cache, dir, "server.mjs");
}

let target;
try {
  let bundle = currentBundle();
  if (!bundle) {
    mkdirSync(cache, { recursive: true });
    process.stderr.write(`start-service: bundling ${name} (sources changed since the last bundle)\n`);
    bundle = await rebuild();
  }
  target = pathToFileURL(bundle).href;
} catch (error) {
  process.stderr.write(
    `start-service: bundling ${name} failed (${error instanceof Error ? error.message.split("\n")[0] : error}); running the TypeScript source through tsx\n`,
  );
  const { register } = await import("tsx/esm/api");
  register();
  target = pathToFileURL(entry).href;
}
if (process.argv.includes("--prepare")) process.exit(0);
await import(target);
