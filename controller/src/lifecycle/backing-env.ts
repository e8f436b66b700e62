// The backing containers of a service (depends_on), started before it, and the env vars that
// tell it where they are. Without an engine the service starts without them (and says so).
import type { RuntimeClient } from "./container-runtime/runtime-client.js";
import type { BackingRequest } from "./launchers/backing-containers.js";
import type { LauncherName } from "./launchers/launcher.js";

export async function backingEnv(
  runtime: RuntimeClient | undefined,
  launcher: LauncherName,
  request: Omit<BackingRequest, "network">,
): Promise<{ vars: Record<string, string>; network?: string }> {
  const { service } = request;
  const deps = Object.keys(service.depends_on);
  if (deps.length === 0) return { vars: {} };
  if (!runtime) {
    request.log(
      `${service.name}: no Docker engine, so starting it without ${deps.join(", ")}; it uses its embedded backends`,
    );
    return { vars: {} };
  }
  const { runNetwork } = await import("./run-network.js");
  const { startBackingContainers } = await import("./launchers/backing-containers.js");
  // A containerised service reaches its backing containers by name on a network of its own.
  const network =
    launcher === "docker"
      ? await runNetwork(runtime, { ...request, service: service.name }, request.track)
      : undefined;
  const vars = await startBackingContainers(runtime, { ...request, network });
  return { vars, network };
}
