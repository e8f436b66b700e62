// The container engine gathered in one client (container, image, network), or none when no
// engine answers a short ping: the lifecycle then falls back to processes.
import type Dockerode from "dockerode";
import { debugLog } from "../common/debug-log.js";
import { DockerContainerClient } from "./docker-container-client.js";
import { DockerImageClient } from "./docker-image-client.js";
import { DockerNetworkClient } from "./docker-network-client.js";
import { engineAddress, pingEngine } from "./ping-engine.js";
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
export async function getRuntimeClient(timeoutMs = 500): Promise<RuntimeClient | undefined> {
  const address = engineAddress();
  const label = address?.label ?? process.env.DOCKER_HOST ?? "";
  debugLog(`Pinging container engine at ${label}...`);
  if (address && !(await pingEngine(address, timeoutMs))) {
    debugLog(`No container engine answers at ${label}`);
    return undefined;
  }
  // dockerode is heavy: only loaded once an engine is known to answer.
  const { default: Docker } = await import("dockerode");
  const docker: Dockerode = new Docker();
  if (!address && !(await pingWithDockerode(docker, timeoutMs))) {
    debugLog(`No container engine answers at ${label}`);
    return undefined;
  }
  debugLog(`Container engine answers at ${label}`);
  return new RuntimeClient(
    new DockerContainerClient(docker),
    new DockerImageClient(docker),
    new DockerNetworkClient(docker),
    label,
  );
}

async function pingWithDockerode(docker: Dockerode, timeoutMs: number): Promise<boolean> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error("timeout")), timeoutMs).unref(),
  );
  return Promise.race([docker.ping(), timeout]).then(
    () => true,
    () => false,
  );
}
