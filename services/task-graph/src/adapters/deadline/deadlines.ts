// Every backend call gets a deadline and a uniform failure: a backend that is down or hangs
// becomes BackendUnavailableError (503 BACKEND_UNAVAILABLE), never a 500 or a request that never
// ends. Deadlines are checked by one ticker per Deadlines (one per app) rather than a timer per
// call: a list page makes ~20 store calls, and per-call timers were a visible share of its cost.
import { BackendUnavailableError } from "../../ports/errors.js";

export interface BackendFailureLog {
  warn(obj: object, msg: string): void;
}

interface Pending {
  deadline: number;
  expire(): void;
}

export class Deadlines {
  readonly #pending = new Set<Pending>();
  #ticker: NodeJS.Timeout | null = null;
  #tickMs = 1000;

  constructor(
    readonly timeoutMs: number,
    private readonly log?: BackendFailureLog,
  ) {}

  /** `promise` against the deadline; rejects with BackendUnavailableError on failure or timeout. */
  bound<T>(what: string, promise: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const call = new DeadlineCall(what, this, resolve, reject);
      this.#watch(call);
      promise.then(
        (value) => call.resolve(value),
        (err: unknown) => call.fail(err),
      );
    });
  }

  /** Calls `call` now (so a write applied at call time still is) and bounds what it returns. */
  call<T>(what: string, call: () => Promise<T>): Promise<T> {
    let result: Promise<T>;
    try {
      result = call();
    } catch (err) {
      result = Promise.reject(err);
    }
    return this.bound(what, result);
  }

  /** Stops the ticker (the app is closing); calls still pending keep their own promises. */
  stop(): void {
    if (this.#ticker) clearInterval(this.#ticker);
    this.#ticker = null;
  }

  /** @internal */
  settle(call: Pending): void {
    this.#pending.delete(call);
  }

  /** @internal */
  failed(what: string, err: unknown): BackendUnavailableError {
    this.log?.warn({ err, backend: what }, "backend call failed");
    return new BackendUnavailableError(what, `The ${what} is unavailable; try again later.`, { cause: err });
  }

  #watch(entry: Pending): void {
    this.#pending.add(entry);
    // Tick at a quarter of the deadline, so a deadline is overrun by <= 25%.
    if (!this.#ticker) {
      this.#tickMs = Math.max(10, Math.floor(this.timeoutMs / 4));
      this.#ticker = setInterval(() => this.#tick(), this.#tickMs);
      this.#ticker.unref();
    }
  }

  #tick(): void {
    const now = performance.now();
    for (const p of this.#pending) if (p.deadline <= now) p.expire();
    if (this.#pending.size === 0) this.stop();
  }
}

// One pending call as a class rather than per-call closures: a list page makes several store
// calls per request, and each named closure costs an allocation (and a name definition under tsx).
class DeadlineCall<T> implements Pending {
  readonly deadline: number;
  constructor(
    private readonly what: string,
    private readonly owner: Deadlines,
    private readonly onValue: (value: T) => void,
    private readonly onError: (err: unknown) => void,
  ) {
    this.deadline = performance.now() + owner.timeoutMs;
  }

  resolve(value: T): void {
    this.owner.settle(this);
    this.onValue(value);
  }

  expire(): void {
    this.fail(new Error(`${this.what} did not answer within ${this.owner.timeoutMs} ms`));
  }

  fail(err: unknown): void {
    this.owner.settle(this);
    this.onError(this.owner.failed(this.what, err));
  }
}
