// Which configured endpoints each module called (method + path template), and which were never called.

import type { RecordedExchange } from "../http/index.js";
import type { ModuleResult, ServiceResult } from "../runner/index.js";

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

/** One endpoint of a service seen from the other side: who called it, how. */
export interface EndpointCoverage {
  /** Configured endpoint name, null for requests that matched none. */
  name: string | null;
  path: string;
  methods: string[];
  calls: number;
  /** Modules that called it, in run order. */
  modules: string[];
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

/** Reverse index of a service's module calls: per endpoint (name, else path), its methods and callers. */
export function endpointCoverage(
  modules: readonly { name: string; endpointsCalled: EndpointCall[] }[],
): EndpointCoverage[] {
  const byKey = new Map<string, { entry: EndpointCoverage; methods: Set<string>; modules: Set<string> }>();
  for (const module of modules) {
    for (const call of module.endpointsCalled) {
      const key = call.name !== null ? `name:${call.name}` : `path:${call.path}`;
      let seen = byKey.get(key);
      if (!seen) {
        seen = {
          entry: { name: call.name, path: call.path, methods: [], calls: 0, modules: [] },
          methods: new Set(),
          modules: new Set(),
        };
        byKey.set(key, seen);
      }
      seen.methods.add(call.method);
      seen.modules.add(module.name);
      seen.entry.calls += call.calls;
    }
  }
  // Sets keep insertion order: methods and modules come out in run order.
  return [...byKey.values()].map(({ entry, methods, modules }) => ({
    ...entry,
    methods: [...methods],
    modules: [...modules],
  }));
}

function urlPath(exchange: RecordedExchange): string {
  try {
    return new URL(exchange.url).pathname;
  } catch {
    // Not an absolute URL: keep what was requested, minus the query string.
    return exchange.url.split("?")[0] ?? exchange.url;
  }
}
