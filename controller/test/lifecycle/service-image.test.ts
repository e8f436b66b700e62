import { mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RuntimeClient } from "../../src/lifecycle/container-runtime/runtime-client.js";
import type { ImageBuild } from "../../src/lifecycle/container-runtime/types.js";
import { serviceImage } from "../../src/lifecycle/launchers/service-image.js";
import { makeService } from "./helpers/make-config.js";
import { collectLog, tempRoot } from "./helpers/tiny-service.js";

/** An engine that only knows images: remembers the labels of what it "built", and what it was asked to prune. */
function imageOnlyRuntime() {
  const images = new Map<string, Record<string, string>>();
  const builds: ImageBuild[] = [];
  const prunes: { label: string; before: Date }[] = [];
  const runtime = {
    image: {
      labels: async (tag: string) => images.get(tag),
      build: async (build: ImageBuild, onStep: (line: string) => void, onOutput?: (line: string) => void) => {
        builds.push(build);
        onStep("Step 1/2 : FROM base");
        onOutput?.(" ---> 1f2e3d4c5b6a");
        images.set(build.tag, build.labels);
      },
      pruneDangling: async (label: string, before: Date) => {
        prunes.push({ label, before });
        // Two images of earlier builds of this service (the replaced one, its build stage).
        return label.startsWith("gantry.e2e-image=") ? { images: 2, bytes: 612e6 } : { images: 0, bytes: 0 };
      },
    },
  } as unknown as RuntimeClient;
  return { runtime, builds, prunes };
}

function project(): string {
  const root = tempRoot();
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write("services/api/Dockerfile", "FROM base\nCOPY services/api /app\nCOPY --from=base /x /y\n");
  write("services/api/main.js", "1");
  write("docs/notes.md", "not copied");
  write(".dockerignore", "**/*.log\n");
  return root;
}

function touch(root: string, path: string, text: string) {
  writeFileSync(join(root, path), text);
  const later = new Date(Date.now() + 5000);
  utimesSync(join(root, path), later, later);
}

describe("the image of a containerised service", () => {
  const service = makeService("api", { launcher: "docker" });

  it("is built from <maven_module>/Dockerfile with the root as context: one line, the whole log in a file", async () => {
    const root = project();
    const { runtime, builds, prunes } = imageOnlyRuntime();
    const started = new Date();
    const { lines, log } = collectLog();
    expect(await serviceImage(runtime, service, root, log)).toBe("gantry/api:e2e");
    expect(builds).toHaveLength(1);
    expect(builds[0]).toMatchObject({
      context: root,
      dockerfile: "services/api/Dockerfile",
      tag: "gantry/api:e2e",
    });
    expect(builds[0]!.labels).toMatchObject({ "gantry.e2e-image": "api" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^api: built image gantry\/api:e2e in \d+\.\d s \(build log: \.cache\/e2e\/image-builds\/api\.log\); earlier builds pruned \(2 images, 612 MB\)$/,
    );
    expect(readFileSync(join(root, ".cache/e2e/image-builds/api.log"), "utf8")).toBe(
      "building image gantry/api:e2e from services/api/Dockerfile (build context .: the config's folder, with its .dockerignore)\nStep 1/2 : FROM base\n ---> 1f2e3d4c5b6a\n",
    );
    // Dangling images of this service's earlier builds, and replaced images of any, made before this build.
    expect(prunes.map((p) => p.label)).toEqual(["gantry.e2e-image=api", "gantry.context-hash"]);
    for (const p of prunes) expect(p.before.getTime()).toBeGreaterThanOrEqual(started.getTime() - 1);
  });

  it("names the file holding the whole build log when the build fails", async () => {
    const root = project();
    const { runtime } = imageOnlyRuntime();
    (runtime.image as { build: unknown }).build = async (_b: ImageBuild, onStep: (line: string) => void) => {
      onStep("Step 1/2 : FROM base");
      throw new Error("build of gantry/api:e2e failed: boom");
    };
    await expect(serviceImage(runtime, service, root, () => {})).rejects.toThrow(
      "(the whole build log: .cache/e2e/image-builds/api.log)",
    );
    expect(readFileSync(join(root, ".cache/e2e/image-builds/api.log"), "utf8")).toContain(
      "Step 1/2 : FROM base\n",
    );
  });

  it("is not rebuilt while nothing it copies changes (logs and other folders do not count)", async () => {
    const root = project();
    const { runtime, builds } = imageOnlyRuntime();
    await serviceImage(runtime, service, root, () => {});
    touch(root, "docs/notes.md", "edited");
    touch(root, "services/api/debug.log", "ignored by .dockerignore");
    const { lines, log } = collectLog();
    await serviceImage(runtime, service, root, log);
    expect(builds).toHaveLength(1);
    expect(lines).toEqual(["api: image gantry/api:e2e is up to date"]);
  });

  it("is rebuilt when a copied file changes", async () => {
    const root = project();
    const { runtime, builds } = imageOnlyRuntime();
    await serviceImage(runtime, service, root, () => {});
    touch(root, "services/api/main.js", "22");
    await serviceImage(runtime, service, root, () => {});
    expect(builds).toHaveLength(2);
  });

  it("passes E2E_NODE_IMAGE as the NODE_IMAGE build arg", async () => {
    const root = project();
    const { runtime, builds } = imageOnlyRuntime();
    process.env.E2E_NODE_IMAGE = "local/node:test";
    try {
      await serviceImage(runtime, service, root, () => {});
    } finally {
      delete process.env.E2E_NODE_IMAGE;
    }
    expect(builds[0]!.buildArgs).toEqual({ NODE_IMAGE: "local/node:test" });
  });

  it("names the missing Dockerfile and the key to fix", async () => {
    const { runtime } = imageOnlyRuntime();
    await expect(serviceImage(runtime, makeService("nope"), project(), () => {})).rejects.toThrow(
      "no Dockerfile at services/nope/Dockerfile (services.nope.maven_module) and no image key",
    );
  });

  it("uses an image key as it is, and says when that image is not here", async () => {
    const { runtime, builds } = imageOnlyRuntime();
    await expect(
      serviceImage(runtime, makeService("x", { image: "acme/x:1" }), project(), () => {}),
    ).rejects.toThrow('image "acme/x:1" (services.x.image) is not present locally and cannot be pulled here');
    expect(builds).toEqual([]);
  });
});
