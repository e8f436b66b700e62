// The graph by project and component (SPEC §2c): projects with their counts, and the impact of
// a component on the rest of the graph.
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { ComponentImpact } from "../domain/graph/component-impact.js";
import type { Projects } from "../domain/graph/projects.js";
import {
  ComponentIdParams,
  ComponentImpactQuery,
  ComponentImpactResponse,
  NoQuery,
  ProjectsResponse,
} from "../schemas/graph.js";

export interface ProjectRoutesOptions {
  projects: Projects;
  componentImpact: ComponentImpact;
}

export const projectRoutes: FastifyPluginAsync<ProjectRoutesOptions> = async (
  fastify,
  { projects, componentImpact },
) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    "/projects",
    {
      schema: {
        tags: ["components"],
        operationId: "listProjects",
        summary: "Projects with their component count and issues by status",
        description:
          "A project is the `project` its components name; its issues are those of its components (issues without a component belong to none). Sorted by name.",
        querystring: NoQuery,
        response: { 200: ProjectsResponse, ...errorResponses(400, 503) },
      },
    },
    async () => projects.list(),
  );

  app.get(
    "/analyze/component-impact/:component_id",
    {
      schema: {
        tags: ["analysis"],
        operationId: "analyzeComponentImpact",
        summary: "What the rest of the graph waits for in a component",
        description:
          "The component's open issues, the issues outside it that depend on them (directly or transitively, up to max_depth), the components those belong to, and a risk level on impact's scale (direct + 0.5 * transitive + 2 * blocked).",
        params: ComponentIdParams,
        querystring: ComponentImpactQuery,
        response: { 200: ComponentImpactResponse, ...errorResponses(400, 404, 503) },
      },
    },
    async (request) => componentImpact.analyse(request.params.component_id, request.query.max_depth ?? 10),
  );
};
