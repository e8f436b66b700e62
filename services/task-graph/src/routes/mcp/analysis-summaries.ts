// The short texts of the tools that analyse and search (tools.ts): context, search, impact, root
// cause.
import type { Static } from "@fastify/type-provider-typebox";
import type { AgentContextResponse } from "../../schemas/agent-context.js";
import type { ImpactResponse, RootCauseResponse } from "../../schemas/analyze.js";
import { counted, issueLine, listed, quoted, type Summariser } from "./summary-text.js";

export const summariseContext: Summariser<Static<typeof AgentContextResponse>> = (context) => {
  const heading =
    `Context for ${issueLine(context.issue)}: ${counted(context.files.length, "file")}, ` +
    `${counted(context.related_issues.length, "related issue")}, ${counted(context.decisions.length, "decision")}, ` +
    `${context.used_tokens}/${context.budget_tokens} tokens${context.truncated ? " (truncated)" : ""}${context.files.length ? ":" : "."}`;
  return listed(
    heading,
    context.files.map((f) => `${f.repo}:${f.path} (score ${f.score.toFixed(2)})`),
  );
};

interface SearchAnswer {
  query: string;
  results: { type: string; id: string; title: string; score: number }[];
  degraded: boolean;
}

export const summariseSearch: Summariser<SearchAnswer> = (answer) => {
  const heading = `${counted(answer.results.length, "result")} for ${quoted(answer.query)}${answer.degraded ? " (lexical only: vector backend down)" : ""}${answer.results.length ? ":" : "."}`;
  return listed(
    heading,
    answer.results.map((r) => `${r.type} ${r.id} ${quoted(r.title)} (score ${r.score.toFixed(2)})`),
  );
};

export const summariseImpact: Summariser<Static<typeof ImpactResponse>> = (impact) => {
  const heading =
    `Impact of ${impact.issue_id}: risk ${impact.risk_level} (${impact.risk_score}), ` +
    `${impact.directly_affected.length} direct and ${impact.transitively_affected.length} transitive dependents, ` +
    `${impact.blocked_issues.length} blocked by it alone${impact.directly_affected.length ? ":" : "."}`;
  return listed(heading, impact.directly_affected.map(issueLine));
};

export const summariseRootCause: Summariser<Static<typeof RootCauseResponse>> = (answer) => {
  const heading = `${counted(answer.candidates.length, "likely cause")} among ${answer.considered} issues scored${answer.candidates.length ? ":" : "."}`;
  return listed(
    heading,
    answer.candidates.map((c) => `${issueLine(c)} confidence ${c.confidence.toFixed(2)}`),
  );
};
