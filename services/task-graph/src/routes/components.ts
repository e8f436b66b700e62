// /api/v1/components: CRUD; names unique per project; no delete while issues use it.
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { ComponentService } from "../domain/components.js";
import { IdParams, ListEnvelope } from "../schemas/common.js";
import { ComponentSchema, CreateComponentBody, PatchComponentBody } from "../schemas/component.js";
import { PageOnlyQuery } from "../schemas/issue.js";
import { envelopeOf, pagingOf } from "./paging.js";

export interface ComponentRoutesOptions {
  components: ComponentService;
}

export const componentRoutes: FastifyPluginAsync<ComponentRoutesOptions> = async (
  fastify,
  { components },
) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ["components"];

  app.post(
    "/components",
    {
      schema: {
        tags,
        operationId: "createComponent",
        summary: "Create a component",
        body: CreateComponentBody,
        response: { 201: ComponentSchema, ...errorResponses(400, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await components.create(request.body)),
  );

  app.get(
    "/components",
    {
      schema: {
        tags,
        operationId: "listComponents",
        summary: "List components",
        querystring: PageOnlyQuery,
        response: { 200: ListEnvelope(ComponentSchema), ...errorResponses(400, 503) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      return envelopeOf(await components.list(paging.offset, paging.limit), paging);
    },
  );

  app.get(
    "/components/:id",
    {
      schema: {
        tags,
        operationId: "getComponent",
        summary: "Get a component",
        params: IdParams,
        response: { 200: ComponentSchema, ...errorResponses(404, 503) },
      },
    },
    async (request) => components.get(request.params.id),
  );

  app.patch(
    "/components/:id",
    {
      schema: {
        tags,
        operationId: "updateComponent",
        summary: "Change a component",
        params: IdParams,
        body: PatchComponentBody,
        response: { 200: ComponentSchema, ...errorResponses(400, 404, 409, 503) },
      },
    },
    async (request) => components.update(request.params.id, request.body),
  );

  app.delete(
    "/components/:id",
    {
      schema: {
        tags,
        operationId: "deleteComponent",
        summary: "Delete a component that no issue uses",
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(404, 409, 503) },
      },
    },
    async (request, reply) => {
      await components.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
