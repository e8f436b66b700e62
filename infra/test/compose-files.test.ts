// The compose files validate with `docker compose config` and resolve to what the stack promises:
// loopback ports, healthchecks gating start order, init, named volumes; the offline override
// swaps in the registry-less images and drops Neo4j; staging is hardened and limited.
import { beforeAll, describe, expect, it } from "vitest";
import { composeUnavailable, reportNotRun, run } from "./support/docker.js";

interface Service {
  image?: string;
  init?: boolean;
  ports?: Array<{ host_ip?: string; published?: string; target: number }>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string | null>;
  volumes?: Array<{ type: string; source?: string; target: string; read_only?: boolean }>;
  build?: { args?: Record<string, string> };
  read_only?: boolean;
  user?: string;
  cap_drop?: string[];
  tmpfs?: string[];
  deploy?: {
    replicas?: number;
    resources?: { limits?: { cpus?: string; memory?: string } };
    restart_policy?: { condition: string };
  };
}
interface Project {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

async function config(files: string[], env: Record<string, string> = {}): Promise<Project> {
  const args = ["compose", ...files.flatMap((f) => ["-f", f]), "config", "--format", "json"];
  const { stdout } = await run("docker", args, { timeout: 30_000, env });
  return JSON.parse(stdout) as Project;
}

const unavailable = await composeUnavailable();
const notRun = reportNotRun("compose file validation (docker compose config)", unavailable);

describe.skipIf(notRun)("docker-compose.yml (full stack)", () => {
  let stack: Project;
  beforeAll(async () => {
    stack = await config(["docker-compose.yml"], { NODE_IMAGE: "", NEO4J_PASSWORD: "" });
  });

  it("has auth, task-graph, Redis 8 and Neo4j 5 community", () => {
    expect(Object.keys(stack.services).sort()).toEqual(["auth", "neo4j", "redis", "task-graph"]);
    expect(stack.services.redis?.image).toBe("redis:8");
    expect(stack.services.neo4j?.image).toBe("neo4j:5-community");
  });

  it("publishes auth on 8765 and task-graph on 8000, on 127.0.0.1 only", () => {
    expect(stack.services.auth?.ports).toEqual([
      expect.objectContaining({ host_ip: "127.0.0.1", published: "8765", target: 8765 }),
    ]);
    expect(stack.services["task-graph"]?.ports).toEqual([
      expect.objectContaining({ host_ip: "127.0.0.1", published: "8000", target: 8000 }),
    ]);
    for (const [name, svc] of Object.entries(stack.services)) {
      for (const port of svc.ports ?? [])
        expect(port.host_ip, `${name} publishes on loopback`).toBe("127.0.0.1");
    }
  });

  it("gives every service a healthcheck and starts the task graph only once its backends are healthy", () => {
    for (const [name, svc] of Object.entries(stack.services))
      expect(svc.healthcheck?.test, name).toBeDefined();
    expect(stack.services["task-graph"]?.depends_on).toEqual({
      redis: expect.objectContaining({ condition: "service_healthy" }),
      neo4j: expect.objectContaining({ condition: "service_healthy" }),
    });
  });

  it("points the task graph at the stack's Redis and Neo4j", () => {
    const env = stack.services["task-graph"]?.environment ?? {};
    expect(env.REDIS_URL).toBe("redis://redis:6379");
    expect(env.NEO4J_URI).toBe("bolt://neo4j:7687");
  });

  it("runs the Node services under an init process and keeps data in named volumes", () => {
    expect(stack.services.auth?.init).toBe(true);
    expect(stack.services["task-graph"]?.init).toBe(true);
    expect(Object.keys(stack.volumes ?? {}).sort()).toEqual(["neo4j-data", "redis-data", "task-graph-data"]);
    expect(stack.services.redis?.volumes).toEqual([
      expect.objectContaining({ type: "volume", source: "redis-data", target: "/data" }),
    ]);
  });

  it("mounts this repository read-only into task-graph and indexes it as a code root", () => {
    const tg = stack.services["task-graph"];
    expect(tg?.volumes).toContainEqual(
      expect.objectContaining({ type: "bind", target: "/code/gantry", read_only: true }),
    );
    expect((tg?.environment as Record<string, string> | undefined)?.CODE_ROOTS).toBe("gantry=/code/gantry");
  });

  it("builds the services FROM the public node image unless NODE_IMAGE says otherwise", () => {
    expect(stack.services.auth?.build?.args?.NODE_IMAGE).toBe("node:22-bookworm-slim");
  });
});

describe.skipIf(notRun)("docker-compose.yml + infra/compose/offline.yml (no container registry)", () => {
  let stack: Project;
  beforeAll(async () => {
    stack = await config(["docker-compose.yml", "infra/compose/offline.yml"], { NODE_IMAGE: "" });
  });

  it("leaves Neo4j out and runs Redis from the registry-less image", () => {
    expect(Object.keys(stack.services).sort()).toEqual(["auth", "redis", "task-graph"]);
    expect(stack.services.redis?.image).toBe("gantry/redis8:local");
  });

  it("builds both services FROM the local node base image", () => {
    expect(stack.services.auth?.build?.args?.NODE_IMAGE).toBe("gantry/node-base:local");
    expect(stack.services["task-graph"]?.build?.args?.NODE_IMAGE).toBe("gantry/node-base:local");
  });

  it("runs the task graph on its embedded graph store: no NEO4J_URI, waits for Redis only", () => {
    const tg = stack.services["task-graph"];
    expect(tg?.environment?.NEO4J_URI).toBeUndefined();
    expect(tg?.environment?.REDIS_URL).toBe("redis://redis:6379");
    expect(Object.keys(tg?.depends_on ?? {})).toEqual(["redis"]);
  });
});

describe.skipIf(notRun)("infra/compose/staging.yml (Kubernetes-style staging)", () => {
  let stack: Project;
  beforeAll(async () => {
    stack = await config(["infra/compose/staging.yml"]);
  });

  it("runs the stateless task graph with several replicas and the in-memory auth with one", () => {
    expect(stack.services["task-graph"]?.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(stack.services.auth?.deploy?.replicas).toBe(1);
  });

  it("limits CPU and memory and restarts every service", () => {
    for (const [name, svc] of Object.entries(stack.services)) {
      expect(svc.deploy?.resources?.limits?.cpus, `${name} cpus`).toBeDefined();
      expect(svc.deploy?.resources?.limits?.memory, `${name} memory`).toBeDefined();
      expect(svc.deploy?.restart_policy?.condition, `${name} restart`).toBe("any");
      expect(svc.healthcheck?.test, `${name} readiness`).toBeDefined();
    }
  });

  it("runs the app and Redis containers non-root on a read-only root filesystem, writing only to tmpfs or volumes", () => {
    for (const name of ["auth", "task-graph", "redis"]) {
      const svc = stack.services[name];
      expect(svc?.read_only, `${name} read_only`).toBe(true);
      expect(svc?.user, `${name} user`).toMatch(/^[1-9]\d*:[1-9]\d*$/);
      expect(svc?.cap_drop, `${name} cap_drop`).toEqual(["ALL"]);
      expect(
        svc?.tmpfs?.some((t) => t.startsWith("/tmp")),
        `${name} /tmp tmpfs`,
      ).toBe(true);
    }
    expect(stack.services.neo4j?.user).toMatch(/^[1-9]\d*:[1-9]\d*$/);
  });

  it("takes secrets from the per-service env files (placeholders only in git)", () => {
    expect(stack.services.auth?.environment?.JWT_SECRET).toMatch(/^change-me/);
    expect(stack.services["task-graph"]?.environment?.TASK_GRAPH_API_KEY).toMatch(/^change-me/);
    expect(stack.services["task-graph"]?.environment?.JWT_SECRET).toBeUndefined();
  });
});
