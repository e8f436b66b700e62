// What the MCP tools call: the same domain services the HTTP routes call (app.ts builds them once).

import { Type } from "@fastify/type-provider-typebox";
import type { ClaimService } from "../../domain/claims.js";
import type { CodeQueries } from "../../domain/code/code-queries.js";
import type { AgentContextService } from "../../domain/context/agent-context.js";
import type { DependencyService } from "../../domain/dependencies.js";
import { etagOf } from "../../domain/etag.js";
import type { WholeGraphServices } from "../../domain/graph/services.js";
import type { ImpactAnalysis } from "../../domain/impact/impact-analysis.js";
import type { IssueService } from "../../domain/issues.js";
import type { NoteService } from "../../domain/notes/note-service.js";
import type { RootCauseAnalysis } from "../../domain/root-cause/root-cause-analysis.js";
import type { SearchService } from "../../domain/search/index.js";
import { ListEnvelope } from "../../schemas/common.js";
import { type Issue, IssueSchema } from "../../schemas/issue.js";
import type { Arguments } from "./tool-runner.js";

export interface ToolServices {
  issues: IssueService;
  claims: ClaimService;
  dependencies: DependencyService;
  wholeGraph: WholeGraphServices;
  codeQueries: CodeQueries;
  impact: ImpactAnalysis;
  rootCause: RootCauseAnalysis;
  search: SearchService;
  searchTypes: string[];
  agentContext: AgentContextService;
  notes: NoteService;
  /** The issue of a note search result (SPEC §2c). */
  noteIssue?: (noteId: string) => string | undefined;
}

/** An issue as the routes answer it, with the ETag they send as a header (for `if_match`). */
export const withEtag = (issue: Issue) => ({ ...issue, etag: etagOf(issue) });

/** withEtag's answer: the issue, and as a field the ETag the routes send as a header. */
export const IssueAnswer = Type.Object({
  ...IssueSchema.properties,
  etag: Type.String({ description: "The issue's ETag (the routes' ETag header): update_issue's if_match." }),
});

/** An issue list as the list routes answer it. */
export const IssueList = ListEnvelope(IssueSchema);

/** The `id` argument (validated by its part's schema before a tool runs). */
export const idOf = (args: Arguments) => args.id as string;
