/**
 * The Fastify factory both HTTP services start from: strict JSON in, JSON errors out, TypeBox
 * schemas, OpenAPI at /docs/json. Routes are registered by the caller after this resolves.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type RawServerDefault,
} from "fastify";
import { AJV_OPTIONS } from "./ajv-options.js";
import { readBody, readBodyText } from "./body-text.js";
import { bodyTrimmerFor } from "./body-trim.js";
import { clientErrorHandler } from "./client-errors.js";
import { registerCors, resolveCorsPolicy } from "./cors.js";
import { emptyParamIsNoRoute } from "./empty-params.js";
import {
  type ErrorTranslator,
  errorHandler,
  errorHandlerWith,
  sendError,
  toHttpError,
} from "./error-handler.js";
import { httpError } from "./errors.js";
import { SlicedJsonBody } from "./json-stream.js";
import { lazySchemaController } from "./lazy-compilers.js";
import { loggerOptions, resolveLogLevel } from "./logger.js";
import { decodedLikeRouter, RouteTable } from "./method-not-allowed.js";
import { registerOpenApi } from "./openapi.js";
import { queryCoercerFor } from "./query-coercion.js";
import { requestTimeoutServerOptions, resolveRequestTimeout } from "./request-timeout.js";
import { attachSecurityRegistry } from "./route-security.js";

/** Bodies longer than this (bytes, by Content-Length; or of unknown length) are parsed as they arrive. */
const PARSED_AS_IT_ARRIVES_FROM = 1024 * 1024;

/** Fastify's JSON parser called for a value (it answers synchronously). */
function parseNow(parser: JsonParser, request: FastifyRequest, piece: string): unknown {
  let result: { err: Error | null; value?: unknown } | undefined;
  parser(request, piece, (err, value) => {
    result = { err, value };
  });
  if (!result) throw new Error("the JSON parser did not answer synchronously");
  if (result.err) throw result.err;
  return result.value;
}

type JsonParser = ReturnType<FastifyInstance["getDefaultJsonParser"]>;

export type ServiceApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface ServiceAppOptions {
  /** Service name, used as OpenAPI title and logger name. */
  name: string;
  version: string;
  description?: string;
  /** Source of LOG_LEVEL, REQUEST_TIMEOUT_MS and CORS_ORIGINS. @default process.env */
  env?: NodeJS.ProcessEnv;
  /** false silences logging entirely (tests, benchmarks). @default true */
  logger?: boolean;
  /** Largest accepted body in bytes. @default 65536 */
  bodyLimit?: number;
  /** Origins allowed when CORS_ORIGINS is unset: a comma list or `*`. @default "" (none) */
  defaultCorsOrigins?: string;
  /** Maps the service's own error types (e.g. its domain's codes) to HttpErrors. */
  translateError?: ErrorTranslator;
}

const DEFAULT_BODY_LIMIT = 64 * 1024;
/**
 * Longest path parameter the router matches (Fastify's default, made explicit): route schemas
 * give their path parameters this maxLength so the document states it.
 */
export const MAX_PARAM_LENGTH = 100;

const routeTables = new WeakMap<object, RouteTable>();

/** Every route of an app made by createServiceApp, as [method, url template] (tests enumerate them). */
export function routesOf(app: ServiceApp): [string, string][] {
  return routeTables.get(app)?.list() ?? [];
}

function logsInfo(env: NodeJS.ProcessEnv): boolean {
  return ["trace", "debug", "info"].includes(resolveLogLevel(env));
}

export async function createServiceApp(opts: ServiceAppOptions): Promise<ServiceApp> {
  const bodyLimit = opts.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const env = opts.env ?? process.env;
  const requestTimeout = resolveRequestTimeout(env);
  const cors = resolveCorsPolicy(env, opts.defaultCorsOrigins ?? "");
  const serverOptions: FastifyHttpOptions<RawServerDefault> = {
    bodyLimit,
    // Node enforces it; Fastify would otherwise set the server's requestTimeout to 0 (none).
    requestTimeout,
    http: requestTimeoutServerOptions(requestTimeout),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    logger: opts.logger === false ? false : loggerOptions(env, opts.name),
    // Fastify's per-request lines are info level; above info they would be built and dropped.
    logController: new LogController({
      disableRequestLogging: opts.logger === false || !logsInfo(env),
    }),
    // Requests on already-open connections are served while closing (they are in flight).
    return503OnClosing: false,
    ajv: AJV_OPTIONS as unknown as FastifyServerOptions["ajv"],
    // Validators and serializers compile on a route's first request (start-up in well under 1 s).
    schemaController: lazySchemaController(),
    frameworkErrors: (err, _request, reply) => {
      sendError(reply, toHttpError(err));
    },
    clientErrorHandler,
  };
  const app = Fastify(serverOptions).withTypeProvider<TypeBoxTypeProvider>() as unknown as ServiceApp;

  // Only JSON bodies: drop Fastify's text/plain parser and keep its safe JSON parser.
  const jsonParser = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  // The body is read as text as it arrives (body-text.ts), under the route's limit. An empty body
  // with a JSON content type means "no body" (many clients send the header anyway); routes that
  // need a body then answer VALIDATION_ERROR naming it.
  app.addContentTypeParser("application/json", { bodyLimit }, (request, payload, done) => {
    const limit = request.routeOptions.bodyLimit ?? bodyLimit;
    const declared = Number(request.headers["content-length"]);
    if (declared <= PARSED_AS_IT_ARRIVES_FROM) {
      readBodyText(payload, request.headers, limit).then((body) => {
        if (body.trim() === "") done(null, undefined);
        else jsonParser(request, body, done);
      }, done);
      return;
    }
    // A large body (a code upload, up to 8 MiB) or one of unknown length: parsed as it arrives,
    // a top-level member or array item at a time, each through the same safe parser (json-stream.ts).
    const stream = new SlicedJsonBody((piece) => parseNow(jsonParser, request, piece));
    let blank = true;
    const onText = (piece: string) => {
      if (blank && piece.trim() === "") return;
      blank = false;
      stream.write(piece);
    };
    readBody(payload, request.headers, limit, onText)
      .then(() => (blank ? undefined : stream.end()))
      .then((value) => done(null, value), done);
  });

  // While closing, keep-alive connections would hold the server open after their in-flight
  // response; close each one as soon as it is idle (cheaper than a per-request hook).
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook("preClose", async () => {
    sweeper = setInterval(() => app.server.closeIdleConnections(), 25);
    sweeper.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(sweeper);
  });
  // A client that goes away (mid-body, mid-handler, or timed out) is routine, not an error.
  app.addHook("onRequestAbort", async (request) => {
    request.log.info({ code: "CLIENT_ABORTED" }, "the client closed the connection before the response");
  });
  // Only routes whose schema asks for query coercion or body trimming pay for them.
  app.addHook("onRoute", (route) => {
    const schema = route.schema as { querystring?: unknown; body?: unknown } | undefined;
    const hooks = [queryCoercerFor(schema?.querystring), bodyTrimmerFor(schema?.body)].filter(
      (h) => h !== null,
    );
    if (hooks.length === 0) return;
    const existing = route.preValidation;
    route.preValidation = [...hooks, ...(existing ? (Array.isArray(existing) ? existing : [existing]) : [])];
  });

  const routes = new RouteTable();
  routes.attach(app as unknown as FastifyInstance);
  // Before the access checks, so that their 401/403 carry the CORS headers too.
  registerCors(app as unknown as FastifyInstance, cors, routes);
  // Ahead of the access check: `/api/users/` is an unknown route, whatever the credentials.
  app.addHook("onRequest", emptyParamIsNoRoute);
  const security = attachSecurityRegistry(app as unknown as FastifyInstance);
  routeTables.set(app, routes);
  app.setErrorHandler(opts.translateError ? errorHandlerWith(opts.translateError) : errorHandler);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const allowed = routes.allowedMethods(decodedLikeRouter(path));
    // The method may be listed yet unrouted (e.g. a path Fastify refused): that is a 404.
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return sendError(
        reply,
        httpError(
          "METHOD_NOT_ALLOWED",
          `Method ${request.method} is not allowed on ${path}; use ${allowed.join(", ")}.`,
          {
            allowed,
          },
        ),
      );
    }
    return sendError(reply, httpError("NOT_FOUND", `No route matches ${request.method} ${path}.`));
  });

  await registerOpenApi(
    app as unknown as FastifyInstance,
    {
      title: opts.name,
      version: opts.version,
      ...(opts.description ? { description: opts.description } : {}),
    },
    security.documented,
  );
  return app;
}
