// Ready when a GET of the URL answers with a status in the expected range (2xx by default).
import { request } from "undici";
import { describeError } from "./describe-error.js";
import { AbstractWaitStrategy, type ProbeResult } from "./wait-strategy.js";

export class HttpWaitStrategy extends AbstractWaitStrategy {
  protected readonly expectation: string;

  constructor(
    readonly target: string,
    private readonly accepts: (status: number) => boolean = (s) => s >= 200 && s < 300,
    description = "HTTP 2xx",
  ) {
    super();
    this.expectation = description;
  }

  async probe(timeoutMs: number): Promise<ProbeResult> {
    try {
      const response = await request(this.target, {
        method: "GET",
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
        // One connection per probe: a kept-alive socket would outlive a restarted service.
        reset: true,
      });
      await response.body.dump();
      return { ok: this.accepts(response.statusCode), seen: `HTTP ${response.statusCode}` };
    } catch (error) {
      return { ok: false, seen: describeError(error) };
    }
  }
}
