#!/usr/bin/env node
// The `e2e` command. Runs the compiled CLI (fast start); falls back to the TypeScript source
// through tsx when the project has not been built yet, when a source file changed after the last
// build (a stale dist/ would run old code), or when GANTRY_FROM_SOURCE=1 (tests and benchmarks of
// a working tree).
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const built = join(root, "dist/controller/src/cli.js");

/** Newest modification time of the .ts files the built CLI is compiled from (~400 files, a few ms). */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "test" && entry.name !== "node_modules")
        newest = Math.max(newest, newestSource(path));
    } else if (entry.name.endsWith(".ts")) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

function builtIsCurrent() {
  const builtAt = statSync(built, { throwIfNoEntry: false })?.mtimeMs;
  if (builtAt === undefined) return false;
  // The CLI is compiled from controller/src and the lib/ it imports (code graph, search, embedding).
  const stale = ["controller/src", "lib"]
    .map((dir) => join(root, dir))
    .some((source) => existsSync(source) && newestSource(source) > builtAt);
  if (stale) {
    process.stderr.write(
      "e2e: dist/ is older than the source; running from source (npm run build for a fast start)\n",
    );
  }
  return !stale;
}

if (process.env.GANTRY_FROM_SOURCE !== "1" && builtIsCurrent()) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(join(root, "controller/src/cli.ts")).href);
}
