// Everything a page needs from the resolved config, computed once per service.

import { gatewayAuthHeaders, type ResolvedConfig, type TestDataConfig } from "../config/index.js";
import type { DispatcherRegistry } from "./dispatchers.js";

export interface PageContext {
  service: string;
  /** Effective base URL (the gateway's when requests go through it), no trailing slash needed. */
  baseUrl: string;
  /** services.<name>.timeout, else general.timeout, ms. */
  timeoutMs: number;
  /** User-Agent, gateway auth (only through the gateway) and service headers, merged in that order. */
  headers: Record<string, string>;
  retries: { maxAttempts: number; backoffMs: number };
  /** Pause before every request of a module but the first, ms. */
  stepDelayMs: number;
  includePayloads: boolean;
  /** services.<name>.endpoints: name → path template. */
  endpoints: Record<string, string>;
  testData: TestDataConfig;
  /** security.test_tokens. */
  tokens: Record<string, string>;
  dispatchers: DispatcherRegistry;
  /** services.<name>.auth: the run's shared login, applied to every request (runner/login-session.ts). */
  auth?: PageAuth;
}

/** A login shared by every page of a service: the header to send, and one re-login on request. */
export interface PageAuth {
  /** Lower-case header name, e.g. "authorization". */
  header: string;
  /** Statuses after which the request is sent once more with a fresh login. */
  refreshOn: readonly number[];
  /** The header's value ("Bearer <token>"), logging in first if nobody has yet. */
  current(): Promise<string>;
  /** Logs in again unless another request already did since `stale` was sent; the new value. */
  renew(stale: string, status: number): Promise<string>;
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
}

export function pageContextFor(
  config: ResolvedConfig,
  service: string,
  route: { url: string; viaGateway: boolean },
  dispatchers: DispatcherRegistry,
): PageContext {
  const svc = config.services[service];
  if (!svc) throw new Error(`services.${service}: no such service in ${config.configPath}`);
  return {
    service,
    baseUrl: route.url,
    timeoutMs: svc.timeout ?? config.general.timeout,
    headers: {
      "user-agent": config.general.user_agent,
      // The gateway's credentials are for the gateway: a service reached directly never sees them.
      ...(route.viaGateway ? gatewayAuthHeaders(config.api_gateway) : {}),
      ...lowerKeys(svc.headers ?? {}),
    },
    retries: {
      maxAttempts: Math.max(1, config.test_data.retries.max_attempts),
      backoffMs: config.test_data.retries.backoff_ms,
    },
    stepDelayMs: config.test_data.timing.step_delay,
    includePayloads: config.reporting.include_payloads,
    endpoints: svc.endpoints ?? {},
    testData: config.test_data,
    tokens: config.security.test_tokens ?? {},
    dispatchers,
  };
}
