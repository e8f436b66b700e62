// Dependencies beyond one edge (SPEC §2c): an issue's whole chain of prerequisites, and several
// prerequisites added at once, all or none.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { BulkDependencies } from "../domain/graph/bulk-dependencies.js";
import { DEFAULT_CHAIN_DEPTH, type DependencyChain } from "../domain/graph/dependency-chain.js";
import { AgentHeaders, IdParams } from "../schemas/common.js";
import {
  BulkDependenciesBody,
  BulkDependenciesResponse,
  ChainQuery,
  DependencyChainResponse,
} from "../schemas/graph.js";
import { actorOf } from "./actor.js";

export interface DependencyChainRoutesOptions {
  chain: DependencyChain;
  bulk: BulkDependencies;
}

export const dependencyChainRoutes: FastifyPluginAsync<DependencyChainRoutesOptions> = async (
  fastify,
  { chain, bulk },
) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ["dependencies"];

  app.get(
    "/issues/:id/dependency-chain",
    {
      schema: {
        tags,
        operationId: "getDependencyChain",
        summary: "Every prerequisite of the issue, direct and transitive (impact's mirror)",
        description:
          "What must be closed before this issue can be: its prerequisites up to max_depth levels, each with its depth and the id path from the issue; `open_count` counts those not CLOSED.",
        params: IdParams,
        querystring: ChainQuery,
        response: { 200: DependencyChainResponse, ...errorResponses(400, 404, 503) },
      },
    },
    async (request) => chain.of(request.params.id, request.query.max_depth ?? DEFAULT_CHAIN_DEPTH),
  );

  app.post(
    "/issues/:id/dependencies/bulk",
    {
      schema: {
        tags,
        operationId: "addDependencies",
        summary: "Make the issue depend on several others at once: all or none",
        description:
          "Each id is checked as a single dependency is (exists, not the issue itself, no cycle, a closed issue gets no open prerequisite). The first that breaks a rule is named (404 ISSUE_NOT_FOUND with `details.depends_on_id`, 409 with `details.cycle`) and none is added. 201 when any was added, 200 when all existed; one dependency.added event per edge added.",
        params: IdParams,
        headers: AgentHeaders,
        body: BulkDependenciesBody,
        response: {
          200: BulkDependenciesResponse,
          201: BulkDependenciesResponse,
          ...errorResponses(400, 404, 409, 503),
        },
      },
    },
    async (request, reply) => {
      const result = await bulk.add(request.params.id, request.body.depends_on_ids, actorOf(request));
      return reply.code(result.added.length > 0 ? 201 : 200).send(result);
    },
  );
};
