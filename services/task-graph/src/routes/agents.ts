// GET /api/v1/agents (SPEC §2c): who works on the graph: live claims and actors of the last 24 h.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { Agents } from "../domain/graph/agents.js";
import { AgentsResponse, NoQuery } from "../schemas/graph.js";

export interface AgentRoutesOptions {
  agents: Agents;
}

export const agentRoutes: FastifyPluginAsync<AgentRoutesOptions> = async (fastify, { agents }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    "/agents",
    {
      schema: {
        tags: ["events"],
        operationId: "listAgents",
        summary: "Agents with their live claims and when they were last seen",
        description:
          "Every agent holding a live claim or named as the actor (X-Agent, a claim's agent) of a change in the last 24 hours, read from the retained event window; `anonymous` is not listed. Most recently seen first.",
        querystring: NoQuery,
        response: { 200: AgentsResponse, ...errorResponses(400, 503) },
      },
    },
    async () => agents.list(),
  );
};
