#!/usr/bin/env node
// Starts one of this repository's services fast, for the process launcher (e2e.conf's
// start_command): runs a single-file esbuild bundle of services/<name>/src/server.ts, kept under
// .cache/service-bundles/<name>/ and rebuilt when any file that went into it (per esbuild's
// metafile: sources, lib/, node_modules) changed size or mtime. A bundle starts in about half the
// time of the tsc output in dist/ and a third of tsx, and unlike dist/ it cannot be stale.
// If bundling fails, the TypeScript source runs through tsx (slower, always current).
// The bundle is imported into this process: the service's own signal handlers (SIGTERM, SIGUSR2
// reset) are this process's.
// Usage (cwd anywhere): node controller/bin/start-service.mjs <service> [--prepare]
//   --prepare: only make the bundle current, then exit (CI, benchmarks).
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
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
const bundle = join(cache, "server.mjs");
const inputsFile = join(cache, "inputs.json");

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

function upToDate() {
  try {
    const inputs = JSON.parse(readFileSync(inputsFile, "utf8"));
    return (
      exists(bundle) &&
      inputs.every(([path, size, mtimeMs]) => {
        const now = fingerprint(path);
        return now !== undefined && now[1] === size && now[2] === mtimeMs;
      })
    );
  } catch {
    return false;
  }
}

async function rebuild() {
  const { build } = await import("esbuild");
  const { serviceBundleOptions } = await import("../../build/bundle-options.mjs");
  const tmp = `${bundle}.${process.pid}.tmp`;
  const result = await build(
    serviceBundleOptions({ entry, outfile: tmp, logLevel: "error", absWorkingDir: repo }),
  );
  const inputs = Object.keys(result.metafile.inputs)
    .map((p) => fingerprint(resolve(repo, p)))
    .filter((f) => f !== undefined);
  // Renamed into place, so a run starting the same service concurrently never reads half a file.
  renameSync(tmp, bundle);
  const tmpInputs = `${inputsFile}.${process.pid}.tmp`;
  writeFileSync(tmpInputs, JSON.stringify(inputs));
  renameSync(tmpInputs, inputsFile);
}

let target = pathToFileURL(bundle).href;
try {
  if (!upToDate()) {
    mkdirSync(cache, { recursive: true });
    process.stderr.write(`start-service: bundling ${name} (sources changed since the last bundle)\n`);
    await rebuild();
  }
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
