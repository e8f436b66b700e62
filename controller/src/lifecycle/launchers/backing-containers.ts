// Starts the containers a service depends on (e.g. task-graph → Redis), waits until each is
// healthy, and returns the env vars (url_env) that tell the service where they are.
import type { BackingServiceConfig, ServiceConfig } from "../../config/index.js";
import type { Wakeup } from "../../time/index.js";
import { runLabels } from "../common/labels.js";
import type { Owner } from "../common/owner.js";
import type { RuntimeClient } from "../container-runtime/runtime-client.js";
import type { Resource } from "../resource.js";
import { Wait } from "../wait-strategies/wait.js";
import type { WaitStrategy } from "../wait-strategies/wait-strategy.js";
import { containerName } from "./docker-launcher.js";
import { StartedContainer } from "./started-container.js";

export interface BackingRequest {
  service: ServiceConfig;
  runId: string;
  configHash: string;
  owner: Owner;
  keep: boolean;
  /** Set when the service itself runs on this network (docker launcher): URLs use container names. */
  network?: string;
  log: (line: string) => void;
  signal?: AbortSignal;
  /** Registers what was started, before waiting, so it is cleaned up whatever happens next. */
  track: (resource: Resource) => void;
}

export async function startBackingContainers(
  runtime: RuntimeClient,
  request: BackingRequest,
): Promise<Record<string, string>> {
  const entries = Object.entries(request.service.depends_on);
  const env = await Promise.all(entries.map(([name, backing]) => startOne(runtime, request, name, backing)));
  return Object.assign({}, ...env);
}

async function startOne(
  runtime: RuntimeClient,
  request: BackingRequest,
  depName: string,
  backing: BackingServiceConfig,
): Promise<Record<string, string>> {
  const { service } = request;
  const name = containerName(request.runId, `${service.name}-${depName}`);
  const id = await runtime.container.create({
    name,
    image: backing.image,
    env: backing.env,
    cmd: backing.command,
    port: backing.port,
    hostPort: 0,
    network: request.network,
    alias: depName,
    labels: runLabels(
      request.runId,
      request.configHash,
      request.owner,
      request.keep,
      service.name,
      "backing",
    ),
  });
  const started = new StartedContainer(runtime.container, id, name, `${service.name}/${depName}`, "");
  request.track({
    description: `container ${name}`,
    stopCommand: started.stopCommand,
    container: name,
    layer: 1,
    stop: () => started.stop(),
  });
  await runtime.container.start(id);
  started.followLogs();
  const info = await runtime.container.inspect(id);
  const hostPort = backing.port ? info.hostPort(backing.port) : undefined;
  request.log(
    `${service.name}: started ${depName} container ${name}${hostPort ? ` (127.0.0.1:${hostPort})` : ""}`,
  );
  const wait = healthOf(runtime, id, backing, info.ipAddress);
  try {
    await wait.waitUntilReady({
      timeoutMs: service.timeout,
      signal: anySignal(started.exited, request.signal),
      wakeup: started.wakeup as Wakeup,
    });
  } catch (error) {
    const tail = started.logTail(20).join("\n");
    throw new Error(
      `${depName} (backing container ${name}) did not become healthy: ${(error as Error).message}${tail ? `\n${tail}` : ""}`,
    );
  }
  request.log(`${service.name}: ${depName} is healthy`);
  if (!backing.url_env) return {};
  if (!backing.port)
    throw new Error(
      `services.${service.name}.depends_on.${depName}.port is needed to build ${backing.url_env}`,
    );
  const host = request.network ? depName : "127.0.0.1";
  const port = request.network ? backing.port : hostPort;
  const template = backing.url_template ?? "tcp://{host}:{port}";
  return { [backing.url_env]: template.replaceAll("{host}", host).replaceAll("{port}", String(port)) };
}

function healthOf(
  runtime: RuntimeClient,
  id: string,
  backing: BackingServiceConfig,
  ip: string | undefined,
): WaitStrategy {
  if (backing.health !== "tcp") return Wait.forCommand(runtime.container, id, backing.health.command);
  if (!backing.port) throw new Error("a tcp health check needs the backing container's port");
  // The container's own address, not the published port: Docker's proxy accepts on the published
  // port before the process inside listens.
  if (!ip) throw new Error("the backing container has no network address to probe");
  return Wait.forTcp(ip, backing.port);
}

function anySignal(...signals: (AbortSignal | undefined)[]): AbortSignal {
  return AbortSignal.any(signals.filter((s): s is AbortSignal => !!s));
}
