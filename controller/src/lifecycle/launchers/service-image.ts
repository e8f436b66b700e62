// The image a containerised service runs: its `image` key, or one built from
// <maven_module>/Dockerfile in the build context build-context-choice.ts picks. A build is skipped
// when an image with the same context fingerprint (file names, sizes, mtimes, build args) exists;
// a failed one is said in terms of e2e.conf (docker-build-hint.ts).
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { glob } from "tinyglobby";
import type { ServiceConfig } from "../../config/index.js";
import { ignoredBy } from "../container-runtime/build-context.js";
import type { RuntimeClient } from "../container-runtime/runtime-client.js";
import { chooseBuildContext } from "./build-context-choice.js";
import { dockerBuildError } from "./docker-build-hint.js";
import { contextPaths, dockerfileSources } from "./dockerfile-sources.js";
import { ImageBuildLog } from "./image-build-log.js";

const FINGERPRINT_LABEL = "gantry.context-hash";
/**
 * On the images a run builds, by service; this repository's Dockerfiles also put it on their build
 * stage, so that what a rebuild leaves dangling of earlier builds is found and pruned by it.
 */
const IMAGE_LABEL = "gantry.e2e-image";
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
  const built = chooseBuildContext(service, rootDir);
  const { context, dockerfile } = built;
  const shownDockerfile = relative(rootDir, join(context, dockerfile)) || dockerfile;
  if (!existsSync(join(context, dockerfile))) {
    throw new Error(
      `no Dockerfile at ${shownDockerfile} (services.${service.name}.maven_module) and no image key`,
    );
  }
  const buildArgs = await nodeImageArg(runtime);
  const tag = `gantry/${service.name}:e2e`;
  const fingerprint = await contextFingerprint(context, dockerfile, buildArgs);
  if ((await runtime.image.labels(tag))?.[FINGERPRINT_LABEL] === fingerprint) {
    log(`${service.name}: image ${tag} is up to date`);
    return tag;
  }
  const progress = new ImageBuildLog(rootDir, service.name);
  progress.line(
    `building image ${tag} from ${shownDockerfile} ` +
      `(build context ${relative(rootDir, context) || "."}: ${built.why})`,
  );
  try {
    // Only what the Dockerfile copies is sent (all of the context when it copies "." or a pattern).
    const copied = contextPaths(dockerfileSources(await readFile(join(context, dockerfile), "utf8")));
    const only = copied && [...copied, dockerfile, ".dockerignore"];
    await runtime.image.build(
      {
        context,
        dockerfile,
        tag,
        buildArgs,
        labels: { [FINGERPRINT_LABEL]: fingerprint, [IMAGE_LABEL]: service.name },
        ...(only ? { only } : {}),
      },
      progress.line,
      progress.line,
    );
  } catch (error) {
    throw progress.failed(dockerBuildError(service.name, built, error));
  } finally {
    await progress.close();
  }
  const seconds = progress.seconds();
  const pruned = await pruneEarlierBuilds(runtime, service.name, progress.startedAt);
  log(`${service.name}: built image ${tag} in ${seconds} s (build log: ${progress.shownPath})${pruned}`);
  return tag;
}

/**
 * Removes the dangling images earlier builds of this service left (the replaced image, and the
 * build stage of a multi-stage Dockerfile that labels it): ~550 MB a day of rebuilds otherwise.
 * Only images created before this build started, so a concurrent build's are never touched.
 */
async function pruneEarlierBuilds(runtime: RuntimeClient, name: string, before: Date): Promise<string> {
  let images = 0;
  let bytes = 0;
  for (const label of [`${IMAGE_LABEL}=${name}`, FINGERPRINT_LABEL]) {
    const pruned = await runtime.image.pruneDangling(label, before).catch(() => ({ images: 0, bytes: 0 }));
    images += pruned.images;
    bytes += pruned.bytes;
  }
  const mb = (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0);
  return images ? `; earlier builds pruned (${images} image${images === 1 ? "" : "s"}, ${mb} MB)` : "";
}

async function nodeImageArg(runtime: RuntimeClient): Promise<Record<string, string>> {
  const fromEnv = process.env.E2E_NODE_IMAGE;
  if (fromEnv) return { NODE_IMAGE: fromEnv };
  // No registry here: prefer the locally built base image over the Dockerfile's public default.
  return (await runtime.image.labels(LOCAL_NODE_IMAGE)) ? { NODE_IMAGE: LOCAL_NODE_IMAGE } : {};
}

/**
 * Changes when anything the build copies changes: names, sizes and mtimes of the files under each
 * COPY source. node_modules is represented by npm's own record of it (node_modules/.package-lock.json,
 * rewritten by every install), which keeps this to milliseconds instead of stat-ing ~12k files.
 */
async function contextFingerprint(rootDir: string, dockerfile: string, buildArgs: Record<string, string>) {
  const text = await readFile(join(rootDir, dockerfile), "utf8");
  const hash = createHash("sha256").update(text).update(JSON.stringify(buildArgs));
  const ignore = await readFile(join(rootDir, ".dockerignore"), "utf8").catch(() => "");
  hash.update(ignore);
  const ignored = await ignoredBy(rootDir);
  for (const source of dockerfileSources(text).sort()) {
    for (const file of (await filesUnder(rootDir, source)).filter((f) => !ignored(f))) {
      const info = await stat(join(rootDir, file)).catch(() => undefined);
      hash.update(`${file}\0${info?.size ?? -1}\0${info?.mtimeMs ?? -1}\n`);
    }
  }
  return hash.digest("hex").slice(0, 16);
}

async function filesUnder(rootDir: string, source: string): Promise<string[]> {
  if (source === "node_modules" || source.endsWith("/node_modules")) return [`${source}/.package-lock.json`];
  const info = await stat(join(rootDir, source)).catch(() => undefined);
  if (!info?.isDirectory()) return [source];
  const found = await glob(["**"], { cwd: join(rootDir, source), dot: true, ignore: ["**/node_modules/**"] });
  return found.sort().map((f) => `${source}/${f}`);
}
