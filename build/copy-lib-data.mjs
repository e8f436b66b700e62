// A step of `npm run build`: copies each lib/<part>/data/ folder (the committed word-vector and
// WordNet tables) to dist/lib/<part>/data/, beside tsc's output of the modules that read them, so
// the packed package (which ships dist/lib/, not lib/) finds its data relative to its own modules.
// `npm run build:wordnet` and `build:word-vectors` run it too, so dist/ never keeps an old table.
import { cpSync, existsSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const copied = [];
for (const part of readdirSync(join(root, "lib"))) {
  const from = join(root, "lib", part, "data");
  if (!existsSync(from)) continue;
  const to = join(root, "dist/lib", part, "data");
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  copied.push(`lib/${part}/data`);
}
if (copied.length === 0) {
  console.error("copy-lib-data: no lib/<part>/data folder found");
  process.exit(1);
}
