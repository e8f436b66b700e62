// dockerode is an optional peer dependency of the packed package: with gRPC, protobuf and ssh2 it
// is ~60 packages and ~16 MB that only a run starting containers needs. This repository installs
// it (a dev dependency); a project that installed the tarball adds it to run services in containers.
import { createRequire } from "node:module";
import type Dockerode from "dockerode";

export const DOCKERODE_MISSING =
  "the dockerode package is not installed (the e2e package leaves it optional): run `npm install dockerode` in the project to start services in containers";

export function dockerodeInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve("dockerode");
    return true;
  } catch {
    return false;
  }
}

/** A dockerode client for DOCKER_HOST (or the default socket); a clear error when it is not installed. */
export async function loadDockerode(): Promise<Dockerode> {
  if (!dockerodeInstalled()) throw new Error(DOCKERODE_MISSING);
  const { default: Docker } = await import("dockerode");
  return new Docker();
}
