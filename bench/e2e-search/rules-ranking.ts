// The ranking `e2e search` had before its fitted re-ranker, frozen here to compare against in the
// same run (quality.ts, ablate.ts): lib/search's hybrid score × a hand-set kind prior × a
// hand-set method-intent factor (a 29-cell table, lift 0.2), as chosen on the tune queries
// (bench/results/e2e-search.md, passes one to ten). Not used by the command any more.
import type { CandidateFeatures } from "../../controller/src/search/index.js";

type MethodIntent = NonNullable<CandidateFeatures["intent"]>;

const KIND_PRIOR: Record<string, number> = {
  endpoint: 1,
  "page-method": 0.9,
  module: 0.85,
  dto: 0.85,
  field: 0.75,
};

/** A method doing what the intent asks (1), the opposite (-1); unlisted methods are neither. */
const AGREEMENT: Record<MethodIntent, Record<string, 1 | -1>> = {
  read: { GET: 1, HEAD: 1, PUT: -1, PATCH: -1, DELETE: -1 },
  exists: { HEAD: 1, POST: -1, PUT: -1, PATCH: -1, DELETE: -1 },
  create: { POST: 1, GET: -1, HEAD: -1, PATCH: -1, DELETE: -1 },
  update: { PUT: 1, PATCH: 1, GET: -1, HEAD: -1, DELETE: -1 },
  delete: { DELETE: 1, GET: -1, HEAD: -1, PUT: -1, PATCH: -1 },
  act: { POST: 1, PUT: 1, PATCH: 1, DELETE: 1 },
};

const INTENT_LIFT = 0.2;
const MIN_SCORE = 0.15;

/** Each candidate's score under the hand-set ranking; undefined when under min_score (dropped). */
export function rulesScores({ heads, hybrid, intent }: CandidateFeatures): (number | undefined)[] {
  return heads.map((head, i) => {
    const factor = intent && head.method ? 1 + INTENT_LIFT * (AGREEMENT[intent][head.method] ?? 0) : 1;
    const score = hybrid[i]! * (KIND_PRIOR[head.kind] ?? 1) * factor;
    return score >= MIN_SCORE ? score : undefined;
  });
}
