// The request history of the module being run, and every endpoint the service's modules called.
// Bodies: with include_payloads every exchange keeps them; otherwise only the last one does (a
// failure shows the last response in full), and the runner drops even those when a module passes,
// so memory stays flat however many modules run.

import type { RecordedExchange } from "../report/types.js";

export type KeptBodies = "all" | "last";

export class RequestRecorder {
  private current: RecordedExchange[] = [];
  readonly calledEndpoints = new Set<string>();
  /** Which exchanges keep their request and response bodies. */
  bodies: KeptBodies = "last";

  /** Starts a fresh history; called by the runner before each module attempt. */
  begin(): void {
    this.current = [];
  }

  record(exchange: RecordedExchange): void {
    if (this.bodies === "last") {
      const previous = this.current.at(-1);
      if (previous) dropBodies(previous);
    }
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

/** Removes the bodies an exchange holds (history that only needed them while it was the last). */
export function dropBodies(exchange: RecordedExchange): void {
  delete exchange.requestBody;
  delete exchange.responseBody;
}
