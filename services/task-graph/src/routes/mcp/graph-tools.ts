// MCP tools for the whole graph (SPEC §2c, beyond the tools it names): several prerequisites at
// once, the dependency graph as JSON, projects, a component's impact, the agents at work. The same
// schemas and domain calls as routes/dependency-chain.ts, graph-export.ts, projects.ts, agents.ts;
// a list the route answers as a bare array comes as `{items}` (an MCP answer is an object).
import { Type } from "@fastify/type-provider-typebox";
import type { GraphFilter } from "../../domain/graph/graph-export.js";
import type { WholeGraphServices } from "../../domain/graph/services.js";
import { IdParams } from "../../schemas/common.js";
import {
  AgentsResponse,
  BulkDependenciesBody,
  BulkDependenciesResponse,
  ComponentIdParams,
  ComponentImpactQuery,
  ComponentImpactResponse,
  GraphJson,
  GraphQuery,
  NoQuery,
  ProjectsResponse,
} from "../../schemas/graph.js";
import {
  summariseAgents,
  summariseBulk,
  summariseComponentImpact,
  summariseGraph,
  summariseProjects,
} from "./graph-summaries.js";
import type { ToolDefinition } from "./tool-runner.js";
import { idOf } from "./tool-services.js";

/** GET /graph's filters; the answer is always JSON here (DOT and Mermaid are text for people). */
const { format: _format, ...graphFilters } = GraphQuery.properties;
const GraphFilters = Type.Object(graphFilters, { additionalProperties: false });

export function graphTools(s: WholeGraphServices): ToolDefinition[] {
  return [
    {
      name: "add_dependencies",
      title: "Make an issue depend on several others at once",
      description:
        "All or none: each id is checked as add_dependency checks one; the first that breaks a rule is named and none is added. Same as POST /api/v1/issues/{id}/dependencies/bulk.",
      parts: [IdParams, BulkDependenciesBody],
      output: BulkDependenciesResponse,
      summary: summariseBulk,
      run: (args) => s.bulk.add(idOf(args), args.depends_on_ids as string[]),
    },
    {
      name: "export_graph",
      title: "The dependency graph",
      description:
        "Issues as nodes and their dependencies as edges (from the dependent to its prerequisite), narrowed by status, component_id, project, or root and depth; more nodes than the limit is refused with GRAPH_TOO_LARGE. Same as GET /api/v1/graph (format json).",
      parts: [GraphFilters],
      output: GraphJson,
      summary: summariseGraph,
      run: (args) => {
        const { status, ...rest } = args as GraphFilter;
        return s.graph.build({ ...rest, ...(status ? { status: [...new Set(status)] } : {}) });
      },
    },
    {
      name: "list_projects",
      title: "Projects",
      description:
        "Each project with its number of components and its issues by status. Same as GET /api/v1/projects.",
      parts: [NoQuery],
      output: Type.Object({ items: ProjectsResponse }),
      summary: summariseProjects,
      run: async () => ({ items: await s.projects.list() }),
    },
    {
      name: "component_impact",
      title: "What waits on a component",
      description:
        "The component's open issues, the issues outside it that depend on them, their components and a risk level. Same as GET /api/v1/analyze/component-impact/{component_id}.",
      parts: [ComponentIdParams, ComponentImpactQuery],
      output: ComponentImpactResponse,
      summary: summariseComponentImpact,
      run: (args) =>
        s.componentImpact.analyse(args.component_id as string, (args.max_depth as number | undefined) ?? 10),
    },
    {
      name: "list_agents",
      title: "Agents at work",
      description:
        "Agents holding claims or seen in the last 24 hours, with their claims and when they were last seen. Same as GET /api/v1/agents.",
      parts: [NoQuery],
      output: Type.Object({ items: AgentsResponse }),
      summary: summariseAgents,
      run: async () => ({ items: await s.agents.list() }),
    },
  ];
}
