// `npm run bench:manifest-real-hashes`: one line per app, `fixture|real NAME sha256`, the hash
// of the whole manifest `e2e manifest <folder>` makes of it (scanService, as run.ts scans), for
// the fixture apps (controller/test/manifest/apps) and every app of apps.json. Run it before
// and after a refactor of the scanners and diff the two outputs: a pure refactor changes no
// line. Only hashes are printed (no route of a held-out app is shown). Apps are fetched as
// run.ts fetches them (cached after the first run).
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { codeGraphParser } from "../../controller/src/manifest/code-graph-parser.js";
import { scanService } from "../../controller/src/manifest/scan-service.js";
import { loadApps } from "./apps.js";
import { fetchApp } from "./fetch.js";

const HERE = import.meta.dirname;
const FIXTURES = join(HERE, "../../controller/test/manifest/apps");

async function manifestHash(name: string, root: string): Promise<string> {
  const { service } = await scanService({ name, root, displayRoot: ".", parser: codeGraphParser });
  return createHash("sha256").update(JSON.stringify(service)).digest("hex").slice(0, 16);
}

for (const dir of readdirSync(FIXTURES).sort()) {
  console.log(`fixture ${dir} ${await manifestHash(dir, join(FIXTURES, dir))}`);
}
for (const app of loadApps(join(HERE, "apps.json"))) {
  try {
    console.log(`real ${app.name} ${await manifestHash(app.name, join(fetchApp(app), app.root))}`);
  } catch (err) {
    // A package that cannot be had here is named, not skipped silently.
    console.log(`real ${app.name} not scanned: ${(err as Error).message.split("\n")[0]}`);
  }
}
