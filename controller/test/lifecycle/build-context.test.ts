// Issue 24 point 3, the Docker launcher's build context: a Dockerfile outside the config's folder is
// built from its own folder (not the whole test project, node_modules included), only what the
// Dockerfile copies is sent, and Docker's errors come back as a hint naming the e2e.conf setting.
// The context choice and the error translation are checked without an engine; the last block
// builds for real, starting the engine as the other Docker tests do (helpers/docker-engine.ts), or
// says by name that it did not run.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contextEntries } from "../../src/lifecycle/container-runtime/build-context.js";
import {
  getRuntimeClient,
  type RuntimeClient,
} from "../../src/lifecycle/container-runtime/runtime-client.js";
import type { ImageBuild } from "../../src/lifecycle/container-runtime/types.js";
import { chooseBuildContext } from "../../src/lifecycle/launchers/build-context-choice.js";
import { serviceImage } from "../../src/lifecycle/launchers/service-image.js";
import { ensureDockerEngine, notRunTitle } from "./helpers/docker-engine.js";
import { makeService } from "./helpers/make-config.js";
import { REPO_ROOT } from "./helpers/repo-root.js";
import { tempRoot } from "./helpers/tiny-service.js";

function writeAll(root: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/**
 * A suite project (`suite/`, its e2e.conf folder, with a node_modules of its own) and the API it
 * tests beside it (`api/`, with its Dockerfile, sources and a node_modules).
 */
function suiteAndApi(dockerfile: string, apiExtra: Record<string, string> = {}) {
  const base = tempRoot();
  writeAll(base, {
    "suite/e2e.conf": "# not read here\n",
    "suite/node_modules/big/index.js": "x".repeat(10_000),
    "api/Dockerfile": dockerfile,
    "api/src/server.js": "console.log('api')\n",
    "api/package.json": "{}\n",
    "api/node_modules/dep/index.js": "x".repeat(10_000),
    ...apiExtra,
  });
  return { suite: join(base, "suite"), api: join(base, "api") };
}

/** An engine that only records what it was asked to build, or fails as Docker would. */
function recordingRuntime(fail?: string) {
  const builds: ImageBuild[] = [];
  const runtime = {
    image: {
      labels: async () => undefined,
      build: async (build: ImageBuild) => {
        builds.push(build);
        if (fail) throw new Error(`build of ${build.tag} failed: ${fail}`);
      },
      pruneDangling: async () => ({ images: 0, bytes: 0 }),
    },
  } as unknown as RuntimeClient;
  return { runtime, builds };
}

/** The files a build would upload (what DockerImageClient passes to the engine). */
const sent = async (b: ImageBuild) => (await contextEntries(b.context, b.only)).sort();

describe("the build context of a service's Dockerfile", () => {
  it("is the Dockerfile's own folder when it is outside the config's, and only what it copies is sent", async () => {
    const { suite, api } = suiteAndApi("FROM scratch\nCOPY package.json /app/\nCOPY src /app/src\n");
    const { runtime, builds } = recordingRuntime();
    const service = makeService("api", { maven_module: "../api", launcher: "docker" });
    await serviceImage(runtime, service, suite, () => {});
    expect(builds[0]).toMatchObject({ context: api, dockerfile: "Dockerfile" });
    // Not the suite's node_modules, not the API's either: the Dockerfile copies neither.
    expect(await sent(builds[0]!)).toEqual(["Dockerfile", "package.json", "src/server.js"]);
    // Why, as the build's first log line says it.
    expect(chooseBuildContext(service, suite).why).toBe("the Dockerfile's own folder, outside the config's");
  });

  it("honours the folder's .dockerignore when the Dockerfile copies everything (COPY . .)", async () => {
    const { suite, api } = suiteAndApi("FROM scratch\nCOPY . /app\n", {
      "api/.dockerignore": "node_modules\n",
    });
    const { runtime, builds } = recordingRuntime();
    await serviceImage(runtime, makeService("api", { maven_module: "../api" }), suite, () => {});
    expect(builds[0]!.context).toBe(api);
    expect(await sent(builds[0]!)).toEqual([".dockerignore", "Dockerfile", "package.json", "src/server.js"]);
  });

  it("keeps the config's folder for a Dockerfile inside it whose COPY paths are written from there", () => {
    const root = tempRoot();
    writeAll(root, {
      "services/api/Dockerfile": "FROM scratch\nCOPY services/api/main.js /app/\n",
      "services/api/main.js": "1",
    });
    expect(chooseBuildContext(makeService("api"), root)).toEqual({
      context: root,
      dockerfile: "services/api/Dockerfile",
      why: "the config's folder, where the Dockerfile's COPY paths are",
    });
    // This repository: a .dockerignore at the root says the images are built from there.
    expect(chooseBuildContext(makeService("auth"), REPO_ROOT).context).toBe(REPO_ROOT);
  });

  it("is services.<name>.build_context when set, and a Dockerfile outside it is refused before anything is sent", async () => {
    const { suite, api } = suiteAndApi("FROM scratch\nCOPY api/src /app/src\n");
    const parent = join(api, "..");
    expect(
      chooseBuildContext(makeService("api", { maven_module: "../api", build_context: ".." }), suite),
    ).toMatchObject({
      context: parent,
      dockerfile: "api/Dockerfile",
    });
    const { runtime, builds } = recordingRuntime();
    const wrong = makeService("api", { maven_module: "../api", build_context: "." });
    await expect(serviceImage(runtime, wrong, suite, () => {})).rejects.toThrow(
      /\.\.\/api\/Dockerfile is outside its build context .*suite \(services\.api\.build_context: "\."\)/,
    );
    expect(builds).toEqual([]);
  });
});

describe("a failed image build", () => {
  const service = makeService("api", { maven_module: "../api" });
  const failWith = async (docker: string) => {
    const { suite } = suiteAndApi("FROM scratch\nCOPY ../shared /app/shared\n");
    return (await serviceImage(recordingRuntime(docker).runtime, service, suite, () => {}).catch(
      (e) => e,
    )) as Error;
  };

  it("turns Docker's 'outside the build context' into a hint naming services.<name>.build_context", async () => {
    const error = await failWith("COPY failed: forbidden path outside the build context: ../shared ()");
    expect(error.message).toMatch(
      /^image build failed: the Dockerfile copies from outside its build context .*api \(the Dockerfile's own folder, outside the config's\): set services\.api\.build_context in e2e\.conf/,
    );
    expect(error.message).toContain(
      "Docker said: build of gantry/api:e2e failed: COPY failed: forbidden path outside",
    );
  });

  it("names services.<name>.image when the base image cannot be pulled", async () => {
    const error = await failWith("pull access denied for node, repository does not exist");
    expect(error.message).toMatch(
      /base image cannot be pulled here: .*set services\.api\.image in e2e\.conf/,
    );
  });

  it("names maven_module and build_context for any other failure, with Docker's words", async () => {
    const error = await failWith("The command '/bin/sh -c make' returned a non-zero code: 2");
    expect(error.message).toMatch(
      /check services\.api\.maven_module \(its Dockerfile\) and services\.api\.build_context/,
    );
    expect(error.message).toContain("returned a non-zero code: 2");
  });
});

// The engine and the registry-less base images, as every Docker test here makes them (so a run's
// auto launcher finds what it needs once the engine answers); the builds below need no base image.
const docker = ensureDockerEngine();
const TAG = "gantry/ctxprobe:e2e";
afterAll(() => {
  if (docker.ok) execFileSync("docker", ["rmi", "-f", TAG], { stdio: "ignore" });
});

describe(notRunTitle("building with a real engine", docker), () => {
  it.runIf(docker.ok)(
    "builds a Dockerfile outside the config's folder from that folder (its COPY src is found there)",
    async () => {
      const { suite } = suiteAndApi("FROM scratch\nCOPY src /app/src\n");
      const runtime = (await getRuntimeClient(5000))!;
      const service = makeService("ctxprobe", { maven_module: "../api", launcher: "docker" });
      expect(await serviceImage(runtime, service, suite, () => {})).toBe(TAG);
    },
    120_000,
  );

  it.runIf(docker.ok)(
    "reports Docker's refusal of a path outside the context as the setting to change",
    async () => {
      const { suite } = suiteAndApi("FROM scratch\nCOPY ../suite/e2e.conf /app/\n");
      const runtime = (await getRuntimeClient(5000))!;
      const service = makeService("ctxprobe", { maven_module: "../api", launcher: "docker" });
      const error = (await serviceImage(runtime, service, suite, () => {}).catch((e) => e)) as Error;
      expect(error.message).toMatch(
        /^image build failed: .*set services\.ctxprobe\.build_context in e2e\.conf/,
      );
      expect(error.message).toContain("Docker said:");
    },
    120_000,
  );
});
