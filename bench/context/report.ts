// bench:context's tables: Hit@1, Hit@5 and MRR of each ranking over all cases, then over the
// tuning half and the holdout half. The split is fixed by the commit hash (first hex digit 0-7:
// tune, 8-f: holdout), so it mixes old and new commits and does not move when the window does;
// weights are chosen on the tuning half only, the holdout says whether they carry over.
import type { HistoryCase } from "./history.js";
import { mean, type Scores } from "./metrics.js";

export interface CaseResult {
  c: HistoryCase;
  /** agent/context per tracker setting. */
  agent: Record<string, { scores: Scores; top: string[] }>;
  bm25: Scores;
  mention: Scores;
  bm25Top: string[];
}

export type Split = "tune" | "holdout";

export const splitOf = (commit: string): Split => (Number.parseInt(commit[0]!, 16) < 8 ? "tune" : "holdout");

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const points = (x: number) => `${x >= 0 ? "+" : ""}${(100 * x).toFixed(1)}`;

function table(rows: CaseResult[], settings: string[]): string[] {
  const line = (name: string, s: Scores) =>
    `| ${name} | ${pct(s.hit1)} | ${pct(s.hit5)} | ${s.mrr.toFixed(3)} |`;
  const bm25 = mean(rows.map((r) => r.bm25));
  const out = ["| ranking | Hit@1 | Hit@5 | MRR@20 |", "|---|---|---|---|"];
  const deltas: string[] = [];
  for (const name of settings) {
    const agent = mean(rows.map((r) => r.agent[name]!.scores));
    out.push(line(`agent/context (${name === "empty" ? "empty tracker" : "tracker with past work"})`, agent));
    deltas.push(`${name}: Hit@1 ${points(agent.hit1 - bm25.hit1)}, Hit@5 ${points(agent.hit5 - bm25.hit5)}`);
  }
  out.push(line("BM25 over file contents", bm25));
  out.push(line("files the message mentions", mean(rows.map((r) => r.mention))));
  out.push(`agent − BM25 in points: ${deltas.join("; ")}`);
  return out;
}

export function qualityReport(rows: CaseResult[], settings: string[]): string[] {
  const out = [`all ${rows.length} commits:`, ...table(rows, settings)];
  for (const split of ["tune", "holdout"] as const) {
    const part = rows.filter((r) => splitOf(r.c.commit) === split);
    out.push(
      "",
      `${split} (${part.length} commits, hash ${split === "tune" ? "0-7" : "8-f"}):`,
      ...table(part, settings),
    );
  }
  return out;
}

/** The cases where this setting of agent/context ranks worse than BM25 at Hit@1 or Hit@5. */
export function lossReport(rows: CaseResult[], setting: string): string[] {
  const losses = rows.filter((r) => {
    const a = r.agent[setting]!.scores;
    return a.hit1 < r.bm25.hit1 || a.hit5 < r.bm25.hit5;
  });
  return [
    `cases where agent/context (${setting}) loses to BM25 (Hit@1 or Hit@5): ${losses.length}`,
    ...losses.map(
      (r) =>
        `- ${r.c.commit.slice(0, 7)} "${r.c.subject.slice(0, 90)}" gold ${r.c.gold.slice(0, 3).join(", ")} | agent ${r.agent[setting]!.top.slice(0, 3).join(", ")} | bm25 ${r.bm25Top.slice(0, 3).join(", ")}`,
    ),
  ];
}
