// The image a containerised service runs: its `image` key, or one built from
// <maven_module>/Dockerfile with the repository root as context. A build is skipped when an
// image with the same context fingerprint (file names, sizes, mtimes, build args) exists.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { stat } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import type { ServiceConfig } from "../../config/types.js";
import { contextEntries } from "../container-runtime/build-context.js";
import type { RuntimeClient } from "../container-runtime/runtime-client.js";

const FINGERPRINT_LABEL = "gantry.context-hash";
/** The registry-less Node base image infra/images/build.sh makes; used when E2E_NODE_IMAGE is unset. */
const LOCAL_NODE_IMAGE = "gantry/node-base:local";

export async function serviceImage(
  runtime: RuntimeClient,
  service: ServiceConfig,
  rootDir: string,
  log: (line: string) => void,
): Promise<string> {
  if (service.image) {
    if (!(await runtime.image.labels(service.image))) {
      throw new Error(
        `image "${service.image}" (services.${service.name}.image) is not present locally and cannot be pulled here`,
      );
    }
    return service.image;
  }
  const dockerfile = relative(rootDir, join(resolve(rootDir, service.maven_module), "Dockerfile"));
  if (!existsSync(join(rootDir, dockerfile))) {
    throw new Error(
      `no Dockerfile at ${dockerfile} (services.${service.name}.maven_module) and no image key`,
    );
  }
  const buildArgs = await nodeImageArg(runtime);
  const tag = `gantry/${service.name}:e2e`;
  const fingerprint = await contextFingerprint(rootDir, dockerfile, buildArgs);
  if ((await runtime.image.labels(tag))?.[FINGERPRINT_LABEL] === fingerprint) {
    log(`${service.name}: image ${tag} is up to date`);
    return tag;
  }
  log(`${service.name}: building image ${tag} from ${dockerfile}`);
  await runtime.image.build(
    { context: rootDir, dockerfile, tag, buildArgs, labels: { [FINGERPRINT_LABEL]: fingerprint } },
    (step) => log(`${service.name}: ${step}`),
  );
  log(`${service.name}: built image ${tag}`);
  return tag;
}

async function nodeImageArg(runtime: RuntimeClient): Promise<Record<string, string>> {
  const fromEnv = process.env.E2E_NODE_IMAGE;
  if (fromEnv) return { NODE_IMAGE: fromEnv };
  // No registry here: prefer the locally built base image over the Dockerfile's public default.
  return (await runtime.image.labels(LOCAL_NODE_IMAGE)) ? { NODE_IMAGE: LOCAL_NODE_IMAGE } : {};
}

async function contextFingerprint(rootDir: string, dockerfile: string, buildArgs: Record<string, string>) {
  const hash = createHash("sha256").update(dockerfile).update(JSON.stringify(buildArgs));
  const files = (await contextEntries(rootDir)).sort();
  const stats = await Promise.all(files.map((f) => stat(join(rootDir, f)).catch(() => undefined)));
  files.forEach((file, i) => {
    hash.update(`${file}\0${stats[i]?.size ?? -1}\0${stats[i]?.mtimeMs ?? -1}\n`);
  });
  return hash.digest("hex").slice(0, 16);
}
