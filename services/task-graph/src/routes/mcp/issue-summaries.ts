// The short texts of the tools that read, change and link issues (work-tools.ts, tools.ts).
import type { Static } from "@fastify/type-provider-typebox";
import type { Envelope } from "../../schemas/common.js";
import type { NoteSchema } from "../../schemas/event.js";
import type { DependencyChainResponse } from "../../schemas/graph.js";
import type { Issue } from "../../schemas/issue.js";
import { counted, issueLine, listed, quoted, type Summariser } from "./summary-text.js";

/** "Created issue i-12 'Login fails' (OPEN, HIGH), depends on 2, blocks 1, claimed by a until …". */
export function issueSummary(verb: string): Summariser<Issue> {
  return (issue) => {
    const links = `depends on ${issue.depends_on.length}, blocks ${issue.blocks.length}`;
    const claim = issue.assignee
      ? `; claimed by ${issue.assignee} until ${issue.claim_expires_at}`
      : "; unclaimed";
    return `${verb} issue ${issueLine(issue)}, ${links}${claim}.`;
  };
}

/** A page of issues: "3 of 12 issues (page 1 of 1):" and the first few. */
export function issueListSummary(what: string): Summariser<Envelope<Issue>> {
  return (page) => {
    const heading = `${page.items.length} of ${counted(page.total, what)} (page ${page.page} of ${page.total_pages})${page.items.length ? ":" : "."}`;
    return listed(heading, page.items.map(issueLine));
  };
}

export const summariseDependencyAdded: Summariser<{
  issue_id: string;
  depends_on_id: string;
  created: boolean;
}> = (edge) =>
  `${edge.issue_id} ${edge.created ? "now depends on" : "already depended on"} ${edge.depends_on_id}.`;

export const summariseDependencyRemoved: Summariser<{ issue_id: string; depends_on_id: string }> = (edge) =>
  `${edge.issue_id} no longer depends on ${edge.depends_on_id}.`;

export const summariseChain: Summariser<Static<typeof DependencyChainResponse>> = (chain) => {
  const heading = `${chain.issue_id} waits on ${counted(chain.prerequisites.length, "prerequisite")}, ${chain.open_count} open${chain.truncated ? " (cut at max_depth)" : ""}${chain.prerequisites.length ? ":" : "."}`;
  return listed(
    heading,
    chain.prerequisites.map((p) => `${issueLine(p)} at depth ${p.depth}`),
  );
};

export const summariseNote: Summariser<Static<typeof NoteSchema>> = (note) =>
  `Added ${note.kind} ${note.id} on issue ${note.issue_id} by ${note.author}: ${quoted(note.text, 120)}`;
