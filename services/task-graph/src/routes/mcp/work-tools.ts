// MCP tools for the work itself (SPEC §2c): read and list issues, link and unlink them, follow an
// issue's prerequisites, release a claim. Each stands for an HTTP route: the same schemas for its
// arguments and answer, the same domain call.
import { Type } from "@fastify/type-provider-typebox";
import { DEFAULT_CHAIN_DEPTH } from "../../domain/graph/dependency-chain.js";
import { Id, IdParams } from "../../schemas/common.js";
import { ChainQuery, DependencyChainResponse } from "../../schemas/graph.js";
import { type ListIssuesInput, ListIssuesQuery, ReadinessQuery, ReleaseQuery } from "../../schemas/issue.js";
import { issueListingOf } from "../issue-listing.js";
import { envelopeOf } from "../paging.js";
import {
  issueListSummary,
  issueSummary,
  summariseChain,
  summariseDependencyAdded,
  summariseDependencyRemoved,
} from "./issue-summaries.js";
import type { ToolDefinition } from "./tool-runner.js";
import { IssueAnswer, IssueList, idOf, type ToolServices, withEtag } from "./tool-services.js";

/** add_dependency / remove_dependency: *id depends on depends_on_id*, as the routes name them. */
const DependencyTarget = Type.Object(
  { id: Id, depends_on_id: { ...Id, description: "The issue `id` depends on (its prerequisite)." } },
  { additionalProperties: false },
);

const DependencyEdge = Type.Object({
  issue_id: Type.String(),
  depends_on_id: Type.String(),
  created: Type.Boolean({ description: "false when the dependency existed already (201 or 200 over HTTP)." }),
});

const RemovedDependency = Type.Object({
  issue_id: Type.String(),
  depends_on_id: Type.String(),
  removed: Type.Literal(true),
});

export function workTools(s: ToolServices): ToolDefinition[] {
  return [
    {
      name: "get_issue",
      title: "Read an issue",
      description: "The issue with its dependencies, claim and etag. Same as GET /api/v1/issues/{id}.",
      parts: [IdParams],
      output: IssueAnswer,
      summary: issueSummary("Read"),
      run: async (args) => withEtag(await s.issues.get(idOf(args))),
    },
    {
      name: "list_issues",
      title: "List issues",
      description:
        "Issues with filters (status, priority, component_id, label, q, project), sort and paging. Same as GET /api/v1/issues.",
      parts: [ListIssuesQuery],
      output: IssueList,
      summary: issueListSummary("issue"),
      run: async (args) => {
        const { listing, paging } = issueListingOf(args as ListIssuesInput);
        return envelopeOf(await s.issues.list(listing), paging);
      },
    },
    {
      name: "list_blocked",
      title: "Issues that wait",
      description:
        "Issues not closed that cannot go on: status BLOCKED or a prerequisite not closed; unclaimed: true leaves out issues an agent holds. Same filters, sort and paging as GET /api/v1/issues/blocked.",
      parts: [ReadinessQuery],
      output: IssueList,
      summary: issueListSummary("blocked issue"),
      run: async (args) => {
        const { listing, paging } = issueListingOf(args as ListIssuesInput);
        const page = await s.issues.blocked(listing, { unclaimed: args.unclaimed === true });
        return envelopeOf(page, paging);
      },
    },
    {
      name: "add_dependency",
      title: "Make an issue depend on another",
      description:
        "id depends on depends_on_id (idempotent); refused with CIRCULAR_DEPENDENCY naming the cycle, or ISSUE_CLOSED when a closed issue would get an open prerequisite. Same as POST /api/v1/issues/{id}/dependencies.",
      parts: [DependencyTarget],
      output: DependencyEdge,
      summary: summariseDependencyAdded,
      run: async (args) => {
        const { edge, created } = await s.dependencies.add(idOf(args), args.depends_on_id as string);
        return { ...edge, created };
      },
    },
    {
      name: "remove_dependency",
      title: "Remove a dependency",
      description:
        "id no longer depends on depends_on_id; DEPENDENCY_NOT_FOUND if it did not. Same as DELETE /api/v1/issues/{id}/dependencies/{depends_on_id}.",
      parts: [DependencyTarget],
      output: RemovedDependency,
      summary: summariseDependencyRemoved,
      run: async (args) => {
        const dependsOnId = args.depends_on_id as string;
        await s.dependencies.remove(idOf(args), dependsOnId);
        return { issue_id: idOf(args), depends_on_id: dependsOnId, removed: true };
      },
    },
    {
      name: "dependency_chain",
      title: "Everything an issue waits for",
      description:
        "The issue's prerequisites, direct and transitive, each with its depth and id path, and how many are still open. Same as GET /api/v1/issues/{id}/dependency-chain.",
      parts: [IdParams, ChainQuery],
      output: DependencyChainResponse,
      summary: summariseChain,
      run: (args) =>
        s.wholeGraph.chain.of(idOf(args), (args.max_depth as number | undefined) ?? DEFAULT_CHAIN_DEPTH),
    },
    {
      name: "release_claim",
      title: "Release a claim",
      description:
        "Frees the issue for other agents (also when it was not claimed); with agent, only if that agent holds it (else ALREADY_CLAIMED). Same as DELETE /api/v1/issues/{id}/claim.",
      parts: [IdParams, ReleaseQuery],
      output: IssueAnswer,
      summary: issueSummary("Released"),
      run: async (args) => withEtag(await s.claims.release(idOf(args), args.agent as string | undefined)),
    },
  ];
}
