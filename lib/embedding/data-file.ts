// Where a data table shipped with the source (lib/<part>/data/<file>) is. Built copies of the code
// (tsc's dist/, the service bundles under .cache/) carry no data folder of their own: from there
// the repository's copy is found by walking up the directories.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** `./data/<file>` beside the module when it exists, else the nearest `lib/<part>/data/<file>` above it. */
export function dataFile(moduleUrl: string, part: string, file: string): string {
  const beside = fileURLToPath(new URL(`./data/${file}`, moduleUrl));
  if (existsSync(beside)) return beside;
  for (let dir = dirname(fileURLToPath(moduleUrl)); dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, "lib", part, "data", file);
    if (existsSync(candidate)) return candidate;
  }
  return beside; // the error when it is read names the expected place
}
