// Ready when a GET of the URL answers with a status in the expected range (2xx by default).
// node:http rather than undici: already loaded, and a probe needs nothing more.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { AbstractWaitStrategy, type ProbeResult } from "./wait-strategy.js";

export class HttpWaitStrategy extends AbstractWaitStrategy {
  protected readonly expectation: string;
  private insecure = false;
  private headers: Record<string, string> = {};

  constructor(
    readonly target: string,
    private readonly accepts: (status: number) => boolean = (s) => s >= 200 && s < 300,
    description = "HTTP 2xx",
  ) {
    super();
    this.expectation = description;
  }

  /** Accept any TLS certificate (security.verify_ssl: false). */
  allowInsecure(): this {
    this.insecure = true;
    return this;
  }

  /** Send these headers with every probe (the gateway's credentials). */
  withHeaders(headers: Record<string, string>): this {
    this.headers = headers;
    return this;
  }

  probe(timeoutMs: number): Promise<ProbeResult> {
    return new Promise((resolve) => {
      const url = new URL(this.target);
      const send = url.protocol === "https:" ? httpsRequest : httpRequest;
      // A fresh connection per probe (agent: false): a kept-alive socket would outlive a restarted service.
      const req = send(
        url,
        {
          method: "GET",
          agent: false,
          timeout: timeoutMs,
          headers: this.headers,
          rejectUnauthorized: !this.insecure,
        },
        (res) => {
          res.resume();
          const status = res.statusCode ?? 0;
          resolve({ ok: this.accepts(status), seen: `HTTP ${status}` });
        },
      );
      let timedOut = false;
      req.once("timeout", () => {
        timedOut = true;
        req.destroy(Object.assign(new Error(`no answer within ${timeoutMs}ms`), { code: "" }));
      });
      req.once("error", (error: NodeJS.ErrnoException) =>
        resolve({ ok: false, seen: error.code || error.message, timedOut }),
      );
      req.end();
    });
  }
}
