// /api/v1/components: CRUD; names unique per project; no delete while issues use it.
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { ComponentService } from "../domain/components.js";
import type { ComponentRecord } from "../ports/graph-store.js";
import { AgentHeaders, IdParams, ListEnvelope } from "../schemas/common.js";
import {
  ComponentSchema,
  CreateComponentBody,
  ListComponentsQuery,
  PatchComponentBody,
} from "../schemas/component.js";
import { envelopeOf, pagingOf } from "./paging.js";
import { actorOf } from "./actor.js";

/** The API view: records written before path globs existed have none. */
const componentView = (c: ComponentRecord) => ({ ...c, paths: c.paths ?? [] });

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
        headers: AgentHeaders,
        body: CreateComponentBody,
        response: { 201: ComponentSchema, ...errorResponses(400, 409, 503) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(componentView(await components.create(request.body, actorOf(request)))),
  );

  app.get(
    "/components",
    {
      schema: {
        tags,
        operationId: "listComponents",
        summary: "List components (of one project with `project`)",
        querystring: ListComponentsQuery,
        response: { 200: ListEnvelope(ComponentSchema), ...errorResponses(400, 503) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const page = await components.list(paging.offset, paging.limit, request.query.project);
      return envelopeOf({ ...page, items: page.items.map(componentView) }, paging);
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
    async (request) => componentView(await components.get(request.params.id)),
  );

  app.patch(
    "/components/:id",
    {
      schema: {
        tags,
        operationId: "updateComponent",
        summary: "Change a component",
        params: IdParams,
        headers: AgentHeaders,
        body: PatchComponentBody,
        response: { 200: ComponentSchema, ...errorResponses(400, 404, 409, 503) },
      },
    },
    async (request) =>
      componentView(await components.update(request.params.id, request.body, actorOf(request))),
  );

  app.delete(
    "/components/:id",
    {
      schema: {
        tags,
        operationId: "deleteComponent",
        summary: "Delete a component that no issue uses",
        params: IdParams,
        headers: AgentHeaders,
        response: { 204: Type.Null(), ...errorResponses(404, 409, 503) },
      },
    },
    async (request, reply) => {
      await components.delete(request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
};
