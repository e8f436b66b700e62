// The dependency graph as text (SPEC §2c): Graphviz DOT and Mermaid. An edge points from the
// dependent issue to its prerequisite, as in the JSON form. Titles are user text: each format's
// quoting is applied so a title cannot end a label or inject a statement.
import type { DependencyGraph, GraphNode } from "./graph-export.js";

export function toDot(graph: DependencyGraph): string {
  const lines = ["digraph dependencies {", "  rankdir=LR;", "  node [shape=box];"];
  for (const n of graph.nodes) {
    lines.push(`  ${dotString(n.id)} [label=${dotString(label(n))}, status=${dotString(n.status)}];`);
  }
  for (const e of graph.edges)
    lines.push(`  ${dotString(e.from)} -> ${dotString(e.to)} [label="depends_on"];`);
  lines.push("}");
  return `${lines.join("\n")}\n`;
}

export function toMermaid(graph: DependencyGraph): string {
  // Mermaid node ids are restricted; issue ids may hold anything, so nodes get n0, n1, ...
  const key = new Map(graph.nodes.map((n, k) => [n.id, `n${k}`]));
  const lines = ["flowchart LR"];
  for (const n of graph.nodes) lines.push(`  ${key.get(n.id)}["${mermaidText(`${label(n)}`)}"]`);
  for (const e of graph.edges) lines.push(`  ${key.get(e.from)} -->|depends on| ${key.get(e.to)}`);
  return `${lines.join("\n")}\n`;
}

function label(n: GraphNode): string {
  return `${n.title} (${n.status}, ${n.id})`;
}

/** A DOT quoted string: backslash and quote escaped, line breaks as \n. */
function dotString(text: string): string {
  return `"${text
    .replace(/\\/g, "\\\\")
    .replace(/"/g, '\\"')
    .replace(/\r?\n|\r/g, "\\n")}"`;
}

/** Text inside a Mermaid quoted label: characters Mermaid reads as syntax become entity codes. */
function mermaidText(text: string): string {
  return text.replace(/[#"<>&\r\n`]/g, (c) => (c === "\n" || c === "\r" ? " " : `#${c.codePointAt(0)};`));
}
