// The whole-graph services (SPEC §2c) as one set: built once (whole-graph.ts) for the HTTP routes
// and the MCP tools.
import type { Agents } from "./agents.js";
import type { BulkDependencies } from "./bulk-dependencies.js";
import type { ComponentImpact } from "./component-impact.js";
import type { DependencyChain } from "./dependency-chain.js";
import type { GraphExport } from "./graph-export.js";
import type { Projects } from "./projects.js";

export interface WholeGraphServices {
  chain: DependencyChain;
  bulk: BulkDependencies;
  graph: GraphExport;
  projects: Projects;
  componentImpact: ComponentImpact;
  agents: Agents;
}
