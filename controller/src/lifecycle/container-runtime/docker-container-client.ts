// ContainerClient on dockerode. Every call logs "Fetching/…ing X..." then the outcome (DEBUG=gantry*).
import { PassThrough } from "node:stream";
import type Dockerode from "dockerode";
import { debugLog } from "../common/debug-log.js";
import { demuxLogs } from "./demux-logs.js";
import type { ContainerClient, ContainerInfo, ContainerSpec, ContainerSummary } from "./types.js";

export class DockerContainerClient implements ContainerClient {
  /** dockerode, loaded on first use (it is heavy; see runtime-client.ts). */
  constructor(private readonly docker: () => Promise<Dockerode>) {}

  async create(spec: ContainerSpec): Promise<string> {
    debugLog(`Creating container ${spec.name} from ${spec.image}...`);
    const portKey = spec.port ? `${spec.port}/tcp` : undefined;
    const container = await (await this.docker()).createContainer({
      name: spec.name,
      Image: spec.image,
      Env: Object.entries(spec.env).map(([k, v]) => `${k}=${v}`),
      Labels: spec.labels,
      ...(spec.cmd ? { Cmd: spec.cmd } : {}),
      ExposedPorts: portKey ? { [portKey]: {} } : {},
      HostConfig: {
        // An init process so the service, as PID 1's child, gets SIGTERM and stops promptly.
        Init: true,
        PortBindings: portKey
          ? { [portKey]: [{ HostIp: "127.0.0.1", HostPort: String(spec.hostPort ?? "") }] }
          : {},
        ...(spec.network ? { NetworkMode: spec.network } : {}),
      },
      ...(spec.network && spec.alias
        ? { NetworkingConfig: { EndpointsConfig: { [spec.network]: { Aliases: [spec.alias] } } } }
        : {}),
    });
    debugLog(`Created container ${spec.name} (${container.id.slice(0, 12)})`);
    return container.id;
  }

  async start(id: string): Promise<void> {
    debugLog(`Starting container ${short(id)}...`);
    await (await this.docker()).getContainer(id).start();
    debugLog(`Started container ${short(id)}`);
  }

  async inspect(id: string): Promise<ContainerInfo> {
    debugLog(`Fetching container info ${short(id)}...`);
    const data = await (await this.docker()).getContainer(id).inspect();
    debugLog(`Fetched container info ${short(id)}`);
    const ports = data.NetworkSettings?.Ports ?? {};
    return {
      id: data.Id,
      name: data.Name.replace(/^\//, ""),
      running: data.State.Running,
      health: data.State.Health?.Status,
      exitCode: data.State.ExitCode,
      pid: data.State.Pid || undefined,
      labels: data.Config.Labels ?? {},
      ipAddress:
        Object.values(data.NetworkSettings?.Networks ?? {}).find((n) => n.IPAddress)?.IPAddress || undefined,
      hostPort(port) {
        const binding =
          ports[`${port}/tcp`]?.find((b) => b.HostIp === "127.0.0.1") ?? ports[`${port}/tcp`]?.[0];
        return binding ? Number(binding.HostPort) : undefined;
      },
    };
  }

  async list(labels: string[]): Promise<ContainerSummary[]> {
    debugLog(`Fetching containers with labels ${labels.join(", ")}...`);
    const found = await (await this.docker()).listContainers({ all: true, filters: { label: labels } });
    debugLog(`Fetched ${found.length} containers`);
    return found.map((c) => ({
      id: c.Id,
      name: (c.Names[0] ?? "").replace(/^\//, ""),
      state: c.State,
      labels: c.Labels,
    }));
  }

  async exec(id: string, cmd: string[]): Promise<{ exitCode: number; output: string }> {
    debugLog(`Executing ${JSON.stringify(cmd)} in ${short(id)}...`);
    const exec = await (await this.docker())
      .getContainer(id)
      .exec({ Cmd: cmd, AttachStdout: true, AttachStderr: true });
    const stream = await exec.start({ hijack: true, stdin: false });
    const sink = new PassThrough();
    let output = "";
    sink.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    (await this.docker()).modem.demuxStream(stream, sink, sink);
    await new Promise<void>((resolve, reject) => {
      stream.once("end", resolve);
      stream.once("close", resolve);
      stream.once("error", reject);
    });
    const { ExitCode } = await exec.inspect();
    debugLog(`Executed in ${short(id)}: exit ${ExitCode}`);
    return { exitCode: ExitCode ?? -1, output };
  }

  async kill(id: string, signal: string): Promise<void> {
    debugLog(`Sending ${signal} to container ${short(id)}...`);
    await (await this.docker()).getContainer(id).kill({ signal });
    debugLog(`Sent ${signal} to container ${short(id)}`);
  }

  async stop(id: string, timeoutSeconds: number): Promise<void> {
    debugLog(`Stopping container ${short(id)}...`);
    try {
      await (await this.docker()).getContainer(id).stop({ t: timeoutSeconds });
    } catch (error) {
      // 304: already stopped.
      if ((error as { statusCode?: number }).statusCode !== 304) throw error;
    }
    debugLog(`Stopped container ${short(id)}`);
  }

  async remove(id: string): Promise<void> {
    debugLog(`Removing container ${short(id)}...`);
    try {
      await (await this.docker()).getContainer(id).remove({ force: true, v: true });
    } catch (error) {
      // 404: already gone; 409: removal already in progress.
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== 404 && status !== 409) throw error;
    }
    debugLog(`Removed container ${short(id)}`);
  }

  async logs(id: string, tail: number): Promise<string> {
    debugLog(`Fetching the last ${tail} log lines of ${short(id)}...`);
    const raw = (await (
      await this.docker()
    )
      .getContainer(id)
      .logs({ stdout: true, stderr: true, tail, follow: false })) as Buffer;
    debugLog(`Fetched log lines of ${short(id)}`);
    return demuxLogs(raw);
  }

  async followLogs(id: string, onText: (text: string) => void, onEnd?: () => void): Promise<() => void> {
    debugLog(`Fetching logs of ${short(id)}...`);
    const stream = (await (
      await this.docker()
    )
      .getContainer(id)
      .logs({ follow: true, stdout: true, stderr: true })) as unknown as NodeJS.ReadableStream & {
      destroy(): void;
    };
    const sink = new PassThrough();
    sink.on("data", (chunk: Buffer) => onText(chunk.toString("utf8")));
    (await this.docker()).modem.demuxStream(stream, sink, sink);
    stream.on("error", () => {});
    stream.once("end", () => onEnd?.());
    debugLog(`Fetched log stream of ${short(id)}`);
    return () => stream.destroy();
  }
}

function short(id: string): string {
  return id.slice(0, 12);
}
