// /api/v1/issues: create, list (filters, sort, paging), get, patch, delete, blocked, workable.
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import type { IssueService } from "../domain/issues.js";
import { IdParams, ListEnvelope } from "../schemas/common.js";
import {
  CreateIssueBody,
  IssueSchema,
  ListIssuesQuery,
  PageOnlyQuery,
  PatchIssueBody,
} from "../schemas/issue.js";
import { errorResponses } from "./error-responses.js";
import { issuePage } from "./issue-page-json.js";

export interface IssueRoutesOptions {
  issues: IssueService;
}

export const issueRoutes: FastifyPluginAsync<IssueRoutesOptions> = async (fastify, { issues }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ["issues"];
  const IssueList = ListEnvelope(IssueSchema);

  app.post(
    "/issues",
    {
      schema: {
        tags,
        summary: "Create an issue",
        body: CreateIssueBody,
        response: { 201: IssueSchema, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await issues.create(request.body)),
  );

  app.get(
    "/issues",
    {
      schema: {
        tags,
        summary: "List issues with filters, sorting and paging",
        querystring: ListIssuesQuery,
        response: { 200: IssueList, ...errorResponses(400, 401, 503) },
      },
    },
    async (request, reply) => issuePage(reply, await issues.list(request.query)),
  );

  app.get(
    "/issues/blocked",
    {
      schema: {
        tags,
        summary: "Issues not closed with at least one prerequisite not closed",
        querystring: PageOnlyQuery,
        response: { 200: IssueList, ...errorResponses(400, 401, 503) },
      },
    },
    async (request, reply) => issuePage(reply, await issues.blocked(request.query)),
  );

  app.get(
    "/issues/workable",
    {
      schema: {
        tags,
        summary: "Issues not closed whose prerequisites are all closed",
        querystring: PageOnlyQuery,
        response: { 200: IssueList, ...errorResponses(400, 401, 503) },
      },
    },
    async (request, reply) => issuePage(reply, await issues.workable(request.query)),
  );

  app.get(
    "/issues/:id",
    {
      schema: {
        tags,
        summary: "Get an issue",
        params: IdParams,
        response: { 200: IssueSchema, ...errorResponses(401, 404, 503) },
      },
    },
    async (request) => issues.get(request.params.id),
  );

  app.patch(
    "/issues/:id",
    {
      schema: {
        tags,
        summary: "Change fields of an issue (closing needs every prerequisite closed)",
        params: IdParams,
        body: PatchIssueBody,
        response: { 200: IssueSchema, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => issues.update(request.params.id, request.body),
  );

  app.delete(
    "/issues/:id",
    {
      schema: {
        tags,
        summary: "Delete an issue and its dependency edges",
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 404, 503) },
      },
    },
    async (request, reply) => {
      await issues.delete(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
