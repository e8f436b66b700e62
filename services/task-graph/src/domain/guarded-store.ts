// Every backend call gets a deadline and a uniform failure: a store that is down or hangs
// becomes 503 BACKEND_UNAVAILABLE, never a 500 or a request that never ends.
import { HttpError } from "../../../../lib/service-kit/index.js";
import { taskGraphError } from "./errors.js";

export interface BackendFailureLog {
  warn(obj: object, msg: string): void;
}

/** Runs `promise` against a deadline; rejects with 503 BACKEND_UNAVAILABLE on failure or timeout. */
export function withDeadline<T>(what: string, promise: Promise<T>, timeoutMs: number, log?: BackendFailureLog) {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([promise, deadline])
    .catch((err: unknown) => {
      if (err instanceof HttpError) throw err;
      log?.warn({ err, backend: what }, "backend call failed");
      throw taskGraphError("BACKEND_UNAVAILABLE", `The ${what} is unavailable; try again later.`, {
        backend: what,
      });
    })
    .finally(() => clearTimeout(timer));
}

/**
 * Wraps every method of a backend port so each call is deadline-bound. The call itself starts
 * synchronously, so a store that applies writes at call time keeps doing so.
 */
export function guardBackend<T extends object>(what: string, target: T, timeoutMs: number, log?: BackendFailureLog): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        let result: unknown;
        try {
          result = value.apply(obj, args);
        } catch (err) {
          result = Promise.reject(err);
        }
        return result instanceof Promise ? withDeadline(what, result, timeoutMs, log) : result;
      };
    },
  });
}
