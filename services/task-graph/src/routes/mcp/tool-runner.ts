// How an MCP tool call runs: its arguments are split among the route schemas the tool is made
// of (a path parameter, a query, a body: each validated by its own schema, the route's, with the
// route's trimming and wording), then the tool runs and its answer or refusal becomes a tool
// result. A refusal is a result with isError and the JSON error body the route would send
// ({error, code, details}), so an agent reads the same sentence an HTTP client gets. Every tool
// declares the schema of its answer (`outputSchema`, the route's response schema) and answers
// with it as `structuredContent` plus a short text its summariser writes (SPEC §2c): the key facts
// in a few lines, lists capped, for an agent or a person to read at a glance.
import type { TObject } from "@fastify/type-provider-typebox";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { type ArgumentValidators, HttpError, httpError } from "../../../../../lib/service-kit/index.js";
import { translateTaskGraphError } from "../errors.js";
import { malformedText } from "../text-guard.js";
import { plainJsonSchema } from "./plain-json-schema.js";
import { bounded, type Summariser } from "./summary-text.js";

export type Arguments = Record<string, unknown>;

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  /** The route schemas whose properties make up the arguments, each checked by itself. */
  parts: TObject[];
  /** The answer's schema (an object: MCP's `outputSchema`), the route's response schema. */
  output: TObject;
  /** Runs the domain call with the validated arguments; the answer is a JSON object. */
  run(args: Arguments): Promise<object>;
  /**
   * The short text beside the answer. Typed on the tool's own answer where it is defined; here
   * any answer (`never` accepts each tool's summariser), called with what `run` returned.
   */
  summary: Summariser<never>;
}

const LOCATION = "arguments";

export interface ToolLog {
  error(obj: object, msg: string): void;
}

export class ToolRunner {
  readonly #tools = new Map<string, { definition: ToolDefinition; check: (args: Arguments) => Arguments }>();
  /** tools/list's answer, converted from the route schemas once: it never changes. */
  readonly #listed: Tool[];

  constructor(
    definitions: ToolDefinition[],
    validators: ArgumentValidators,
    private readonly log: ToolLog,
  ) {
    for (const definition of definitions) {
      const checks = definition.parts.map((schema) => ({
        names: new Set(Object.keys(schema.properties)),
        validate: validators.for<Arguments>(schema, LOCATION),
      }));
      this.#tools.set(definition.name, { definition, check: (args) => checkArguments(args, checks) });
    }
    this.#listed = [...this.#tools.values()].map(({ definition }) => ({
      name: definition.name,
      title: definition.title,
      description: definition.description,
      inputSchema: mergedInputSchema(definition.parts),
      outputSchema: plainJsonSchema(definition.output) as Tool["outputSchema"],
    }));
  }

  /** The tools as tools/list shows them: one JSON Schema object merged from the parts. */
  list(): Tool[] {
    return this.#listed;
  }

  has(name: string): boolean {
    return this.#tools.has(name);
  }

  async call(name: string, args: Arguments | undefined): Promise<CallToolResult> {
    const tool = this.#tools.get(name);
    if (!tool) throw new Error(`unknown tool ${name}`);
    try {
      const checked = tool.check(args ?? {});
      const answer = await tool.definition.run(checked);
      return {
        content: [{ type: "text", text: bounded(tool.definition.summary(answer as never, checked)) }],
        structuredContent: answer as Record<string, unknown>,
      };
    } catch (err) {
      const refusal = this.refusal(err, name);
      const body = {
        error: refusal.message,
        code: refusal.code,
        ...(refusal.details ? { details: refusal.details } : {}),
      };
      // Text only: structuredContent must match the tool's outputSchema, and clients (the SDK's
      // among them) check it on refusals too.
      return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }] };
    }
  }

  private refusal(err: unknown, tool: string): HttpError {
    const known = err instanceof HttpError ? err : translateTaskGraphError(err);
    if (known) return known;
    // Details only in the log, as for a route's 500.
    this.log.error({ err, tool }, "MCP tool failed");
    return httpError("INTERNAL_ERROR");
  }
}

interface PartCheck {
  names: Set<string>;
  validate: (data: unknown) => Arguments;
}

/** Validates each part on the arguments it names; an argument no part names is refused. */
function checkArguments(args: Arguments, parts: PartCheck[]): Arguments {
  const malformed = malformedText(args, LOCATION);
  if (malformed) throw malformed;
  for (const name of Object.keys(args)) {
    if (!parts.some((p) => p.names.has(name))) {
      throw httpError("VALIDATION_ERROR", `Field "${name}" is not allowed.`, {
        field: name,
        location: LOCATION,
        rule: "additionalProperties",
      });
    }
  }
  const checked: Arguments = {};
  for (const part of parts) {
    const mine = Object.fromEntries(Object.entries(args).filter(([k]) => part.names.has(k)));
    Object.assign(checked, part.validate(mine));
  }
  return checked;
}

/** The parts' properties and required names as one object schema (plain JSON, no TypeBox marks). */
function mergedInputSchema(parts: TObject[]): Tool["inputSchema"] {
  const properties: Record<string, object> = {};
  const required: string[] = [];
  for (const part of parts) {
    Object.assign(properties, (plainJsonSchema(part) as { properties: object }).properties);
    required.push(...(part.required ?? []));
  }
  return {
    type: "object",
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  } as Tool["inputSchema"];
}
