// Sends every route of a live service, spelled every way of targetVariants, over a raw socket
// without valid credentials, and lists each answer that is not a refusal: either the route's
// access check (401/403) or a routing refusal (400/404/405) that the right credentials would get
// too, so no handler ran.
import { type RawResponse, sendRaw } from "./raw-http.js";
import { targetVariants } from "./target-variants.js";

export interface AccessSweep {
  baseUrl: string;
  /** [method, url template] of every protected route, e.g. ["GET", "/api/v1/issues/:id"]. */
  routes: [string, string][];
  /** A concrete path for a template (real ids, so a handler that ran would find data). */
  fill(template: string): string;
  /** Headers that do not grant the access (none, a wrong key, a non-admin token...). */
  without: Record<string, string>;
  /** Headers that do. */
  with: Record<string, string>;
  /** What the route's check answers `without`: 401 or 403. */
  deniedStatus: number;
}

const ROUTING_REFUSALS: Record<number, string> = {
  400: "BAD_REQUEST",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
};
const DENIED_CODES: Record<number, string> = { 401: "UNAUTHORIZED", 403: "FORBIDDEN" };

function send(baseUrl: string, method: string, target: string, headers: Record<string, string>) {
  const hasBody = ["POST", "PUT", "PATCH"].includes(method);
  return sendRaw(baseUrl, {
    method,
    target,
    headers: hasBody ? { ...headers, "Content-Type": "application/json" } : headers,
    ...(hasBody ? { body: "{}" } : {}),
  });
}

// HEAD answers have no body: only the status can be checked.
function hasCode(r: RawResponse, method: string, code: string): boolean {
  return method === "HEAD" || r.json?.code === code;
}

function describe(r: RawResponse): string {
  return `${r.status} ${r.body.slice(0, 160)}`;
}

/** Every violation found, as "METHOD target (variant): answer"; empty when all were refused. */
export async function sweepAccess(sweep: AccessSweep): Promise<string[]> {
  const violations: string[] = [];
  for (const [method, template] of sweep.routes) {
    const path = sweep.fill(template);
    await Promise.all(
      targetVariants(path).map(async ({ label, target }) => {
        const where = `${method} ${target} (${label})`;
        const denied = await send(sweep.baseUrl, method, target, sweep.without);
        if (denied.status === sweep.deniedStatus) {
          if (!hasCode(denied, method, DENIED_CODES[sweep.deniedStatus]!)) {
            violations.push(`${where}: ${describe(denied)}`);
          }
          return;
        }
        const refusal = ROUTING_REFUSALS[denied.status];
        if (!refusal || !hasCode(denied, method, refusal)) {
          violations.push(`${where} without access: ${describe(denied)}`);
          return;
        }
        // A refusal before routing must not depend on the credentials (else a handler decided it).
        const granted = await send(sweep.baseUrl, method, target, sweep.with);
        if (granted.status !== denied.status) {
          violations.push(`${where}: ${describe(denied)} without access but ${describe(granted)} with it`);
        }
      }),
    );
  }
  return violations;
}
