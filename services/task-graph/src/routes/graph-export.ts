// GET /api/v1/graph (SPEC §2c): the dependency graph as JSON, Graphviz DOT or Mermaid, narrowed
// by status, component, project or a root issue's neighbourhood; past the node limit, 413. The
// answer is written as a stream in slices: 20,000 nodes serialised at once held the event loop
// for hundreds of milliseconds (bench/results/whole-graph.md).
import { Readable } from "node:stream";
import { Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync } from "fastify";
import { errorResponses } from "../../../../lib/service-kit/index.js";
import type { GraphExport, GraphFilter } from "../domain/graph/graph-export.js";
import { dotPieces, jsonPieces, mermaidPieces } from "../domain/graph/graph-render.js";
import { TimeSlicer } from "../domain/search/time-slicer.js";
import { GraphJson, GraphQuery } from "../schemas/graph.js";

export interface GraphExportRoutesOptions {
  graph: GraphExport;
}

const FORMATS = {
  json: { type: "application/json; charset=utf-8", pieces: jsonPieces },
  dot: { type: "text/vnd.graphviz; charset=utf-8", pieces: dotPieces },
  mermaid: { type: "text/vnd.mermaid; charset=utf-8", pieces: mermaidPieces },
} as const;

export const graphExportRoutes: FastifyPluginAsync<GraphExportRoutesOptions> = async (fastify, { graph }) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    "/graph",
    {
      schema: {
        tags: ["dependencies"],
        operationId: "exportGraph",
        summary: "The dependency graph as JSON, DOT or Mermaid",
        description:
          "Issues as nodes and DEPENDS_ON as edges (`from` the dependent issue `to` its prerequisite). Filters: `status`, `component_id`, `project`, and `root` with `depth` (issues within that many hops of root, either direction). `format=dot` answers text/vnd.graphviz, `format=mermaid` text/vnd.mermaid. More nodes than the limit (20,000; TASK_GRAPH_GRAPH_MAX_NODES) → 413 GRAPH_TOO_LARGE asking for a filter.",
        querystring: GraphQuery,
        response: {
          200: {
            description: "The graph in the format asked for.",
            content: {
              "application/json": { schema: GraphJson },
              "text/vnd.graphviz": { schema: Type.String() },
              "text/vnd.mermaid": { schema: Type.String() },
            },
          },
          ...errorResponses(400, 404, 413, 503),
        },
      },
    },
    async (request, reply) => {
      const { format, status, component_id, project, root, depth } = request.query;
      const filter: GraphFilter = {
        ...(status ? { status: [...new Set(status)] } : {}),
        ...(component_id !== undefined ? { component_id } : {}),
        ...(project !== undefined ? { project } : {}),
        ...(root !== undefined ? { root } : {}),
        ...(depth !== undefined ? { depth } : {}),
      };
      const { type, pieces } = FORMATS[format ?? "json"];
      const result = await graph.build(filter);
      // A stream is sent as it comes, past the serializer (the route's typing knows only bodies).
      const stream = Readable.from(slices(pieces(result)));
      return reply.type(type).send(stream as unknown as string);
    },
  );
};

/** The pieces joined into one buffer per slice of work; between slices others are served. */
async function* slices(pieces: Iterable<string>): AsyncGenerator<Buffer> {
  const slicer = new TimeSlicer();
  let batch: string[] = [];
  for (const piece of pieces) {
    batch.push(piece);
    if (!slicer.due) continue;
    yield Buffer.from(batch.join(""));
    batch = [];
    await slicer.pause();
  }
  if (batch.length > 0) yield Buffer.from(batch.join(""));
}
