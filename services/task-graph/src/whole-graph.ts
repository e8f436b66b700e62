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
import { agentRoutes } from "./routes/agents.js";
import { dependencyChainRoutes } from "./routes/dependency-chain.js";
import { graphExportRoutes } from "./routes/graph-export.js";
import { projectRoutes } from "./routes/projects.js";

export interface WholeGraphOptions {
  ctx: DomainContext;
  env: NodeJS.ProcessEnv;
}

/** The routes under the prefix they are registered with (/api/v1). */
export const wholeGraphRoutes: FastifyPluginAsync<WholeGraphOptions> = async (app, { ctx, env }) => {
  await app.register(dependencyChainRoutes, {
    chain: new DependencyChain(ctx),
    bulk: new BulkDependencies(ctx),
  });
  await app.register(graphExportRoutes, { graph: new GraphExport(ctx, graphMaxNodes(env)) });
  await app.register(projectRoutes, {
    projects: new Projects(ctx),
    componentImpact: new ComponentImpact(ctx),
  });
  await app.register(agentRoutes, { agents: new Agents(ctx) });
};

/** TASK_GRAPH_GRAPH_MAX_NODES: most nodes a graph export answers with (else 413). @default 20000 */
function graphMaxNodes(env: NodeJS.ProcessEnv): number {
  const raw = env.TASK_GRAPH_GRAPH_MAX_NODES?.trim();
  if (!raw) return GRAPH_MAX_NODES;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new Error(`TASK_GRAPH_GRAPH_MAX_NODES "${raw}" is not a positive integer (nodes).`);
  return Number(raw);
}
