// --reuse: a running container labelled for this service and this exact config (e.g. kept by an
// earlier `--keep` run) that answers its health check is used instead of starting a new one.
import type { ServiceConfig } from "../config/index.js";
import { LABEL } from "./common/labels.js";
import { healthUrl, onLoopback } from "./common/service-urls.js";
import type { RuntimeClient } from "./container-runtime/runtime-client.js";
import { confirmedReset } from "./launchers/confirmed-reset.js";
import { resetContainer } from "./launchers/reset-container.js";
import { Wait } from "./wait-strategies/wait.js";

export async function reuseContainer(
  runtime: RuntimeClient,
  service: ServiceConfig,
  configHash: string,
  log: (line: string) => void,
): Promise<{ url: string; reset: () => Promise<void> } | undefined> {
  const candidates = await runtime.container.list([
    `${LABEL.service}=${service.name}`,
    `${LABEL.configHash}=${configHash}`,
    `${LABEL.role}=service`,
  ]);
  for (const candidate of candidates.filter((c) => c.state === "running")) {
    const port = (await runtime.container.inspect(candidate.id)).hostPort(service.port);
    if (!port) continue;
    const url = onLoopback(service.base_url, port);
    if ((await Wait.forHttp(healthUrl(url, service.health_endpoint)).probe(1000)).ok) {
      log(`${service.name}: reusing container ${candidate.name} at ${url} (--reuse)`);
      const reset = () => resetContainer(runtime.container, candidate.id, candidate.name);
      return {
        url,
        reset: () => confirmedReset(service.name, healthUrl(url, service.health_endpoint), reset),
      };
    }
  }
  return undefined;
}
