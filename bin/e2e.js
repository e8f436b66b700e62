#!/usr/bin/env node
// The `e2e` command. Runs the compiled CLI (fast start); falls back to the TypeScript source
// through tsx when the project has not been built yet, or when GANTRY_FROM_SOURCE=1 (tests and
// benchmarks of a working tree, where dist/ may be older than the source).
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const built = join(root, "dist/controller/src/cli.js");
if (existsSync(built) && process.env.GANTRY_FROM_SOURCE !== "1") {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(join(root, "controller/src/cli.ts")).href);
}
