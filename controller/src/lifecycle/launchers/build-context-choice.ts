// Which folder is sent to Docker to build a service's Dockerfile. Its files are uploaded before the
// first step runs, so it should be what the Dockerfile copies from and no more:
//   1. services.<name>.build_context when set (relative to the config's folder);
//   2. the Dockerfile's own folder when the Dockerfile is outside the config's folder (a service
//      whose code lives beside the suite's project, `maven_module: ../api`);
//   3. the config's folder when it has a .dockerignore: the project chose what a build may see
//      (this repository's images copy lib/ and package.json from its root);
//   4. the Dockerfile's own folder when everything it copies is there (`COPY . .`, as
//      `docker build <folder>` and Compose's `build: <folder>` read it);
//   5. else the config's folder (COPY paths written from the project's root).
// A Dockerfile outside the context set in 1 cannot be built at all: that is said at once.

import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import type { ServiceConfig } from "../../config/index.js";
import { contextPaths, dockerfileSources } from "./dockerfile-sources.js";

export interface BuildContext {
  /** The folder sent to Docker, absolute. */
  context: string;
  /** The Dockerfile, relative to the context. */
  dockerfile: string;
  /** Why this folder, for the log line and the hint of a failed build. */
  why: string;
}

const inside = (folder: string, path: string) => {
  const rel = relative(folder, path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
};

/** Whether every plain path the Dockerfile copies exists under `folder`. */
function copiesFrom(folder: string, dockerfile: string): boolean {
  const sources = contextPaths(dockerfileSources(readFileSync(dockerfile, "utf8")));
  return sources?.every((s) => s === "." || existsSync(join(folder, s))) === true;
}

/** @throws Error naming services.<name>.build_context when the Dockerfile is outside the context set there */
export function chooseBuildContext(
  service: Pick<ServiceConfig, "name" | "maven_module" | "build_context">,
  rootDir: string,
): BuildContext {
  const dockerfile = join(resolve(rootDir, service.maven_module), "Dockerfile");
  const own = (why: string): BuildContext => ({
    context: dirname(dockerfile),
    dockerfile: "Dockerfile",
    why,
  });
  const root = (why: string): BuildContext => ({
    context: rootDir,
    dockerfile: relative(rootDir, dockerfile),
    why,
  });
  if (service.build_context !== undefined) {
    const context = resolve(rootDir, service.build_context);
    if (!inside(context, dockerfile))
      throw new Error(
        `${relative(rootDir, dockerfile)} is outside its build context ${context} ` +
          `(services.${service.name}.build_context: "${service.build_context}"): set build_context to a folder ` +
          `that holds the Dockerfile and what it copies, or remove it to use the Dockerfile's own folder`,
      );
    return {
      context,
      dockerfile: relative(context, dockerfile),
      why: `services.${service.name}.build_context`,
    };
  }
  if (!inside(rootDir, dockerfile)) return own("the Dockerfile's own folder, outside the config's");
  if (existsSync(join(rootDir, ".dockerignore"))) return root("the config's folder, with its .dockerignore");
  if (!existsSync(dockerfile) || copiesFrom(dirname(dockerfile), dockerfile))
    return own("the Dockerfile's own folder, which holds what it copies");
  return root("the config's folder, where the Dockerfile's COPY paths are");
}
