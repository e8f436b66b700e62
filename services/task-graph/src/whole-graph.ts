// Wires the whole-graph features (SPEC §2c): dependency chain, bulk dependencies, graph export,
// projects, component impact and the agents view, each a domain service behind its routes.
import type { FastifyPluginAsync } from "fastify";
import type { DomainContext } from "./domain/context.js";
import { Agents } from "./domain/graph/agents.js";
import { BulkDependencies } from "./domain/graph/bulk-dependencies.js";
import { ComponentImpact } from "./domain/graph/component-impact.js";
import { DependencyChain } from "./domain/graph/dependency-chain.js";
import { GRAPH_MAX_NODES, GraphExport } from "./domain/graph/graph-export.js";
import { Projects } from "./domain/graph/projects.js";
import type { WholeGraphServices } from "./domain/graph/services.js";
import { agentRoutes } from "./routes/agents.js";
import { dependencyChainRoutes } from "./routes/dependency-chain.js";
import { graphExportRoutes } from "./routes/graph-export.js";
import { projectRoutes } from "./routes/projects.js";

/** The services, built once for the routes and the MCP tools. */
export function wholeGraphServices(ctx: DomainContext, env: NodeJS.ProcessEnv): WholeGraphServices {
  return {
    chain: new DependencyChain(ctx),
    bulk: new BulkDependencies(ctx),
    graph: new GraphExport(ctx, graphMaxNodes(env)),
    projects: new Projects(ctx),
    componentImpact: new ComponentImpact(ctx),
    agents: new Agents(ctx),
  };
}

/** The routes under the prefix they are registered with (/api/v1). */
export const wholeGraphRoutes: FastifyPluginAsync<{ services: WholeGraphServices }> = async (
  app,
  { services: s },
) => {
  await app.register(dependencyChainRoutes, { chain: s.chain, bulk: s.bulk });
  await app.register(graphExportRoutes, { graph: s.graph });
  await app.register(projectRoutes, { projects: s.projects, componentImpact: s.componentImpact });
  await app.register(agentRoutes, { agents: s.agents });
};

/** TASK_GRAPH_GRAPH_MAX_NODES: most nodes a graph export answers with (else 413). @default 20000 */
function graphMaxNodes(env: NodeJS.ProcessEnv): number {
  const raw = env.TASK_GRAPH_GRAPH_MAX_NODES?.trim();
  if (!raw) return GRAPH_MAX_NODES;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new Error(`TASK_GRAPH_GRAPH_MAX_NODES "${raw}" is not a positive integer (nodes).`);
  return Number(raw);
}
