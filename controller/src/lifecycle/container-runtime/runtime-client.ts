// The container engine gathered in one client (container, image, network), or none when no
// engine answers a short ping: the lifecycle then falls back to processes.
import type Dockerode from "dockerode";
import { debugLog } from "../common/debug-log.js";
import { DockerContainerClient } from "./docker-container-client.js";
import { DockerImageClient } from "./docker-image-client.js";
import { DockerNetworkClient } from "./docker-network-client.js";
import type { ContainerClient, ImageClient, NetworkClient } from "./types.js";

export class RuntimeClient {
  constructor(
    readonly container: ContainerClient,
    readonly image: ImageClient,
    readonly network: NetworkClient,
    /** Where the engine was reached, for messages. */
    readonly endpoint: string,
  ) {}
}

/** Pings the engine (DOCKER_HOST or the default socket); undefined if it does not answer in time. */
export async function getRuntimeClient(timeoutMs = 1000): Promise<RuntimeClient | undefined> {
  // dockerode is heavy: only load it when a run may need containers.
  const { default: Docker } = await import("dockerode");
  const docker: Dockerode = new Docker();
  const endpoint = process.env.DOCKER_HOST ?? "unix:///var/run/docker.sock";
  debugLog(`Pinging container engine at ${endpoint}...`);
  try {
    await Promise.race([
      docker.ping(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no answer in ${timeoutMs}ms`)), timeoutMs).unref(),
      ),
    ]);
  } catch (error) {
    debugLog(`No container engine at ${endpoint}: ${(error as Error).message}`);
    return undefined;
  }
  debugLog(`Container engine answers at ${endpoint}`);
  return new RuntimeClient(
    new DockerContainerClient(docker),
    new DockerImageClient(docker),
    new DockerNetworkClient(docker),
    endpoint,
  );
}
