// Lets a poller's sleep be cut short, e.g. when the service prints a line (it may just have
// started listening), so readiness is seen within milliseconds instead of at the next tick.

export class Wakeup {
  private controller = new AbortController();

  /** Aborts when trigger() is next called. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  trigger(): void {
    const current = this.controller;
    this.controller = new AbortController();
    current.abort();
  }
}
