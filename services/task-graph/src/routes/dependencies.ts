// /api/v1/issues/{id}/dependencies: "id depends on depends_on_id".
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { DependencyService } from "../domain/dependencies.js";
import { AgentHeaders, Id, IdParams } from "../schemas/common.js";
import { actorOf } from "./actor.js";

export interface DependencyRoutesOptions {
  dependencies: DependencyService;
}

const Edge = Type.Object({ issue_id: Type.String(), depends_on_id: Type.String() });

export const dependencyRoutes: FastifyPluginAsync<DependencyRoutesOptions> = async (
  fastify,
  { dependencies },
) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ["dependencies"];

  app.post(
    "/issues/:id/dependencies",
    {
      schema: {
        tags,
        operationId: "addDependency",
        summary: "Make the issue depend on another (201 new, 200 already there)",
        description:
          "Records that the issue cannot be closed before `depends_on_id` is: a prerequisite. 409 when the edge would close a cycle.",
        params: IdParams,
        headers: AgentHeaders,
        body: Type.Object({ depends_on_id: Id }, { additionalProperties: false }),
        response: { 200: Edge, 201: Edge, ...errorResponses(400, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { edge, created } = await dependencies.add(id, request.body.depends_on_id, actorOf(request));
      return reply.code(created ? 201 : 200).send(edge);
    },
  );

  app.get(
    "/issues/:id/dependencies",
    {
      schema: {
        tags,
        operationId: "getDependencies",
        summary: "Ids the issue depends on, and ids that depend on it",
        description:
          "`depends_on`: the prerequisites the issue waits for; `blocks`: the issues that wait for it.",
        params: IdParams,
        response: {
          200: Type.Object({ depends_on: Type.Array(Type.String()), blocks: Type.Array(Type.String()) }),
          ...errorResponses(404, 503),
        },
      },
    },
    async (request) => dependencies.of(request.params.id),
  );

  app.delete(
    "/issues/:id/dependencies/:depends_on_id",
    {
      schema: {
        tags,
        operationId: "removeDependency",
        summary: "Remove a dependency",
        params: Type.Object({ id: Id, depends_on_id: Id }, { additionalProperties: false }),
        headers: AgentHeaders,
        response: { 204: Type.Null(), ...errorResponses(404, 503) },
      },
    },
    async (request, reply) => {
      await dependencies.remove(request.params.id, request.params.depends_on_id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
};
