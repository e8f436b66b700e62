// /api/v1/analyze: impact of an issue and root cause of a test failure.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { ImpactAnalysis } from "../domain/impact/impact-analysis.js";
import type { RootCauseAnalysis } from "../domain/root-cause/root-cause-analysis.js";
import { ImpactQuery, ImpactResponse, RootCauseBody, RootCauseResponse } from "../schemas/analyze.js";
import { IdParams } from "../schemas/common.js";

export interface AnalyzeRoutesOptions {
  impact: ImpactAnalysis;
  rootCause: RootCauseAnalysis;
}

export const analyzeRoutes: FastifyPluginAsync<AnalyzeRoutesOptions> = async (
  fastify,
  { impact, rootCause },
) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ["analysis"];

  app.get(
    "/analyze/impact/:id",
    {
      schema: {
        tags,
        operationId: "analyzeImpact",
        summary: "Direct and transitive effects of an issue, with a risk score",
        description:
          "What is affected when this issue is late or fails: the issues that depend on it, directly and through others (up to max_depth), the ones it alone blocks, their components, and a risk level.",
        params: IdParams,
        querystring: ImpactQuery,
        response: { 200: ImpactResponse, ...errorResponses(400, 404, 503) },
      },
    },
    async (request) => impact.analyse(request.params.id, request.query.max_depth ?? 10),
  );

  app.post(
    "/analyze/root-cause",
    {
      schema: {
        tags,
        operationId: "analyzeRootCause",
        summary: "Issues ranked as likely causes of a test failure, each signal explained",
        body: RootCauseBody,
        response: { 200: RootCauseResponse, ...errorResponses(400, 404, 503) },
      },
    },
    async (request) => rootCause.analyse(request.body),
  );
};
