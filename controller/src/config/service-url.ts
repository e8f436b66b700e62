// The effective URL of a service: through the API gateway when it is enabled and answers,
// otherwise the service's own base_url (the seed's fallback "if the gateway fails").
import type { ApiGatewayConfig, GatewayAuthConfig, ResolvedConfig, ServiceConfig } from "./types.js";

export interface ServiceUrl {
  url: string;
  via: "gateway" | "direct";
  /** Why the gateway was not used although enabled (connection refused, timeout, 503...). */
  reason?: string;
}

/** Gateway statuses that mean "the gateway could not reach the service": fall back. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/** `{url}{prefix}/{name}`, without doubled slashes. */
export function gatewayServiceUrl(gateway: ApiGatewayConfig, name: string): string {
  return `${gateway.url.replace(/\/+$/, "")}${gateway.prefix}/${encodeURIComponent(name)}`;
}

/** The headers the gateway's auth type asks for. */
export function gatewayAuthHeaders(gateway: ApiGatewayConfig): Record<string, string> {
  return credentialHeaders(gateway.auth);
}

/** The header a static credential is sent as (api_gateway.auth, services.<name>.auth), lower-case name. */
export function credentialHeaders(auth: GatewayAuthConfig): Record<string, string> {
  if (auth.type === "bearer" && auth.bearer_token) return { authorization: `Bearer ${auth.bearer_token}` };
  if (auth.type === "api_key" && auth.api_key_header && auth.api_key_value) {
    return { [auth.api_key_header.toLowerCase()]: auth.api_key_value };
  }
  return {};
}

/** Probes `{gateway URL}{health_endpoint}` with one short GET; any answer but 502/503/504 counts. */
export async function resolveServiceUrl(
  config: ResolvedConfig,
  service: ServiceConfig,
  probeTimeoutMs: number,
): Promise<ServiceUrl> {
  const gateway = config.api_gateway;
  if (!gateway.enabled) return { url: service.base_url, via: "direct" };
  const url = gatewayServiceUrl(gateway, service.name);
  const { Agent, request } = await import("undici"); // loaded only when a gateway is in use
  const dispatcher = new Agent({ connect: { rejectUnauthorized: config.security.verify_ssl } });
  try {
    const response = await request(`${url}${service.health_endpoint}`, {
      method: "GET",
      headers: { "user-agent": config.general.user_agent, ...gatewayAuthHeaders(gateway) },
      signal: AbortSignal.timeout(probeTimeoutMs),
      dispatcher,
    });
    await response.body.dump();
    if (!GATEWAY_FAILURES.has(response.statusCode)) return { url, via: "gateway" };
    return direct(service, `gateway answered ${response.statusCode}`);
  } catch (err) {
    const e = err as { name?: string; code?: string; message?: string };
    const why =
      e.name === "TimeoutError"
        ? `no answer within ${probeTimeoutMs} ms`
        : (e.code ?? e.message ?? String(err));
    return direct(service, `gateway ${url} failed: ${why}`);
  } finally {
    await dispatcher.close();
  }
}

function direct(service: ServiceConfig, reason: string): ServiceUrl {
  return { url: service.base_url, via: "direct", reason };
}
