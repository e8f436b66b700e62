// The status check of generated suites: fails naming the request, the statuses expected, and the
// start of the body that came instead.

import { AssertionError } from "node:assert";
import type { PageResponse } from "./page-response.js";

/** `what` says which case of the module this request was (e.g. `without email`). */
export function assertStatus(res: PageResponse, expected: number | number[] | "4xx", what?: string): void {
  const ok =
    expected === "4xx" ? res.status >= 400 && res.status < 500 : [expected].flat().includes(res.status);
  if (ok) return;
  const want = expected === "4xx" ? "a 4xx" : [expected].flat().join(" or ");
  throw new AssertionError({
    message: `${what ? `${what}: ` : ""}${res.method} ${res.url}: expected ${want}, got ${res.status} ${res.text().slice(0, 300)}`,
    actual: res.status,
    expected,
    operator: "assertStatus",
  });
}
