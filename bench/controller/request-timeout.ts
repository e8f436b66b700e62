// How close to its deadline a per-request `timeoutMs: 200` fires (SPEC §3b: within 50 ms), median
// and max of 20 requests to a loopback server that never answers in time. Baseline side by side:
// the same request bounded by undici's own headersTimeout (what BasePage used before), whose
// coarse timer wheel fired at about 1 s.

import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { request } from "undici";
import { testPageContext } from "../../controller/harness/page-context.js";
import { BasePage } from "../../controller/src/http/base-page.js";
import { DispatcherRegistry } from "../../controller/src/http/dispatchers.js";
import { median, round, writeResult } from "./measure.js";

const RUNS = 20;
const TIMEOUT = 200;

export async function benchRequestTimeout(): Promise<Record<string, unknown>> {
  const server = createServer(() => {}); // never answers
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dispatchers = new DispatcherRegistry();
  const page = new BasePage(testPageContext(url, { dispatchers }));
  const late = { page: [] as number[], undici: [] as number[] };
  try {
    for (let i = 0; i < RUNS; i++) {
      let t0 = performance.now();
      await page.get("/slow", { timeoutMs: TIMEOUT }).catch(() => {});
      late.page.push(performance.now() - t0 - TIMEOUT);
      t0 = performance.now();
      await request(`${url}/slow`, { headersTimeout: TIMEOUT, bodyTimeout: TIMEOUT }).catch(() => {});
      late.undici.push(performance.now() - t0 - TIMEOUT);
    }
  } finally {
    await dispatchers.close();
    server.closeAllConnections();
    server.close();
  }
  const result = {
    runs: RUNS,
    timeout_ms: TIMEOUT,
    baseline: "undici headersTimeout/bodyTimeout (BasePage before issue 13)",
    late_median_ms: { page: round(median(late.page)), undici_timers: round(median(late.undici)) },
    late_max_ms: { page: round(Math.max(...late.page)), undici_timers: round(Math.max(...late.undici)) },
    target: "fires within 50 ms of timeoutMs (median and max)",
    met: Math.max(...late.page) <= 50,
  };
  const file = writeResult("controller-request-timeout", result);
  console.log(
    `request-timeout: timeoutMs ${TIMEOUT} fires ${result.late_median_ms.page} ms late (median, max ${result.late_max_ms.page}) ` +
      `vs undici's timers ${result.late_median_ms.undici_timers} ms late (max ${result.late_max_ms.undici_timers}); ` +
      `target ≤50 ms: ${result.met ? "met" : "NOT met"} → ${file}`,
  );
  return result;
}
