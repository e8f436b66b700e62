// services.<name>.auth with type: login (SPEC §3b): one login per run for all of the service's
// pages (parallel workers share the one in-flight promise), and one shared re-login when a request
// answers a listed status. The token is registered with the redactor before anyone can print it;
// errors name the URL and the status, never the body that was sent (it holds the password).

import { request } from "undici";
import type { LoginAuthConfig } from "../config/index.js";
import type { PageAuth, PageContext } from "../http/index.js";
import { registerSecret } from "./runtime-secrets.js";

export class LoginSession implements PageAuth {
  readonly header: string;
  readonly refreshOn: readonly number[];
  private value: Promise<string> | undefined;
  /** The value of the last login that succeeded, until a renewal replaces it. */
  private settled: string | undefined;

  constructor(
    private readonly context: PageContext,
    private readonly auth: LoginAuthConfig,
    private readonly log: (line: string) => unknown,
  ) {
    this.header = auth.header.toLowerCase();
    this.refreshOn = auth.refresh_on;
  }

  current(): Promise<string> {
    this.value ??= this.login();
    return this.value;
  }

  renew(stale: string, status: number): Promise<string> {
    // Only the first request to see the stale value logs in again; the others wait for that login.
    if (this.settled === stale) {
      this.settled = undefined;
      this.value = this.login().then(async (value) => {
        await this.log(`${this.context.service}: logged in again after ${status}`);
        return value;
      });
    }
    return this.current();
  }

  private get url(): string {
    return this.context.baseUrl.replace(/\/+$/, "") + this.auth.path;
  }

  private async login(): Promise<string> {
    const { method, body, token_path: tokenPath, scheme } = this.auth;
    const where = `services.${this.context.service}.auth: login ${method} ${this.url}`;
    let status: number;
    let text: string;
    try {
      const res = await request(this.url, {
        method,
        headers: {
          "user-agent": this.context.headers["user-agent"] ?? "Gantry-E2E",
          accept: "application/json",
          ...(method === "GET" ? {} : { "content-type": "application/json" }),
        },
        ...(method === "GET" ? {} : { body: JSON.stringify(body) }),
        dispatcher: this.context.dispatchers.forOrigin(new URL(this.url).origin),
        signal: AbortSignal.timeout(this.context.timeoutMs),
      });
      status = res.statusCode;
      text = await res.body.text();
    } catch (err) {
      const e = err as { code?: string; message?: string; cause?: { message?: string } };
      throw new Error(`${where} failed: ${e.code ? `${e.code}: ` : ""}${e.cause?.message ?? e.message}`);
    }
    if (status < 200 || status > 299) throw new Error(`${where} answered ${status} (expected 2xx)`);
    const token = tokenAt(text, tokenPath);
    if (token === undefined) {
      throw new Error(`${where} answered ${status} without a string at token_path "${tokenPath}"`);
    }
    registerSecret(token);
    const value = scheme ? `${scheme} ${token}` : token;
    this.settled = value;
    return value;
  }
}

function tokenAt(text: string, path: string): string | undefined {
  let node: unknown;
  try {
    node = JSON.parse(text);
  } catch {
    return undefined;
  }
  for (const key of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === "string" && node !== "" ? node : undefined;
}
