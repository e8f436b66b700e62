// The cause of one ranking miss, read from what the benchmark already has (labels and feature
// values), by which evidence would have decided it. The order of the tests is fixed: the first
// that holds names the class (miss-classes.ts counts them).

export interface MissCase {
  expected: readonly string[];
  /** The expected label the counts are about (the one in the pool, if any). */
  answer: string;
  /** The label the model puts first. */
  first: string;
  inPool: boolean;
  /** √BM25 of the user's own words, and with WordNet's, in the answer's document. */
  answerOwn: number;
  answerWordnet: number;
  /** √BM25 of the user's own words in the first candidate's document. */
  firstOwn: number;
}

export type MissClassName =
  | "answer not in the pool"
  | "another kind first (DTO, field, page method, module)"
  | "same path, another method"
  | "item vs collection"
  | "nested vs top-level resource"
  | "vocabulary gap (no word of the query in the answer)"
  | "another resource sharing a word"
  | "another resource, no shared word";

/** "svc:GET /a/{id}" → { method: "GET", path: "/a/{}" }; undefined for a non-endpoint label. */
function endpointOf(label: string): { method: string; path: string } | undefined {
  const m = /^[^:\s]+:([A-Z]+) (\S+)$/.exec(label);
  if (!m) return undefined;
  const path = m[2]!
    .replace(/\{[^}]*\}|<[^>]*>|:[A-Za-z_]\w*|\(\?P<[^>]*>[^)]*\)|\*/g, "{}")
    .replace(/\/+$/, "");
  return { method: m[1]!, path: path || "/" };
}

const literals = (path: string) => path.split("/").filter((s) => s && s !== "{}");
const withoutTrailingParam = (path: string) => path.replace(/\/\{\}$/, "");

export function missClass(c: MissCase): MissClassName {
  if (!c.inPool) return "answer not in the pool";
  const first = endpointOf(c.first);
  const answer = endpointOf(c.answer);
  if (!first || !answer) return "another kind first (DTO, field, page method, module)";
  if (first.path === answer.path) return "same path, another method";
  if (withoutTrailingParam(first.path) === withoutTrailingParam(answer.path)) return "item vs collection";
  const [a, f] = [literals(answer.path), literals(first.path)];
  if (a.length && f.length && a.at(-1) === f.at(-1)) return "nested vs top-level resource";
  if (c.answerOwn === 0) return "vocabulary gap (no word of the query in the answer)";
  return c.firstOwn > 0 ? "another resource sharing a word" : "another resource, no shared word";
}
