// Where each ready service's modules send their requests (seed 3, api_gateway): through the
// gateway, as {url}{prefix}/{name}, when it is enabled and answers a probe of the service's health
// endpoint; otherwise to the service itself, at the URL the boot found it healthy on. The gateway's
// auth headers go only with requests that go through the gateway.

import { type ResolvedConfig, resolveServiceUrl } from "../config/index.js";

export interface ServiceRoute {
  /** Base URL the page sends requests to. */
  url: string;
  viaGateway: boolean;
}

/** How long the gateway may take to answer the probe of one service. */
const GATEWAY_PROBE_MS = 2000;

export async function routeServices(
  config: ResolvedConfig,
  ready: ReadonlyMap<string, string>,
  log: (line: string) => Promise<void> | void,
): Promise<Map<string, ServiceRoute>> {
  const routes = new Map<string, ServiceRoute>();
  if (!config.api_gateway.enabled) {
    for (const [name, url] of ready) routes.set(name, { url, viaGateway: false });
    return routes;
  }
  const probed = await Promise.all(
    [...ready].map(async ([name, url]) => {
      const service = config.services[name];
      const viaGateway = service ? await resolveServiceUrl(config, service, GATEWAY_PROBE_MS) : undefined;
      return { name, url, viaGateway };
    }),
  );
  for (const { name, url, viaGateway } of probed) {
    if (viaGateway?.via === "gateway") {
      routes.set(name, { url: viaGateway.url, viaGateway: true });
      await log(`${name}: through the gateway at ${viaGateway.url}`);
    } else {
      routes.set(name, { url, viaGateway: false });
      await log(
        `${name}: not through the gateway (${viaGateway?.reason ?? "not configured"}); requests go to ${url}`,
      );
    }
  }
  return routes;
}
