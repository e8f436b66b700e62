// Each service's Dockerfile builds offline FROM the local node base, and the container it makes
// is healthy, runs as a non-root user, answers on its port, and stops cleanly on SIGTERM.
import { statSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engineUnavailable, reportNotRun, run } from "./support/docker.js";

const LABEL = "gantry.test=infra-service-images";
// `data`: the tables and grammars its Dockerfile copies beside the bundle (read at run time, not
// bundled); the bundle itself must stay under 10 MB.
const SERVICES = [
  { name: "auth", port: 8765, health: { service: "mock-api" }, data: [] as string[] },
  {
    name: "task-graph",
    port: 8000,
    health: { service: "task-graph" },
    data: [
      "lib/search/data/wordnet-synonyms.tsv.gz",
      "lib/embedding/data/word-vectors.bin",
      // The tree-sitter runtime and grammars the code graph parses with (~8 MB together).
      ...[
        "web-tree-sitter/web-tree-sitter.wasm",
        "tree-sitter-typescript/tree-sitter-typescript.wasm",
        "tree-sitter-typescript/tree-sitter-tsx.wasm",
        "tree-sitter-javascript/tree-sitter-javascript.wasm",
        "tree-sitter-python/tree-sitter-python.wasm",
        "tree-sitter-java/tree-sitter-java.wasm",
        "tree-sitter-go/tree-sitter-go.wasm",
        "@tree-sitter-grammars/tree-sitter-kotlin/tree-sitter-kotlin.wasm",
      ].map((file) => `node_modules/${file}`),
    ],
  },
];

let reason = await engineUnavailable();
if (!reason) {
  try {
    await run("bash", ["infra/images/build.sh", "node"], { timeout: 300_000 });
  } catch (error) {
    reason = `the node base image could not be built: ${(error as Error).message.split("\n")[0]}`;
  }
}
const notRun = reportNotRun("service images (services/*/Dockerfile)", reason);

async function waitHealthy(id: string, limitMs: number): Promise<string> {
  const deadline = Date.now() + limitMs;
  let status = "";
  while (Date.now() < deadline) {
    status = (await run("docker", ["inspect", "-f", "{{.State.Health.Status}}", id])).stdout.trim();
    if (status === "healthy" || status === "unhealthy") return status;
    await new Promise((r) => setTimeout(r, 250));
  }
  return `${status} after ${limitMs}ms`;
}

describe.skipIf(notRun).each(SERVICES)("services/$name/Dockerfile", ({ name, port, health, data }) => {
  const tag = `gantry-infra-test/${name}:local`;
  let id = "";
  let url = "";

  beforeAll(async () => {
    await run(
      "docker",
      [
        "build",
        "-q",
        "-f",
        `services/${name}/Dockerfile`,
        "--build-arg",
        "NODE_IMAGE=gantry/node-base:local",
        "-t",
        tag,
        ".",
      ],
      { timeout: 300_000 },
    );
    id = (
      await run("docker", ["run", "-d", "--init", "--label", LABEL, "-p", `127.0.0.1::${port}`, tag])
    ).stdout.trim();
    const published = (await run("docker", ["port", id, String(port)])).stdout.split("\n")[0] ?? "";
    url = `http://127.0.0.1:${published.split(":").at(-1)}`;
  }, 300_000);

  afterAll(async () => {
    const { stdout } = await run("docker", ["ps", "-aq", "--filter", `label=${LABEL}`]);
    const ids = stdout.split("\n").filter(Boolean);
    if (ids.length) await run("docker", ["rm", "-f", ...ids]);
  });

  it("builds with no registry into a small runtime image (node plus one bundle and its data tables)", async () => {
    const size = Number((await run("docker", ["image", "inspect", "-f", "{{.Size}}", tag])).stdout.trim());
    const base = Number(
      (await run("docker", ["image", "inspect", "-f", "{{.Size}}", "gantry/node-base:local"])).stdout.trim(),
    );
    const tables = data.reduce((sum, file) => sum + statSync(file).size, 0);
    expect(size - base - tables).toBeLessThan(10 * 1024 * 1024);
  });

  it("becomes healthy through its own HEALTHCHECK and serves /health on the published port", async () => {
    expect(await waitHealthy(id, 30_000)).toBe("healthy");
    const res = await fetch(`${url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject(health);
  });

  it("runs as the non-root user node (uid 1000)", async () => {
    const { stdout } = await run("docker", ["top", id, "-o", "pid,uid,args"]);
    const app = stdout.split("\n").find((l) => l.includes("server.mjs")) ?? "";
    expect(app.trim().split(/\s+/)[1]).toBe("1000");
  });

  it("exits 0 within 5 s of SIGTERM (docker stop)", async () => {
    const started = Date.now();
    await run("docker", ["stop", "-t", "10", id]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await run("docker", ["inspect", "-f", "{{.State.ExitCode}}", id])).stdout.trim()).toBe("0");
  });
});
