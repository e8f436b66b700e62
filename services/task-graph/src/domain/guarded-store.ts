// Every backend call gets a deadline and a uniform failure: a store that is down or hangs
// becomes 503 BACKEND_UNAVAILABLE, never a 500 or a request that never ends.
// Deadlines are checked by one shared ticker rather than a timer per call: a list page makes
// ~20 store calls, and per-call timers were a visible share of its cost.
import { BackendUnavailableError } from "../ports/errors.js";
import { DomainError } from "./errors.js";

export interface BackendFailureLog {
  warn(obj: object, msg: string): void;
}

interface Pending {
  deadline: number;
  expire(): void;
}

const pending = new Set<Pending>();
let ticker: NodeJS.Timeout | null = null;
let tickMs = 1000;

function watch(entry: Pending, timeoutMs: number): void {
  pending.add(entry);
  // Tick at a quarter of the shortest deadline in use, so a deadline is overrun by <= 25%.
  const wanted = Math.max(10, Math.floor(timeoutMs / 4));
  if (ticker && wanted < tickMs) {
    clearInterval(ticker);
    ticker = null;
  }
  if (!ticker) {
    tickMs = wanted;
    ticker = setInterval(tick, tickMs);
    ticker.unref();
  }
}

function tick(): void {
  const now = performance.now();
  for (const p of pending) if (p.deadline <= now) p.expire();
  if (pending.size === 0 && ticker) {
    clearInterval(ticker);
    ticker = null;
  }
}

/** Runs `promise` against a deadline; rejects with 503 BACKEND_UNAVAILABLE on failure or timeout. */
export function withDeadline<T>(
  what: string,
  promise: Promise<T>,
  timeoutMs: number,
  log?: BackendFailureLog,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const call = new DeadlineCall(what, timeoutMs, log, resolve, reject);
    watch(call, timeoutMs);
    promise.then(
      (value) => call.resolve(value),
      (err: unknown) => call.fail(err),
    );
  });
}

// One pending call as a class rather than per-call closures: a list page makes several store
// calls per request, and each named closure costs an allocation (and a name definition under tsx).
class DeadlineCall<T> implements Pending {
  readonly deadline: number;
  constructor(
    private readonly what: string,
    private readonly timeoutMs: number,
    private readonly log: BackendFailureLog | undefined,
    private readonly onValue: (value: T) => void,
    private readonly onError: (err: unknown) => void,
  ) {
    this.deadline = performance.now() + timeoutMs;
  }

  resolve(value: T): void {
    pending.delete(this);
    this.onValue(value);
  }

  expire(): void {
    this.fail(new Error(`${this.what} did not answer within ${this.timeoutMs} ms`));
  }

  fail(err: unknown): void {
    pending.delete(this);
    if (err instanceof DomainError) {
      this.onError(err);
      return;
    }
    this.log?.warn({ err, backend: this.what }, "backend call failed");
    this.onError(
      new BackendUnavailableError(this.what, `The ${this.what} is unavailable; try again later.`, {
        cause: err,
      }),
    );
  }
}

/**
 * Wraps every method of a backend port so each call is deadline-bound. The call itself starts
 * synchronously, so a store that applies writes at call time keeps doing so.
 */
export function guardBackend<T extends object>(
  what: string,
  target: T,
  timeoutMs: number,
  log?: BackendFailureLog,
): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (typeof value !== "function") return value;
      let fn = wrapped.get(prop);
      if (!fn) {
        fn = (...args: unknown[]) => {
          let result: unknown;
          try {
            result = value.apply(obj, args);
          } catch (err) {
            result = Promise.reject(err);
          }
          return result instanceof Promise ? withDeadline(what, result, timeoutMs, log) : result;
        };
        wrapped.set(prop, fn);
      }
      return fn;
    },
  });
}
