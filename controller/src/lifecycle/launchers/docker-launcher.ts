// Starts a service as a container: image from service-image.ts, port published on 127.0.0.1,
// labelled with the run, the config hash and the owning CLI's pid.
import { runLabels } from "../common/labels.js";
import { onLoopback } from "../common/service-urls.js";
import type { RuntimeClient } from "../container-runtime/runtime-client.js";
import type { Launcher, LaunchRequest, StartedService } from "./launcher.js";
import { serviceImage } from "./service-image.js";
import { StartedContainer } from "./started-container.js";

export class DockerLauncher implements Launcher {
  readonly name = "docker" as const;

  private image?: Promise<string>;

  constructor(private readonly runtime: RuntimeClient) {}

  /** Builds or finds the image; called early so a build overlaps the backing containers' start. */
  prepare(request: Pick<LaunchRequest, "service" | "rootDir" | "log">): Promise<string> {
    this.image ??= serviceImage(this.runtime, request.service, request.rootDir, request.log);
    return this.image;
  }

  async start(request: LaunchRequest): Promise<StartedService> {
    const { service } = request;
    const image = await this.prepare(request);
    request.signal?.throwIfAborted();
    const name = containerName(request.runId, service.name);
    const id = await this.runtime.container.create({
      name,
      image,
      env: { ...service.env, ...request.env, PORT: String(service.port), HOST: "0.0.0.0" },
      labels: runLabels(
        request.runId,
        request.configHash,
        request.owner,
        request.keep,
        service.name,
        "service",
      ),
      port: service.port,
      hostPort: request.hostPort,
      network: request.network,
      alias: service.name,
    });
    const started = new StartedContainer(
      this.runtime.container,
      id,
      name,
      service.name,
      onLoopback(service.base_url, request.hostPort),
    );
    try {
      await this.runtime.container.start(id);
    } catch (error) {
      await this.runtime.container.remove(id).catch(() => {});
      throw new Error(`container ${name} did not start: ${(error as Error).message}`);
    }
    request.log(`${service.name}: started container ${name} from ${image} (127.0.0.1:${request.hostPort})`);
    started.followLogs();
    return started;
  }
}

export function containerName(runId: string, name: string): string {
  return `gantry-${runId}-${name}`.replace(/[^a-zA-Z0-9_.-]/g, "-");
}
