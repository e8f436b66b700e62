// A reset a scenario can rely on. SIGUSR2 is asynchronous: the service resets when its event loop
// gets to the signal, so a request sent right after kill() can still see the old data. A service
// that sends `X-Mock-Generation: <n>` on its responses (the auth mock does) bumps n once the reset
// has taken effect; we read n, send the signal, and poll the health endpoint until n has moved.
// A service without the header is only signalled, as before (nothing to wait on).
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { pollUntil } from "../../time/index.js";

const GENERATION_HEADER = "x-mock-generation";
/** How long a signalled reset may take to show before it is reported as not taken effect. */
const RESET_CONFIRM_TIMEOUT_MS = 10_000;

interface Seen {
  /** The header's value, undefined when absent or when the service did not answer. */
  generation?: string;
  /** What the probe saw, for the error message: `HTTP 200`, `ECONNREFUSED`... */
  seen: string;
}

function readGeneration(url: string, timeoutMs: number): Promise<Seen> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(
      target,
      { method: "GET", agent: false, timeout: timeoutMs, rejectUnauthorized: false },
      (res) => {
        res.resume();
        const header = res.headers[GENERATION_HEADER];
        resolve({
          ...(typeof header === "string" ? { generation: header } : {}),
          seen: `HTTP ${res.statusCode}${typeof header === "string" ? `, ${GENERATION_HEADER}: ${header}` : ""}`,
        });
      },
    );
    req.once("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.once("error", (error: NodeJS.ErrnoException) => resolve({ seen: error.code || error.message }));
    req.end();
  });
}

export class ResetNotConfirmedError extends Error {
  constructor(service: string, before: string, waitedMs: number, last: string) {
    super(
      `${service}: the reset did not take effect: SIGUSR2 was sent, but ${GENERATION_HEADER} stayed ${before} ` +
        `for ${waitedMs} ms (last answer: ${last}). Check the service's log for a failed reset.`,
    );
    this.name = "ResetNotConfirmedError";
  }
}

/**
 * Runs `signal()` (true when a reset signal was actually sent) and, when the service announces a
 * generation, resolves only once a response carries a different one.
 */
export async function confirmedReset(
  service: string,
  healthUrl: string,
  signal: () => Promise<boolean>,
  timeoutMs = RESET_CONFIRM_TIMEOUT_MS,
): Promise<void> {
  const before = await readGeneration(healthUrl, Math.min(timeoutMs, 5000));
  const sent = await signal();
  if (!sent || before.generation === undefined) return;
  const outcome = await pollUntil(
    (remaining) => readGeneration(healthUrl, Math.min(remaining, 5000)),
    (now) => now.generation !== undefined && now.generation !== before.generation,
    { timeoutMs, initialIntervalMs: 5, maxIntervalMs: 100 },
  );
  if (!outcome.ok) {
    throw new ResetNotConfirmedError(
      service,
      before.generation,
      Math.round(outcome.elapsedMs),
      outcome.last.seen,
    );
  }
}
