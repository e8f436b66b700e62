/**
 * Contract checks against a service's own served OpenAPI document, with a third-party
 * validator (openapi-backend, Ajv underneath): every exchange made through `ContractClient`
 * must hit a documented operation, answer a documented status, carry the documented headers
 * and a body valid for that status. Response objects are checked strictly: a property the
 * document does not list is an error (additionalProperties: false is added where the
 * document leaves it open), so a field cannot appear without being documented.
 */
import { createRequire } from "node:module";
import type { FormatsPlugin } from "ajv-formats";
import { type Document, OpenAPIBackend, type Operation } from "openapi-backend";

// ajv-formats is CommonJS whose module.exports is the plugin itself.
const addFormats = createRequire(import.meta.url)("ajv-formats") as FormatsPlugin;

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is arbitrary JSON
type Json = any;

export interface Exchange {
  method: string;
  /** Path and query string, as sent. */
  url: string;
  status: number;
  headers: Headers;
  text: string;
  json: Json;
}

export interface SendOptions {
  body?: unknown;
  /** Sent as-is instead of JSON.stringify(body). */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Every response object schema closed to undocumented properties. */
function closeResponseObjects(doc: Json): Json {
  const copy = structuredClone(doc);
  const close = (schema: Json): void => {
    if (!schema || typeof schema !== "object") return;
    if (schema.type === "object" && schema.properties && schema.additionalProperties === undefined) {
      schema.additionalProperties = false;
    }
    for (const value of Object.values(schema)) close(value);
  };
  for (const ops of Object.values(copy.paths ?? {}) as Json[]) {
    for (const method of METHODS) if (ops[method]) close(ops[method].responses);
  }
  return copy;
}

function splitUrl(url: string): { path: string; query: string } {
  const at = url.indexOf("?");
  return at < 0 ? { path: url, query: "" } : { path: url.slice(0, at), query: url.slice(at + 1) };
}

export class ContractRecorder {
  /** operationId → statuses seen. */
  readonly seen = new Map<string, Set<number>>();

  private constructor(
    readonly document: Json,
    private readonly api: OpenAPIBackend,
  ) {}

  static async create(document: Json): Promise<ContractRecorder> {
    const api = new OpenAPIBackend({
      definition: closeResponseObjects(document) as Document,
      // strict: the document itself must be a valid OpenAPI document.
      strict: true,
      validate: true,
      coerceTypes: true,
      customizeAjv: (ajv) => {
        addFormats(ajv);
        return ajv;
      },
    });
    await api.init();
    return new ContractRecorder(document, api);
  }

  /** Every documented operation, as `operationId`. */
  operationIds(): string[] {
    return this.api.router
      .getOperations()
      .map((op: Operation) => op.operationId ?? `${op.method} ${op.path}`);
  }

  /**
   * What the exchanges so far left untested: an operation never called, or called without a
   * success (2xx) or without an error (4xx/5xx) answer. Empty when every operation was covered.
   */
  coverageGaps(): string[] {
    return this.operationIds().flatMap((id) => {
      const statuses = [...(this.seen.get(id) ?? [])];
      if (statuses.length === 0) return [`${id} was never called`];
      const gaps: string[] = [];
      if (!statuses.some((s) => s < 300))
        gaps.push(`${id} never succeeded (answered ${statuses.join(", ")})`);
      if (!statuses.some((s) => s >= 400))
        gaps.push(`${id} was never refused (answered ${statuses.join(", ")})`);
      return gaps;
    });
  }

  private operationFor(method: string, url: string): Operation | undefined {
    const { path, query } = splitUrl(url);
    return this.api.router.matchOperation({ method, path, query, headers: {} });
  }

  /** Fails unless the document allows this request (to show a request at a limit is documented as valid). */
  assertRequestAllowed(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): void {
    const op = this.operationFor(method, url);
    if (!op) throw new Error(`${method} ${url} matches no documented operation.`);
    const { path, query } = splitUrl(url);
    const result = this.api.validator.validateRequest(
      { method, path, query, headers: { "content-type": "application/json", ...headers }, body },
      op,
    );
    if (!result.valid) {
      throw new Error(`The document refuses ${method} ${url}: ${JSON.stringify(result.errors?.slice(0, 3))}`);
    }
  }

  /** Checks one exchange against the document and records the operation and status. */
  check(ex: Exchange): void {
    const what = `${ex.method} ${ex.url} → ${ex.status}`;
    let op = this.operationFor(ex.method, ex.url);
    if (!op && ex.status === 405) {
      // A wrong method: the path's documented operations describe the 405 answer.
      const { path } = splitUrl(ex.url);
      op = METHODS.map((m) => this.operationFor(m, path)).find((o) => o !== undefined);
    }
    if (!op?.operationId) throw new Error(`${what}: no documented operation matches this request.`);
    const declared = op.responses?.[String(ex.status)] as Json;
    if (!declared) {
      throw new Error(
        `${what}: status ${ex.status} is not documented for ${op.operationId} (it lists ${Object.keys(op.responses ?? {}).join(", ")}). Body: ${ex.text.slice(0, 300)}`,
      );
    }
    for (const name of Object.keys(declared.headers ?? {})) {
      if (!ex.headers.has(name)) throw new Error(`${what}: the documented header ${name} is missing.`);
    }
    if (declared.content) {
      const type = ex.headers.get("content-type") ?? "";
      const mediaType = Object.keys(declared.content).find((t) => type.startsWith(t));
      if (mediaType === undefined) {
        throw new Error(
          `${what}: content-type "${type}" is not one of ${Object.keys(declared.content).join(", ")}.`,
        );
      }
      // A text media type beside a JSON one (GET /graph?format=dot): openapi-backend validates
      // against the JSON schema, so the text is checked against its own media type's schema here.
      if (!/json/.test(mediaType) && Object.keys(declared.content).some((t) => /json/.test(t))) {
        if (declared.content[mediaType]?.schema?.type !== "string" || ex.text === "") {
          throw new Error(`${what}: a ${mediaType} answer must be a non-empty text documented as a string.`);
        }
        this.record(op.operationId, ex.status);
        return;
      }
      const result = this.api.validator.validateResponse(ex.json, op, ex.status);
      if (!result.valid) {
        throw new Error(
          `${what}: the body does not match the documented schema: ${JSON.stringify(result.errors?.slice(0, 3))}. Body: ${ex.text.slice(0, 300)}`,
        );
      }
    } else if (ex.text !== "") {
      throw new Error(`${what}: the document says no body, but one came: ${ex.text.slice(0, 200)}`);
    }
    this.record(op.operationId, ex.status);
  }

  private record(operationId: string, status: number): void {
    const statuses = this.seen.get(operationId) ?? new Set<number>();
    statuses.add(status);
    this.seen.set(operationId, statuses);
  }
}

/** A small HTTP client whose every exchange is checked by a ContractRecorder. */
export class ContractClient {
  constructor(
    readonly baseUrl: string,
    readonly recorder: ContractRecorder,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  /** Sends a request, checks the answer against the document, and returns it. */
  async send(method: string, url: string, opts: SendOptions = {}): Promise<Exchange> {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...opts.headers };
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers["content-type"] = opts.contentType ?? "application/json";
    const res = await fetch(this.baseUrl + url, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    let json: Json;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const ex: Exchange = { method, url, status: res.status, headers: res.headers, text, json };
    this.recorder.check(ex);
    return ex;
  }

  /** Like send, after checking that the document allows the request (used at the limits). */
  async sendAllowed(method: string, url: string, body?: unknown): Promise<Exchange> {
    this.recorder.assertRequestAllowed(method, url, body, this.defaultHeaders);
    return this.send(method, url, body === undefined ? {} : { body });
  }
}
