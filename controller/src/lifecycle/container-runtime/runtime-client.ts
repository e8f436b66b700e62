// The container engine gathered in one client (container, image, network), or none when no
// engine answers a short ping: the lifecycle then falls back to processes.
// dockerode costs ~200 ms of CPU to load (gRPC, protobuf and ssh2 come with it), so it is loaded
// on the first Docker call, not by the ping: a run whose services all use processes and finds
// no leftovers never loads it.
import type Dockerode from "dockerode";
import { debugLog } from "../common/debug-log.js";
import { DockerContainerClient } from "./docker-container-client.js";
import { DockerImageClient } from "./docker-image-client.js";
import { DockerNetworkClient } from "./docker-network-client.js";
import { loadDockerode } from "./dockerode.js";
import { countLabelled, type EngineAddress, engineAddress, pingEngine } from "./ping-engine.js";
import type { ContainerClient, ImageClient, NetworkClient } from "./types.js";

export class RuntimeClient {
  constructor(
    readonly container: ContainerClient,
    readonly image: ImageClient,
    readonly network: NetworkClient,
    /** Where the engine was reached, for messages. */
    readonly endpoint: string,
    private readonly address?: EngineAddress,
  ) {}

  /** Whether any container or network carries `label` (true when that cannot be asked cheaply). */
  async anyLabelled(label: string): Promise<boolean> {
    if (!this.address) return true;
    return ((await countLabelled(this.address, label)) ?? 1) > 0;
  }
}

/** Pings the engine (DOCKER_HOST or the default socket); undefined if it does not answer in time. */
export async function getRuntimeClient(timeoutMs = 500): Promise<RuntimeClient | undefined> {
  const address = engineAddress();
  const label = address?.label ?? process.env.DOCKER_HOST ?? "";
  debugLog(`Pinging container engine at ${label}...`);
  let loading: Promise<Dockerode> | undefined;
  const docker = () => {
    loading ??= loadDockerode();
    return loading;
  };
  // ssh:// and npipe:// engines can only be asked through dockerode.
  const answers = address
    ? await pingOrWait(address, timeoutMs)
    : await pingWithDockerode(await docker(), timeoutMs);
  if (!answers) {
    debugLog(`No container engine answers at ${label}`);
    return undefined;
  }
  debugLog(`Container engine answers at ${label}`);
  return new RuntimeClient(
    new DockerContainerClient(docker),
    new DockerImageClient(docker),
    new DockerNetworkClient(docker),
    label,
    address,
  );
}

/**
 * A missing engine fails the ping at once (no socket, connection refused); the short timeout only
 * bounds a hung one. An engine that is merely slow (a loaded machine, a build in progress) gets a
 * second, longer chance: taking it for absent would skip the sweep of leftover containers and
 * fail every docker-launched service of the run.
 */
async function pingOrWait(address: EngineAddress, timeoutMs: number): Promise<boolean> {
  const first = await pingEngine(address, timeoutMs);
  if (first !== "timeout") return first === "ok";
  debugLog(`Container engine at ${address.label} slow to answer; waiting up to ${SLOW_ENGINE_MS} ms more`);
  return (await pingEngine(address, SLOW_ENGINE_MS)) === "ok";
}

const SLOW_ENGINE_MS = 5000;

async function pingWithDockerode(docker: Dockerode, timeoutMs: number): Promise<boolean> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error("timeout")), timeoutMs).unref(),
  );
  return Promise.race([docker.ping(), timeout]).then(
    () => true,
    () => false,
  );
}
