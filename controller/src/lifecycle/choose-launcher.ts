// Which launcher starts a service: `launcher` from the config, where "auto" means a container
// when an engine answers and there is something to run in it (an image key or a Dockerfile).
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ServiceConfig } from "../config/index.js";
import { healthUrl } from "./common/service-urls.js";
import { DOCKERODE_MISSING, dockerodeInstalled } from "./container-runtime/dockerode.js";
import type { RuntimeClient } from "./container-runtime/runtime-client.js";
import type { Launcher } from "./launchers/launcher.js";
import { ProcessLauncher } from "./launchers/process-launcher.js";
import { ServiceFailure } from "./service-failure.js";

export async function chooseLauncher(
  service: ServiceConfig,
  rootDir: string,
  runtime: RuntimeClient | undefined,
  hasDockerode: () => boolean = dockerodeInstalled,
): Promise<Launcher | ServiceFailure> {
  const containable =
    !!service.image || existsSync(join(resolve(rootDir, service.maven_module), "Dockerfile"));
  if (service.launcher === "process" || (service.launcher === "auto" && (!runtime || !containable))) {
    return new ProcessLauncher();
  }
  const failure = (lastSeen: string, reason: string) =>
    new ServiceFailure(
      service.name,
      service.required,
      healthUrl(service.base_url, service.health_endpoint),
      lastSeen,
      reason,
      [],
    );
  // A container was meant (an engine answers, and an image or a Dockerfile is there): running
  // something else instead would hide it, so the missing client is the reason, with the fix.
  if (runtime && !hasDockerode()) {
    return failure(
      "dockerode not installed",
      `${DOCKERODE_MISSING}, or set services.${service.name}.launcher: process`,
    );
  }
  if (runtime) {
    // Docker-only code (and what it imports) is loaded only when containers are in play.
    const { DockerLauncher } = await import("./launchers/docker-launcher.js");
    return new DockerLauncher(runtime);
  }
  return failure(
    "no container engine",
    `launcher is "docker" but no Docker engine answers at ${process.env.DOCKER_HOST ?? "unix:///var/run/docker.sock"}`,
  );
}
