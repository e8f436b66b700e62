/** Starts a real auth service on an ephemeral loopback port and calls it over HTTP. */
import { type AuthService, createAuthService } from "../src/index.js";

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field
  json: any;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as-is instead of JSON.stringify(body). */
  raw?: string;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface Harness extends AuthService {
  call(method: string, path: string, opts?: CallOptions): Promise<Reply>;
  login(email: string, password: string): Promise<string>;
}

export async function startAuth(env: NodeJS.ProcessEnv = {}): Promise<Harness> {
  const svc = await createAuthService({ port: 0, env: { LOG_LEVEL: "silent", ...env } });
  const call = async (method: string, path: string, opts: CallOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...opts.headers };
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers["content-type"] = opts.contentType ?? "application/json";
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await fetch(svc.url + path, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    let json: unknown;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  };
  const login = async (email: string, password: string): Promise<string> => {
    const r = await call("POST", "/api/auth/login", { body: { email, password } });
    if (r.status !== 200) throw new Error(`login as ${email} failed: ${r.status} ${r.text}`);
    return r.json.token as string;
  };
  return { ...svc, call, login };
}

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const USER_KEYS = ["created_at", "email", "id", "name", "role", "updated_at"];
