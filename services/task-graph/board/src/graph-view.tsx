// An issue's neighbourhood: prerequisites and dependents two steps out, laid out by dagre
// (layered, edges pointing from prerequisite to dependent), coloured by status. The issues this
// one's change would reach (its dependents, transitively) are its impact, drawn with a thick border.
import dagre from "@dagrejs/dagre";
import type { Issue } from "./api.js";

const DEPTH = 2;
const W = 180;
const H = 44;

function neighbourhood(root: Issue, issues: Map<string, Issue>) {
  const ids = new Set([root.id]);
  const impact = new Set<string>();
  const walk = (start: string, next: (i: Issue) => string[], into?: Set<string>) => {
    let frontier = [start];
    for (let d = 0; d < DEPTH && frontier.length; d++) {
      const out: string[] = [];
      for (const id of frontier) {
        for (const n of next(issues.get(id) ?? ({ depends_on: [], blocks: [] } as unknown as Issue))) {
          if (!issues.has(n) || ids.has(n)) continue;
          ids.add(n);
          into?.add(n);
          out.push(n);
        }
      }
      frontier = out;
    }
  };
  walk(root.id, (i) => i.depends_on);
  walk(root.id, (i) => i.blocks, impact);
  return { ids, impact };
}

export function GraphView({
  root,
  issues,
  onOpen,
}: {
  root: Issue;
  issues: Map<string, Issue>;
  onOpen: (id: string) => void;
}) {
  const { ids, impact } = neighbourhood(root, issues);
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "LR", nodesep: 16, ranksep: 48, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const id of ids) g.setNode(id, { width: W, height: H });
  for (const id of ids) {
    for (const dep of issues.get(id)?.depends_on ?? []) if (ids.has(dep)) g.setEdge(dep, id);
  }
  dagre.layout(g);
  const { width = W, height = H } = g.graph();
  return (
    <figure class="graph" aria-label={`Dependency neighbourhood of ${root.title}`}>
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
        <title>Dependency graph of {root.title}</title>
        <defs>
          <marker
            id="arrow"
            viewBox="0 0 10 10"
            refX="10"
            refY="5"
            markerWidth="6"
            markerHeight="6"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" fill="#555" />
          </marker>
        </defs>
        {g.edges().map((e) => (
          <polyline
            key={`${e.v}-${e.w}`}
            class="edge"
            marker-end="url(#arrow)"
            points={g
              .edge(e)
              .points.map((p: { x: number; y: number }) => `${p.x},${p.y}`)
              .join(" ")}
          />
        ))}
        {[...ids].map((id) => {
          const n = g.node(id);
          const issue = issues.get(id);
          if (!issue || !n) return null;
          const shown = issue.title.length > 24 ? `${issue.title.slice(0, 23)}…` : issue.title;
          const cls = `node status-${issue.status}${id === root.id ? " root" : ""}${impact.has(id) ? " impact" : ""}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG group has no button element
            <g
              key={id}
              class={cls}
              transform={`translate(${n.x - W / 2},${n.y - H / 2})`}
              role="button"
              tabIndex={0}
              onClick={() => onOpen(id)}
              onKeyDown={(ev) => {
                if (ev.key === "Enter" || ev.key === " ") onOpen(id);
              }}
            >
              <rect width={W} height={H} rx="6" />
              <text x="8" y="18">
                {shown}
              </text>
              <text x="8" y="35" class="sub">
                {issue.status}
                {impact.has(id) ? " · impacted" : ""}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        {ids.size} issues: prerequisites on the left, dependents on the right; thick border = impacted by this
        issue.
      </figcaption>
    </figure>
  );
}
