// The dependency graph as text (SPEC §2c): JSON, Graphviz DOT and Mermaid, each as a sequence of
// pieces (one per node or edge) that the route writes out in slices, so a 20,000-node answer
// never holds the event loop. An edge points from the dependent issue to its prerequisite. Titles
// are user text: each format's quoting is applied so a title cannot end a label or inject a
// statement.
import type { DependencyGraph, GraphNode } from "./graph-export.js";

/** The JSON form `{nodes, edges}`, piece by piece (the pieces joined are one JSON document). */
export function* jsonPieces(graph: DependencyGraph): Generator<string> {
  yield '{"nodes":[';
  for (const [k, n] of graph.nodes.entries()) yield `${k ? "," : ""}${JSON.stringify(n)}`;
  yield '],"edges":[';
  for (const [k, e] of graph.edges.entries()) yield `${k ? "," : ""}${JSON.stringify(e)}`;
  yield "]}";
}

export function* dotPieces(graph: DependencyGraph): Generator<string> {
  yield "digraph dependencies {\n  rankdir=LR;\n  node [shape=box];\n";
  for (const n of graph.nodes) {
    yield `  ${dotString(n.id)} [label=${dotString(label(n))}, status=${dotString(n.status)}];\n`;
  }
  for (const e of graph.edges) yield `  ${dotString(e.from)} -> ${dotString(e.to)} [label="depends_on"];\n`;
  yield "}\n";
}

export function* mermaidPieces(graph: DependencyGraph): Generator<string> {
  // Mermaid node ids are restricted; issue ids may hold anything, so nodes get n0, n1, ...
  const key = new Map(graph.nodes.map((n, k) => [n.id, `n${k}`]));
  yield "flowchart LR\n";
  for (const n of graph.nodes) yield `  ${key.get(n.id)}["${mermaidText(label(n))}"]\n`;
  for (const e of graph.edges) yield `  ${key.get(e.from)} -->|depends on| ${key.get(e.to)}\n`;
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
