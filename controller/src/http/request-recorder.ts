// The request history of the module being run, and every endpoint the service's modules called.
// Bodies: with include_payloads every exchange carries them. Otherwise only the last exchange's
// bodies are kept, beside the history: the runner puts them on the last exchange when the module
// fails (the failure then shows the last response in full) and forgets them when it passes, so
// memory stays flat and passing exchanges never change shape (a deleted property would turn every
// one of them into a slow dictionary object for the reporters).

import type { RecordedExchange } from "./recorded-exchange.js";

/** What an exchange sent, and how to decode what it received (only done when it is kept). */
export interface ExchangeBodies {
  sent?: unknown;
  received?: () => unknown;
}

export class RequestRecorder {
  private current: RecordedExchange[] = [];
  private lastBodies: ExchangeBodies | undefined;
  readonly calledEndpoints = new Set<string>();
  /** include_payloads: every exchange carries its bodies. */
  allBodies = false;

  /** Starts a fresh history; called by the runner before each module attempt. */
  begin(): void {
    this.current = [];
    this.lastBodies = undefined;
  }

  /** Records an exchange; `bodies` are what it sent and received, kept as the recorder decides. */
  record(exchange: RecordedExchange, bodies: ExchangeBodies = {}): void {
    if (this.allBodies) attach(exchange, bodies);
    else this.lastBodies = bodies;
    this.current.push(exchange);
    if (exchange.endpoint) this.calledEndpoints.add(exchange.endpoint.name);
  }

  get exchanges(): readonly RecordedExchange[] {
    return this.current;
  }

  /**
   * Hands the history to the result and starts a fresh one. `withLastBodies` (a failed module):
   * the last exchange gets its bodies back when only the last ones were kept.
   */
  take(withLastBodies = false): RecordedExchange[] {
    const taken = this.current;
    const last = taken.at(-1);
    if (withLastBodies && last && this.lastBodies) attach(last, this.lastBodies);
    this.current = [];
    this.lastBodies = undefined;
    return taken;
  }
}

function attach(exchange: RecordedExchange, { sent, received }: ExchangeBodies): void {
  if (sent !== undefined) exchange.requestBody = sent;
  if (received) exchange.responseBody = received();
}
