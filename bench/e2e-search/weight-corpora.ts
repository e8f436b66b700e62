// The corpora a fit of `e2e search`'s first-stage weights (fit-weights.ts) ranks under each
// candidate setting: the fixtures' evaluation index and each open real app's index, their
// documents scanned and embedded ONCE (the embedded text does not depend on the weights), then,
// per setting, the BM25 terms made again under its field boosts (build-index.ts indexContent) and
// every judged query's candidates and features computed under its vocabulary and hybrid weights.
// The frozen held-out apps are read only when asked (`heldOut`), after the choice.
import { indexContent, indexDocuments } from "../../controller/src/search/build-index.js";
import type { SearchDocument } from "../../controller/src/search/documents.js";
import { SearchIndex } from "../../controller/src/search/search-index.js";
import { suiteFiles } from "../../controller/src/search/suite-files.js";
import { WordVectorEmbedder } from "../../lib/embedding/index.js";
import type { E2eSearchWeights } from "../../lib/search/index.js";
import { appOf, type JudgedQuery, judgeQuery } from "./cross-validate.js";
import { evaluationManifestFile } from "./evaluate.js";
import { REAL_WEIGHT } from "./fit-options.js";
import { isHeldOut, readRealAppSet, realAppManifest } from "./real-apps.js";

interface Corpus {
  name: string;
  documents: SearchDocument[];
  vectors: Float32Array[];
  queries: { id: string; app: string; query: string; expected: string[] }[];
  /** How much each of its queries counts in a fit (cross-validate.ts trainingPool). */
  weight: number;
}

const embedder = new WordVectorEmbedder();

async function corpusOf(
  name: string,
  file: { manifestPath: string; root: string; close: () => void },
  queries: Corpus["queries"],
  weight: number,
): Promise<Corpus> {
  try {
    const { documents } = await indexDocuments(file.manifestPath, file.root, suiteFiles(file.root));
    const vectors = await embedder.embed(documents.map((d) => d.embedText));
    return { name, documents, vectors, queries, weight };
  } finally {
    file.close();
  }
}

/** The fixtures' evaluation corpus and the open real apps' (or the held-out ones'), scanned and embedded. */
export async function weightCorpora(which: "open" | "held-out"): Promise<Corpus[]> {
  const out: Corpus[] = [];
  if (which === "open") {
    const fixtures = await evaluationManifestFile("judged");
    const queries = fixtures.queries.map((q) => ({ ...q, app: appOf(q.expected) }));
    out.push(await corpusOf("fixtures", fixtures, queries, 1));
  }
  for (const app of readRealAppSet()) {
    if (isHeldOut(app.name) !== (which === "held-out")) continue;
    const queries = app.queries.map((q) => ({ ...q, app: app.name }));
    out.push(await corpusOf(app.name, await realAppManifest(app), queries, REAL_WEIGHT));
  }
  return out;
}

/** Every query of the corpora judged under `weights` (the shipped features; BM25's rank over the same terms). */
export async function judgedUnder(
  corpora: readonly Corpus[],
  weights: E2eSearchWeights,
): Promise<JudgedQuery[]> {
  const out: JudgedQuery[] = [];
  for (const corpus of corpora) {
    const content = indexContent(corpus.documents, weights.boosts, corpus.vectors);
    const { vectorWeight, softWeight } = weights.hybrid;
    const index = new SearchIndex(content, embedder, { vectorWeight, softWeight }, { weights });
    for (const q of corpus.queries) out.push({ ...(await judgeQuery(index, q)), weight: corpus.weight });
  }
  return out;
}
