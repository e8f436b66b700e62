#!/usr/bin/env node
// The `e2e` command. Runs the compiled CLI (fast start); falls back to the TypeScript source
// through tsx when the project has not been built yet.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const built = join(root, "dist/controller/src/cli.js");
if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(join(root, "controller/src/cli.ts")).href);
}
