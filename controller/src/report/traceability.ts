// Which configured endpoints each module called (method + path template), and which were never called.

import type { ModuleResult, RecordedExchange, ServiceResult } from "./types.js";

export interface EndpointCall {
  method: string;
  /** The configured path template (/api/users/{id}); the plain URL path when no endpoint matched. */
  path: string;
  /** services.<name>.endpoints key, or null when the request matched no configured endpoint. */
  name: string | null;
  /** How many requests of the module went to this method + path. */
  calls: number;
}

export interface ConfiguredEndpoint {
  name: string;
  path: string;
}

export function endpointsCalled(module: ModuleResult, redactText: (text: string) => string): EndpointCall[] {
  const byKey = new Map<string, EndpointCall>();
  for (const exchange of module.requests) {
    const method = exchange.method.toUpperCase();
    const path = exchange.endpoint?.template ?? redactText(urlPath(exchange));
    const key = `${method} ${path}`;
    const seen = byKey.get(key);
    if (seen) seen.calls++;
    else byKey.set(key, { method, path, name: exchange.endpoint?.name ?? null, calls: 1 });
  }
  return [...byKey.values()];
}

/** The service's uncalled endpoints with their templates (from config when the reporter has it). */
export function uncalledEndpoints(
  service: ServiceResult,
  configured?: Record<string, string>,
): ConfiguredEndpoint[] {
  return service.uncalledEndpoints.map((name) => ({ name, path: configured?.[name] ?? "" }));
}

function urlPath(exchange: RecordedExchange): string {
  try {
    return new URL(exchange.url).pathname;
  } catch {
    // Not an absolute URL: keep what was requested, minus the query string.
    return exchange.url.split("?")[0] ?? exchange.url;
  }
}
