// POST /mcp: the Model Context Protocol over Streamable HTTP (the official SDK's transport), in
// its stateless form: each POST carries its JSON-RPC message and gets the JSON answer (no
// session id, no server-sent event stream, so any replica can answer). The route is an ordinary
// route of the app: the API key (routes/api-key.ts), body limit, JSON parsing and error format
// apply to it as to /api/v1, before any MCP handling.
import { type Static, Type, type TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { ArgumentValidators, errorResponses } from "../../../../../lib/service-kit/index.js";
import { VERSION } from "../../version.js";
import { MCP_PATH } from "../api-key.js";
import { INVALID_PARAMS, invalidParamsMessage, type RequestSchema } from "./params-check.js";
import { ToolRunner } from "./tool-runner.js";
import type { ToolServices } from "./tool-services.js";
import { taskGraphTools } from "./tools.js";

/**
 * One JSON-RPC 2.0 message (request with an `id`, notification, or response); the SDK checks the
 * rest (an `id` is a string or a number, passed through as additional property).
 */
const JsonRpcMessage = Type.Object(
  {
    jsonrpc: Type.Literal("2.0"),
    method: Type.Optional(Type.String({ maxLength: 200 })),
    params: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: true, description: "A JSON-RPC 2.0 message of the Model Context Protocol." },
);

const JsonRpcAnswer = Type.Object(
  { jsonrpc: Type.Literal("2.0") },
  { additionalProperties: true, description: "The JSON-RPC 2.0 response (result or error)." },
);

/**
 * The SDK's modules, imported at the first MCP request: they take ~0.4 s to load, which the
 * service's start-up (SPEC: /health within 1 s) does not pay for a route an agent may never call.
 */
async function loadSdk() {
  const [server, transport, types] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/index.js"),
    import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  return { ...server, ...transport, ...types };
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

export const mcpRoutes: FastifyPluginAsync<ToolServices> = async (fastify, services) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tools = new ToolRunner(taskGraphTools(services), new ArgumentValidators(), fastify.log);
  let sdk: Promise<Sdk> | undefined;

  app.post(
    MCP_PATH,
    {
      schema: {
        tags: ["mcp"],
        operationId: "mcp",
        summary: "Model Context Protocol (Streamable HTTP, stateless): the task graph's tools for agents",
        description: `Tools: ${tools
          .list()
          .map((t) => t.name)
          .join(
            ", ",
          )}. A tool's arguments are validated by the schemas of the HTTP route it stands for, and its answer (structuredContent, and a short text naming its key facts) follows the route's response schema, declared as the tool's outputSchema; a refused call is a tool result with isError and the route's error body as text. Notifications are answered 202 without a body.`,
        body: JsonRpcMessage,
        response: {
          200: JsonRpcAnswer,
          202: Type.Null({ description: "A notification or response was accepted (no body)." }),
          // A backend that is down is a tool result with isError and BACKEND_UNAVAILABLE, not a 503.
          ...errorResponses(400),
        },
      },
    },
    async (request, typedReply) => {
      sdk ??= loadSdk();
      const answer = await answerMcp(await sdk, tools, request, request.body);
      // The SDK's answer is already JSON text: sent as it is, with its status.
      const reply = typedReply as unknown as FastifyReply;
      reply.code(answer.status);
      const type = answer.headers.get("content-type");
      if (type) reply.type(type);
      const text = await answer.text();
      return answer.status === 202 || text === "" ? reply.send() : reply.send(text);
    },
  );
};

/** The methods the server answers, each with the SDK's schema of its request. */
function requestSchemas(sdk: Sdk): Record<string, RequestSchema> {
  return {
    initialize: sdk.InitializeRequestSchema,
    ping: sdk.PingRequestSchema,
    "tools/list": sdk.ListToolsRequestSchema,
    "tools/call": sdk.CallToolRequestSchema,
  };
}

/** A fresh SDK server and transport per message (stateless), answering JSON only. */
async function answerMcp(
  sdk: Sdk,
  tools: ToolRunner,
  request: FastifyRequest,
  body: Static<typeof JsonRpcMessage>,
): Promise<Response> {
  const { Server, WebStandardStreamableHTTPServerTransport, McpError, ErrorCode, isJSONRPCRequest } = sdk;
  const server = new Server(
    { name: "task-graph", version: VERSION },
    { capabilities: { tools: { listChanged: false } } },
  );
  server.setRequestHandler(sdk.ListToolsRequestSchema, async () => ({ tools: tools.list() }));
  server.setRequestHandler(sdk.CallToolRequestSchema, async ({ params }) => {
    if (!tools.has(params.name))
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${params.name}"; tools/list names them.`);
    return tools.call(params.name, params.arguments);
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  // Params checked before the server parses them (it would answer -32603 with zod's issue list);
  // the refusal goes back through the transport like any answer. The transport has already
  // checked the message itself (jsonrpc, id) and the HTTP headers.
  const deliver = transport.onmessage;
  const schemas = requestSchemas(sdk);
  transport.onmessage = (message, extra) => {
    const invalid = isJSONRPCRequest(message) ? invalidParamsMessage(schemas, message) : undefined;
    if (invalid === undefined || !("id" in message)) return deliver?.(message, extra);
    const refusal = {
      jsonrpc: "2.0" as const,
      id: message.id,
      error: { code: INVALID_PARAMS, message: invalid },
    };
    transport.send(refusal).catch((err: unknown) => request.log.error({ err }, "MCP refusal not sent"));
  };
  try {
    const headers = new Headers({
      "content-type": "application/json",
      // The answer is always JSON here: a client that names only one of the two is served too.
      accept: "application/json, text/event-stream",
    });
    const version = request.headers["mcp-protocol-version"];
    if (typeof version === "string") headers.set("mcp-protocol-version", version);
    const web = new Request(`http://task-graph${MCP_PATH}`, { method: "POST", headers });
    return await transport.handleRequest(web, { parsedBody: body });
  } finally {
    await server.close();
  }
}
