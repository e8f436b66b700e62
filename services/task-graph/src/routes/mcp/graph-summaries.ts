// The short texts of the whole-graph tools (graph-tools.ts).
import type { Static } from "@fastify/type-provider-typebox";
import type {
  AgentsResponse,
  BulkDependenciesResponse,
  ComponentImpactResponse,
  GraphJson,
  ProjectsResponse,
} from "../../schemas/graph.js";
import { counted, issueLine, joined, listed, type Summariser } from "./summary-text.js";

export const summariseBulk: Summariser<Static<typeof BulkDependenciesResponse>> = (answer) =>
  `Added ${counted(answer.added.length, "prerequisite")}: ${joined(answer.added)}; ` +
  `already there: ${joined(answer.existing)}.`;

export const summariseGraph: Summariser<Static<typeof GraphJson>> = (graph) => {
  const heading = `${counted(graph.nodes.length, "issue")} and ${counted(graph.edges.length, "dependency", "dependencies")}${graph.nodes.length ? ":" : "."}`;
  return listed(heading, graph.nodes.map(issueLine));
};

export const summariseProjects: Summariser<{ items: Static<typeof ProjectsResponse> }> = ({ items }) =>
  listed(
    `${counted(items.length, "project")}${items.length ? ":" : "."}`,
    items.map(
      (p) =>
        `${p.name}: ${counted(p.components, "component")}, issues ${p.issues.open} open, ` +
        `${p.issues.in_progress} in progress, ${p.issues.blocked} blocked, ${p.issues.closed} closed`,
    ),
  );

export const summariseComponentImpact: Summariser<Static<typeof ComponentImpactResponse>> = (impact) => {
  const heading =
    `Component ${impact.name} (${impact.project}): risk ${impact.risk_level}, ` +
    `${counted(impact.open_issues.length, "open issue")}, ${counted(impact.dependents.length, "dependent")} outside it ` +
    `in ${counted(impact.affected_components.length, "component")}${impact.dependents.length ? ":" : "."}`;
  return listed(heading, impact.dependents.map(issueLine));
};

export const summariseAgents: Summariser<{ items: Static<typeof AgentsResponse> }> = ({ items }) =>
  listed(
    `${counted(items.length, "agent")} seen or holding claims${items.length ? ":" : "."}`,
    items.map(
      (a) =>
        `${a.name}: ${counted(a.claims.length, "claim")}${a.claims.length ? ` (${a.claims.map((c) => c.issue_id).join(", ")})` : ""}, last seen ${a.last_seen ?? "never"}`,
    ),
  );
