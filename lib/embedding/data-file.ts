// Where a data table shipped with the source (lib/<part>/data/<file>) is. `npm run build` copies
// each data folder beside tsc's output (dist/lib/<part>/data/, build/copy-lib-data.mjs), which is
// what the packed package ships. The service bundles under .cache/ have no copy of their own: from
// there the repository's is found by walking up, but never past the package root (the nearest
// folder with a package.json), so an installed package cannot pick up someone else's lib/.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `./data/<file>` beside the module when it exists, else the nearest `lib/<part>/data/<file>`
 * above it within its package.
 */
export function dataFile(moduleUrl: string, part: string, file: string): string {
  const beside = fileURLToPath(new URL(`./data/${file}`, moduleUrl));
  if (existsSync(beside)) return beside;
  for (let dir = dirname(fileURLToPath(moduleUrl)); dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, "lib", part, "data", file);
    if (existsSync(candidate)) return candidate;
    if (existsSync(join(dir, "package.json"))) break;
  }
  return beside; // the error when it is read names the expected place
}
