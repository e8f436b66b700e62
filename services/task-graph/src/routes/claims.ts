// /api/v1/issues/{id}/claim: claim an issue for an agent with a lease, or release it.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { ClaimService } from "../domain/claims.js";
import { AgentHeaders, IdParams } from "../schemas/common.js";
import { ClaimBody, IssueWithEtag, ReleaseQuery } from "../schemas/issue.js";
import { agentOf } from "./actor.js";
import { withEtag } from "./issue-etag.js";

export interface ClaimRoutesOptions {
  claims: ClaimService;
}

export const claimRoutes: FastifyPluginAsync<ClaimRoutesOptions> = async (fastify, { claims }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ["claims"];

  app.post(
    "/issues/:id/claim",
    {
      schema: {
        tags,
        operationId: "claimIssue",
        summary: "Claim an issue for an agent with a lease (the same agent renews)",
        description:
          "200 with `assignee` and `claim_expires_at` set. 409 ALREADY_CLAIMED (details name the holder) while another agent's lease runs; 409 ISSUE_CLOSED for a closed issue.",
        params: IdParams,
        headers: AgentHeaders,
        body: ClaimBody,
        response: { 200: IssueWithEtag, ...errorResponses(400, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const { agent, lease_seconds } = request.body;
      // The event's actor: X-Agent, else the agent that claims.
      const actor = agentOf(request) ?? agent;
      return withEtag(reply, await claims.claim(request.params.id, agent, lease_seconds, actor));
    },
  );

  app.delete(
    "/issues/:id/claim",
    {
      schema: {
        tags,
        operationId: "releaseIssueClaim",
        summary: "Release the claim on an issue (200 with the issue, also when it was not claimed)",
        params: IdParams,
        headers: AgentHeaders,
        querystring: ReleaseQuery,
        response: { 200: IssueWithEtag, ...errorResponses(400, 404, 409, 503) },
      },
    },
    // Query strings are not trimmed by the kit (bodies are): the agent is trimmed here.
    async (request, reply) => {
      const agent = request.query.agent?.trim();
      const actor = agentOf(request) ?? agent;
      return withEtag(reply, await claims.release(request.params.id, agent, actor));
    },
  );
};
