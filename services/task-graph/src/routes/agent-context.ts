// GET /api/v1/agent/context/{issue_id}: ranked, explained, token-budgeted code context (SPEC §4).
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { AgentContextService } from "../domain/context/agent-context.js";
import { AgentContextParams, AgentContextQuery, AgentContextResponse } from "../schemas/agent-context.js";

export interface AgentContextRoutesOptions {
  context: AgentContextService;
}

export const agentContextRoutes: FastifyPluginAsync<AgentContextRoutesOptions> = async (
  fastify,
  { context },
) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    "/agent/context/:issue_id",
    {
      schema: {
        tags: ["agent"],
        operationId: "getAgentContext",
        summary:
          "The code an agent needs for an issue: ranked files with reasons, symbols and snippets, within a token budget",
        params: AgentContextParams,
        querystring: AgentContextQuery,
        response: { 200: AgentContextResponse, ...errorResponses(400, 404, 503) },
      },
    },
    async (request) =>
      context.context(request.params.issue_id, {
        budgetTokens: request.query.budget_tokens ?? 4000,
        limit: request.query.limit ?? 20,
        ...(request.query.repo ? { repo: request.query.repo } : {}),
      }),
  );
};
