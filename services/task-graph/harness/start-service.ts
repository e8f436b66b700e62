// Starts a real task-graph service on an ephemeral loopback port, with the embedded adapters
// (or ones given), and a tiny JSON client for it.
import { HashingEmbedder } from "../../../lib/embedding/index.js";
import { EmbeddedGraphStore } from "../src/adapters/embedded-graph/index.js";
import { EmbeddedVectorIndex } from "../src/adapters/embedded-vector/index.js";
import { type Adapters, createTaskGraphService } from "../src/index.js";

// biome-ignore lint/suspicious/noExplicitAny: response bodies in tests are arbitrary JSON
export type Json = any;

export interface Reply<T = Json> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface Client {
  url: string;
  request<T = Json>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Reply<T>>;
  get<T = Json>(path: string, headers?: Record<string, string>): Promise<Reply<T>>;
  post<T = Json>(path: string, body?: unknown): Promise<Reply<T>>;
  patch<T = Json>(path: string, body?: unknown): Promise<Reply<T>>;
  delete<T = Json>(path: string): Promise<Reply<T>>;
}

export interface StartedService extends Client {
  close(): Promise<void>;
  adapters: Adapters;
}

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
  dataDir?: string;
  adapters?: Partial<Adapters>;
}

export function embeddedAdapters(dataDir?: string): Adapters {
  return {
    graph: new EmbeddedGraphStore(dataDir ? { dataDir } : {}),
    vectors: new EmbeddedVectorIndex(),
    embedder: new HashingEmbedder(),
  };
}

export async function startService(opts: StartOptions = {}): Promise<StartedService> {
  const adapters = { ...embeddedAdapters(opts.dataDir), ...opts.adapters };
  const service = await createTaskGraphService({
    port: 0,
    host: "127.0.0.1",
    env: { ...opts.env },
    adapters,
    logger: false,
    ...(opts.now ? { now: opts.now } : {}),
  });
  return { ...client(service.url), close: service.close, adapters };
}

export function client(url: string, defaultHeaders: Record<string, string> = {}): Client {
  const request = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const init: RequestInit = { method, headers: { ...defaultHeaders, ...headers } };
    if (body !== undefined) {
      init.body = typeof body === "string" ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)["content-type"] ??= "application/json";
    }
    const res = await fetch(url + path, init);
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, headers: res.headers, body: parsed as Json, text };
  };
  return {
    url,
    request,
    get: (path, headers) => request("GET", path, undefined, headers),
    post: (path, body) => request("POST", path, body ?? {}),
    patch: (path, body) => request("PATCH", path, body ?? {}),
    delete: (path) => request("DELETE", path),
  };
}

/** A clock tests can set and advance. */
export class TestClock {
  constructor(public ms = Date.parse("2026-11-20T12:00:00.000Z")) {}
  now = (): Date => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
}

export const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;
