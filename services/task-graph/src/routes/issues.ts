// /api/v1/issues: create, list (filters, sort, paging), get, patch, delete, blocked, workable.
// Every single-issue answer carries its ETag; PATCH and DELETE honour If-Match.
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { IssueService } from "../domain/issues.js";
import { AgentHeader, AgentHeaders, IdParams, ListEnvelope } from "../schemas/common.js";
import {
  CreateIssueBody,
  DeleteIssueQuery,
  IfMatchHeaders,
  IssueSchema,
  IssueWithEtag,
  ListIssuesQuery,
  PatchIssueBody,
  ReadinessQuery,
} from "../schemas/issue.js";
import { actorOf } from "./actor.js";
import { withEtag } from "./issue-etag.js";
import { issueListingOf } from "./issue-listing.js";
import { IssuePageJson } from "./issue-page-json.js";
import { envelopeOf } from "./paging.js";

export interface IssueRoutesOptions {
  issues: IssueService;
}

export const issueRoutes: FastifyPluginAsync<IssueRoutesOptions> = async (fastify, { issues }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ["issues"];
  const IssueList = ListEnvelope(IssueSchema);
  const pages = new IssuePageJson((view) => issues.immutableRecordOf(view));
  const WriteHeaders = Type.Object({ ...IfMatchHeaders.properties, ...AgentHeader });

  app.post(
    "/issues",
    {
      schema: {
        tags,
        operationId: "createIssue",
        summary: "Create an issue",
        description:
          "Files a new unit of work (a bug report, a feature, a task): a title and optionally a description, priority, component, labels and code references. 201 with the issue and its ETag.",
        headers: AgentHeaders,
        body: CreateIssueBody,
        response: { 201: IssueWithEtag, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => withEtag(reply.code(201), await issues.create(request.body, actorOf(request))),
  );

  app.get(
    "/issues",
    {
      schema: {
        tags,
        operationId: "listIssues",
        summary: "List issues with filters, sorting and paging",
        querystring: ListIssuesQuery,
        response: { 200: IssueList, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const { listing, paging } = issueListingOf(request.query);
      return pages.send(reply, envelopeOf(await issues.list(listing), paging));
    },
  );

  app.get(
    "/issues/blocked",
    {
      schema: {
        tags,
        operationId: "listBlockedIssues",
        summary: "Issues not closed that wait: status BLOCKED or a prerequisite not closed",
        description:
          "The work that is stuck: it cannot start or go on until something else is done. `unclaimed=true` leaves out issues an agent holds.",
        querystring: ReadinessQuery,
        response: { 200: IssueList, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const { listing, paging } = issueListingOf(request.query);
      const unclaimed = request.query.unclaimed === true;
      return pages.send(reply, envelopeOf(await issues.blocked(listing, { unclaimed }), paging));
    },
  );

  app.get(
    "/issues/workable",
    {
      schema: {
        tags,
        operationId: "listWorkableIssues",
        summary: "Issues not closed, not BLOCKED, whose prerequisites are all closed",
        description:
          "The work that can be picked up now: nothing it depends on is still open. `unclaimed=true` leaves out issues an agent already holds.",
        querystring: ReadinessQuery,
        response: { 200: IssueList, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const { listing, paging } = issueListingOf(request.query);
      const unclaimed = request.query.unclaimed === true;
      return pages.send(reply, envelopeOf(await issues.workable(listing, { unclaimed }), paging));
    },
  );

  app.get(
    "/issues/:id",
    {
      schema: {
        tags,
        operationId: "getIssue",
        summary: "Get an issue",
        params: IdParams,
        response: { 200: IssueWithEtag, ...errorResponses(404, 503) },
      },
    },
    async (request, reply) => withEtag(reply, await issues.get(request.params.id)),
  );

  app.patch(
    "/issues/:id",
    {
      schema: {
        tags,
        operationId: "updateIssue",
        summary: "Change fields of an issue (closing needs every prerequisite closed)",
        params: IdParams,
        headers: WriteHeaders,
        body: PatchIssueBody,
        response: { 200: IssueWithEtag, ...errorResponses(400, 404, 409, 412, 503) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const ifMatch = request.headers["if-match"];
      return withEtag(reply, await issues.update(id, request.body, ifMatch, actorOf(request)));
    },
  );

  app.delete(
    "/issues/:id",
    {
      schema: {
        tags,
        operationId: "deleteIssue",
        summary: "Delete an issue (409 while others depend on it, unless force=true)",
        params: IdParams,
        headers: WriteHeaders,
        querystring: DeleteIssueQuery,
        response: { 204: Type.Null(), ...errorResponses(400, 404, 409, 412, 503) },
      },
    },
    async (request, reply) => {
      const ifMatch = request.headers["if-match"];
      await issues.delete(request.params.id, {
        force: request.query.force === true,
        ...(ifMatch !== undefined ? { ifMatch } : {}),
        actor: actorOf(request),
      });
      return reply.code(204).send(null);
    },
  );
};
