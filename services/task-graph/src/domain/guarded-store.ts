// Every backend call gets a deadline and a uniform failure: a store that is down or hangs
// becomes 503 BACKEND_UNAVAILABLE, never a 500 or a request that never ends.
// Deadlines are checked by one shared ticker rather than a timer per call: a list page makes
// ~20 store calls, and per-call timers were a visible share of its cost.
import { HttpError } from "../../../../lib/service-kit/index.js";
import { taskGraphError } from "./errors.js";

export interface BackendFailureLog {
  warn(obj: object, msg: string): void;
}

interface Pending {
  deadline: number;
  expire: () => void;
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
    const fail = (err: unknown) => {
      pending.delete(entry);
      if (err instanceof HttpError) return reject(err);
      log?.warn({ err, backend: what }, "backend call failed");
      reject(
        taskGraphError("BACKEND_UNAVAILABLE", `The ${what} is unavailable; try again later.`, { backend: what }),
      );
    };
    const entry: Pending = {
      deadline: performance.now() + timeoutMs,
      expire: () => fail(new Error(`${what} did not answer within ${timeoutMs} ms`)),
    };
    watch(entry, timeoutMs);
    promise.then((value) => {
      pending.delete(entry);
      resolve(value);
    }, fail);
  });
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
