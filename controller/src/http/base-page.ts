// The base class of every service's page (services/<name>/page.ts). Endpoint methods of a page
// call get/post/put/patch/delete; the page applies the config (base URL, headers, auth, timeout,
// retries, step delay, TLS) and records every exchange for the report.

import { setTimeout as sleep } from "node:timers/promises";
import { request } from "undici";
import { type CallSite, captureCallSite } from "./call-site.js";
import { EndpointMatcher } from "./endpoint-matcher.js";
import { eventually } from "./eventually.js";
import type { PageContext } from "./page-context.js";
import { PageResponse } from "./page-response.js";
import type { RecordedExchange } from "./recorded-exchange.js";
import { type ExchangeBodies, RequestRecorder } from "./request-recorder.js";
import { backoffDelay, shouldRetryError, shouldRetryStatus } from "./retry-policy.js";
import { newTestUser, type TestUser } from "./test-user.js";

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  headers?: Record<string, string>;
  query?: Record<string, QueryValue>;
  /** Overrides the service timeout for this request, ms. */
  timeoutMs?: number;
  /**
   * Answer once the status and headers arrive, closing the body unread (the response's body is
   * empty): a short read of a stream that does not end, such as Server-Sent Events.
   */
  headersOnly?: boolean;
}

export interface RequestInit extends RequestOptions {
  /** Objects and arrays are sent as JSON; strings and Buffers are sent as they are. */
  body?: unknown;
}

/** The runner reaches the recorder through this symbol, so it never clashes with page methods. */
export const PAGE_RECORDER: unique symbol = Symbol("gantry.page.recorder");

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}

function decodeBody(body: Buffer, headers: Record<string, string>): unknown {
  if (body.length === 0) return undefined;
  const text = body.toString("utf8");
  if (/json/i.test(headers["content-type"] ?? "")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export class BasePage {
  readonly service: string;
  readonly baseUrl: string;
  /** test_data from the config (email domain, password, username prefix...). */
  readonly testData: PageContext["testData"];
  /** security.test_tokens from the config. */
  readonly tokens: Record<string, string>;
  readonly [PAGE_RECORDER] = new RequestRecorder();
  private readonly context: PageContext;
  private readonly matcher: EndpointMatcher;
  private readonly basePath: string;

  constructor(context: PageContext) {
    this.context = context;
    this[PAGE_RECORDER].allBodies = context.includePayloads;
    this.service = context.service;
    this.baseUrl = context.baseUrl.replace(/\/+$/, "");
    this.testData = context.testData;
    this.tokens = context.tokens;
    this.matcher = new EndpointMatcher(context.endpoints);
    this.basePath = new URL(this.baseUrl).pathname.replace(/\/+$/, "");
  }

  /** A user nobody has made yet, from test_data.user (prefix, email domain, password). */
  testUser(): TestUser {
    return newTestUser(this.testData.user);
  }

  /**
   * Runs `check` (requests and asserts) again until it passes, for effects that land later than
   * the request that caused them; gives up after test_data.timing.async_timeout ms (or timeoutMs)
   * with the last failure. Resolves to what `check` returned.
   */
  eventually<T>(
    check: () => T | Promise<T>,
    options: { timeoutMs?: number; intervalMs?: number } = {},
  ): Promise<T> {
    return eventually(check, {
      timeoutMs: options.timeoutMs ?? this.testData.timing.async_timeout,
      ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    });
  }

  get(path: string, options?: RequestOptions): Promise<PageResponse> {
    return this.request("GET", path, options);
  }

  post(path: string, body?: unknown, options?: RequestOptions): Promise<PageResponse> {
    return this.request("POST", path, { ...options, body });
  }

  put(path: string, body?: unknown, options?: RequestOptions): Promise<PageResponse> {
    return this.request("PUT", path, { ...options, body });
  }

  patch(path: string, body?: unknown, options?: RequestOptions): Promise<PageResponse> {
    return this.request("PATCH", path, { ...options, body });
  }

  delete(path: string, options?: RequestOptions): Promise<PageResponse> {
    return this.request("DELETE", path, options);
  }

  async request(method: string, path: string, init: RequestInit = {}): Promise<PageResponse> {
    method = method.toUpperCase();
    const callSite = captureCallSite();
    const recorder = this[PAGE_RECORDER];
    if (recorder.exchanges.length > 0 && this.context.stepDelayMs > 0) await sleep(this.context.stepDelayMs);

    const url = this.urlFor(path, init.query);
    const headers: Record<string, string> = { ...this.context.headers };
    for (const [k, v] of Object.entries(init.headers ?? {})) headers[k.toLowerCase()] = String(v);
    // The service's login (auth: type login) unless the scenario sends its own credentials.
    const auth = this.context.auth && !(this.context.auth.header in headers) ? this.context.auth : undefined;
    if (auth) headers[auth.header] = await auth.current();
    let payload: string | Buffer | undefined;
    if (init.body !== undefined) {
      if (typeof init.body === "string" || Buffer.isBuffer(init.body)) {
        payload = init.body;
      } else {
        payload = JSON.stringify(init.body);
        headers["content-type"] ??= "application/json";
      }
    }

    const exchange: RecordedExchange = {
      method,
      url: url.href,
      endpoint: this.endpointOf(url),
      requestHeaders: headers,
      startedAt: new Date().toISOString(),
      durationMs: 0,
      attempts: 0,
    };
    // The recorder keeps every exchange's bodies or only the last ones (see there).
    const bodies: ExchangeBodies = {};
    if (init.body !== undefined) bodies.sent = init.body;
    if (!exchange.endpoint) delete exchange.endpoint;

    const started = performance.now();
    try {
      const send = () =>
        this.send(method, url, headers, payload, init.timeoutMs, exchange, callSite, init.headersOnly);
      let response = await send();
      if (auth?.refreshOn.includes(response.status)) {
        // Once: log in again (shared with the service's other pages) and repeat the request.
        headers[auth.header] = await auth.renew(headers[auth.header]!, response.status);
        response = await send();
      }
      exchange.durationMs = performance.now() - started;
      exchange.status = response.status;
      exchange.responseHeaders = response.headers;
      bodies.received = () => decodeBody(response.body, response.headers);
      return response;
    } catch (err) {
      exchange.durationMs = performance.now() - started;
      exchange.error = (err as Error).message;
      throw err;
    } finally {
      recorder.record(exchange, bodies);
    }
  }

  private async send(
    method: string,
    url: URL,
    headers: Record<string, string>,
    payload: string | Buffer | undefined,
    timeoutOverride: number | undefined,
    exchange: RecordedExchange,
    callSite: CallSite | undefined,
    headersOnly = false,
  ): Promise<PageResponse> {
    const { maxAttempts, backoffMs } = this.context.retries;
    const timeout = timeoutOverride ?? this.context.timeoutMs;
    const dispatcher = this.context.dispatchers.forOrigin(url.origin);
    for (let attempt = 1; ; attempt++) {
      exchange.attempts = attempt;
      const started = performance.now();
      // Our own timer over headers and body: undici's headersTimeout/bodyTimeout tick on a coarse
      // 1 s wheel, so a 200 ms timeout fired after ~1 s (SPEC §3b: within 50 ms).
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), timeout);
      try {
        const res = await request(url, {
          method: method as "GET",
          headers,
          body: payload,
          dispatcher,
          signal: deadline.signal,
          headersTimeout: 0,
          bodyTimeout: 0,
        });
        if (headersOnly) res.body.destroy();
        const body = headersOnly ? Buffer.alloc(0) : Buffer.from(await res.body.arrayBuffer());
        clearTimeout(timer);
        const response = new PageResponse(
          method,
          url.href,
          res.statusCode,
          flattenHeaders(res.headers),
          body,
          performance.now() - started,
        );
        if (attempt < maxAttempts && shouldRetryStatus(method, res.statusCode)) {
          await sleep(backoffDelay(backoffMs, attempt));
          continue;
        }
        return response;
      } catch (err) {
        clearTimeout(timer);
        if (deadline.signal.aborted) {
          const option =
            timeoutOverride !== undefined
              ? `timeoutMs: ${timeout}`
              : `services.${this.service}.timeout / general.timeout`;
          const where = callSite ? ` at ${callSite.shown}` : "";
          throw this.failure(
            method,
            url,
            attempt,
            `timed out after ${timeout} ms (${option}${where})`,
            err,
            callSite,
          );
        }
        if (attempt < maxAttempts && shouldRetryError(method, err)) {
          await sleep(backoffDelay(backoffMs, attempt));
          continue;
        }
        throw this.describeFailure(err, method, url, attempt, callSite);
      }
    }
  }

  private describeFailure(
    err: unknown,
    method: string,
    url: URL,
    attempts: number,
    callSite: CallSite | undefined,
  ): Error {
    const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const code = e.code ?? e.cause?.code;
    const reason = `${code ? `${code}: ` : ""}${e.cause?.message ?? e.message ?? String(err)}`;
    return this.failure(method, url, attempts, reason, err, callSite);
  }

  /** A RequestError whose stack starts at the scenario's call, so reports locate the module line. */
  private failure(
    method: string,
    url: URL,
    attempts: number,
    reason: string,
    cause: unknown,
    callSite: CallSite | undefined,
  ): Error {
    const tries = attempts > 1 ? ` after ${attempts} attempts` : "";
    const error = new Error(`${method} ${url.href} failed${tries}: ${reason}`, { cause });
    error.name = "RequestError";
    if (callSite && error.stack) error.stack += `\n    at request (${callSite.frame})`;
    return error;
  }

  private urlFor(path: string, query: RequestOptions["query"]): URL {
    const url = /^https?:\/\//i.test(path)
      ? new URL(path)
      : new URL(this.baseUrl + (path.startsWith("/") ? path : `/${path}`));
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v !== undefined && v !== null) url.searchParams.append(k, String(v));
    }
    return url;
  }

  private endpointOf(url: URL): RecordedExchange["endpoint"] {
    let path = url.pathname;
    if (this.basePath && path.startsWith(this.basePath)) path = path.slice(this.basePath.length) || "/";
    return this.matcher.match(path);
  }
}
