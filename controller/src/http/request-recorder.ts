// The request history of the module being run, and every endpoint the service's modules called.

import type { RecordedExchange } from "../report/types.js";

export class RequestRecorder {
  private current: RecordedExchange[] = [];
  readonly calledEndpoints = new Set<string>();

  /** Starts a fresh history; called by the runner before each module attempt. */
  begin(): void {
    this.current = [];
  }

  record(exchange: RecordedExchange): void {
    this.current.push(exchange);
    if (exchange.endpoint) this.calledEndpoints.add(exchange.endpoint.name);
  }

  get exchanges(): readonly RecordedExchange[] {
    return this.current;
  }

  /** Hands the history to the result and starts a fresh one. */
  take(): RecordedExchange[] {
    const taken = this.current;
    this.current = [];
    return taken;
  }
}
