// Starts a service as a child process: start_command in maven_module, in its own process group.
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { join, resolve } from "node:path";
import { PidfileStore } from "../cleanup/pidfile-store.js";
import { debugLog } from "../common/debug-log.js";
import { processStartTime } from "../common/owner.js";
import { onLoopback } from "../common/service-urls.js";
import type { Launcher, LaunchRequest, StartedService } from "./launcher.js";
import { StartedProcess } from "./started-process.js";

const DEFAULT_START_COMMAND = ["npm", "run", "start"];

export class ProcessLauncher implements Launcher {
  readonly name = "process" as const;

  async start(request: LaunchRequest): Promise<StartedService> {
    const { service, rootDir } = request;
    const command = service.start_command?.length ? service.start_command : DEFAULT_START_COMMAND;
    const cwd = resolve(rootDir, service.maven_module);
    if (!existsSync(cwd)) {
      throw new Error(
        `folder ${cwd} does not exist (services.${service.name}.maven_module: "${service.maven_module}")`,
      );
    }
    const env = {
      ...process.env,
      ...service.env,
      ...request.env,
      PORT: String(request.hostPort),
      HOST: "127.0.0.1",
    };
    // With --keep the service outlives us, so its output goes to a file rather than a pipe we would close.
    const logFile = request.keep
      ? join(rootDir, ".cache", "e2e", `${request.runId}.${service.name}.log`)
      : undefined;
    let fd: number | undefined;
    if (logFile) {
      mkdirSync(join(rootDir, ".cache", "e2e"), { recursive: true });
      fd = openSync(logFile, "a");
    }
    request.log(
      `${service.name}: starting process \`${command.join(" ")}\` in ${service.maven_module} (port ${request.hostPort})`,
    );
    debugLog(`Spawning ${JSON.stringify(command)} in ${cwd}...`);
    const child = spawn(command[0]!, command.slice(1), {
      cwd,
      env,
      detached: true,
      stdio: ["ignore", fd ?? "pipe", fd ?? "pipe"],
    });
    if (fd !== undefined) closeSync(fd);
    const spawned = await new Promise<Error | undefined>((done) => {
      child.once("spawn", () => done(undefined));
      child.once("error", (error) => done(error));
    });
    if (spawned || child.pid === undefined) {
      throw new Error(`could not start \`${command.join(" ")}\` in ${cwd}: ${spawned?.message ?? "no pid"}`);
    }
    debugLog(`Spawned ${service.name} (pid ${child.pid})`);
    const store = new PidfileStore(rootDir);
    const record = {
      service: service.name,
      runId: request.runId,
      pid: child.pid,
      startTime: processStartTime(child.pid),
      owner: request.owner,
      keep: request.keep,
      command,
    };
    store.write(record);
    if (request.keep) child.unref();
    return new StartedProcess(child, onLoopback(service.base_url, request.hostPort), store, record, logFile);
  }
}
