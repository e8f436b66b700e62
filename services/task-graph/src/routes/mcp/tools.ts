// The MCP tools (SPEC §4, §2c), each made of the schemas of the HTTP route it stands for (its
// arguments and its answer) and calling the same domain service that route calls. Arguments are
// JSON values: lists are arrays (`status: ["OPEN"]`), not the comma lists of a query string.
// The tools agents work with issues through are in work-tools.ts, the code queries in code-tools.ts.
import { type Static, Type } from "@fastify/type-provider-typebox";
import type { RootCauseRequest } from "../../domain/root-cause/root-cause-analysis.js";
import {
  type AgentContextInput,
  AgentContextQuery,
  AgentContextResponse,
} from "../../schemas/agent-context.js";
import { ImpactQuery, ImpactResponse, RootCauseBody, RootCauseResponse } from "../../schemas/analyze.js";
import { IdParams } from "../../schemas/common.js";
import { CreateNoteBody, type CreateNoteInput, NoteSchema } from "../../schemas/event.js";
import {
  ClaimBody,
  CreateIssueBody,
  type CreateIssueInput,
  IfMatchHeaders,
  PatchIssueBody,
  type PatchIssueInput,
  ReadinessQuery,
} from "../../schemas/issue.js";
import { issueListingOf } from "../issue-listing.js";
import { envelopeOf } from "../paging.js";
import { type RagSearchBody, ragSearch, ragSearchSchemas } from "../rag.js";
import {
  summariseContext,
  summariseImpact,
  summariseRootCause,
  summariseSearch,
} from "./analysis-summaries.js";
import { codeTools } from "./code-tools.js";
import { graphTools } from "./graph-tools.js";
import { issueListSummary, issueSummary, summariseNote } from "./issue-summaries.js";
import type { ToolDefinition } from "./tool-runner.js";
import { IssueAnswer, IssueList, idOf as id, type ToolServices, withEtag } from "./tool-services.js";
import { workTools } from "./work-tools.js";

type ClaimInput = Static<typeof ClaimBody>;
type ReadinessInput = Static<typeof ReadinessQuery>;

/** update_issue's `if_match`: the If-Match header of PATCH /issues/{id}, as an argument. */
const UpdateTarget = Type.Object(
  { id: IdParams.properties.id, if_match: IfMatchHeaders.properties["if-match"] },
  { additionalProperties: false },
);

export function taskGraphTools(s: ToolServices): ToolDefinition[] {
  return [
    {
      name: "get_issue_context",
      title: "Context for working on an issue",
      description:
        "The issue, the code files most relevant to it (ranked, each score explained, within a token budget) and related issues. Same as GET /api/v1/agent/context/{id}.",
      parts: [IdParams, AgentContextQuery],
      output: AgentContextResponse,
      summary: summariseContext,
      run: (args) => {
        const q = args as AgentContextInput;
        return s.agentContext.context(id(args), {
          budgetTokens: q.budget_tokens ?? 4000,
          limit: q.limit ?? 20,
          ...(q.repo ? { repo: q.repo } : {}),
        });
      },
    },
    {
      name: "search",
      title: "Search issues, components and code",
      description:
        "Hybrid lexical and semantic search over everything indexed; results scoring below min_score are left out. Same as POST /api/v1/rag/search.",
      parts: [ragSearchSchemas(s.searchTypes).body],
      output: ragSearchSchemas(s.searchTypes).response,
      summary: summariseSearch,
      run: (args) => ragSearch(s.search, args as RagSearchBody, s.noteIssue),
    },
    {
      name: "analyze_impact",
      title: "Impact of an issue",
      description:
        "Issues that depend on this one, directly and transitively, the ones it alone blocks, and a risk score. Same as GET /api/v1/analyze/impact/{id}.",
      parts: [IdParams, ImpactQuery],
      output: ImpactResponse,
      summary: summariseImpact,
      run: (args) => s.impact.analyse(id(args), (args.max_depth as number | undefined) ?? 10),
    },
    {
      name: "analyze_root_cause",
      title: "Root cause of a test failure",
      description:
        "Issues ranked as likely causes of a failing test, each signal explained. Same as POST /api/v1/analyze/root-cause.",
      parts: [RootCauseBody],
      output: RootCauseResponse,
      summary: summariseRootCause,
      run: (args) => s.rootCause.analyse(args as unknown as RootCauseRequest),
    },
    {
      name: "list_workable",
      title: "Issues ready to work on",
      description:
        "Issues not closed, not BLOCKED, whose prerequisites are all closed; unclaimed: true leaves out issues another agent holds. Same filters, sort and paging as GET /api/v1/issues/workable.",
      parts: [ReadinessQuery],
      output: IssueList,
      summary: issueListSummary("workable issue"),
      run: async (args) => {
        const query = args as ReadinessInput;
        const { listing, paging } = issueListingOf(query);
        const page = await s.issues.workable(listing, { unclaimed: query.unclaimed === true });
        return envelopeOf(page, paging);
      },
    },
    {
      name: "claim_issue",
      title: "Claim an issue",
      description:
        "Claims the issue for an agent with a lease (the same agent renews); refused with ALREADY_CLAIMED while another agent's lease runs. Same as POST /api/v1/issues/{id}/claim.",
      parts: [IdParams, ClaimBody],
      output: IssueAnswer,
      summary: issueSummary("Claimed"),
      run: async (args) => {
        const { agent, lease_seconds } = args as ClaimInput;
        return withEtag(await s.claims.claim(id(args), agent, lease_seconds));
      },
    },
    {
      name: "create_issue",
      title: "Create an issue",
      description: "Creates an issue; the answer carries its etag. Same as POST /api/v1/issues.",
      parts: [CreateIssueBody],
      output: IssueAnswer,
      summary: issueSummary("Created"),
      run: async (args) => withEtag(await s.issues.create(args as CreateIssueInput)),
    },
    {
      name: "update_issue",
      title: "Change an issue",
      description:
        "Changes the given fields (closing needs every prerequisite closed); if_match with an earlier etag refuses the change if the issue changed since (PRECONDITION_FAILED). Same as PATCH /api/v1/issues/{id}.",
      parts: [UpdateTarget, PatchIssueBody],
      output: IssueAnswer,
      summary: issueSummary("Updated"),
      run: async (args) => {
        const { id: issueId, if_match, ...patch } = args;
        const ifMatch = if_match as string | undefined;
        return withEtag(await s.issues.update(issueId as string, patch as PatchIssueInput, ifMatch));
      },
    },
    {
      name: "add_note",
      title: "Add a note to an issue",
      description:
        "Records a note, decision, reasoning or progress on the issue (its author is the event's actor); searchable, and an issue's latest decisions are in its context. Same as POST /api/v1/issues/{id}/notes.",
      parts: [IdParams, CreateNoteBody],
      output: NoteSchema,
      summary: summariseNote,
      run: async (args) => {
        const { id: issueId, ...note } = args;
        const input = note as CreateNoteInput;
        return s.notes.add(issueId as string, input, input.author);
      },
    },
    ...workTools(s),
    ...graphTools(s.wholeGraph),
    ...codeTools(s.codeQueries),
  ];
}
