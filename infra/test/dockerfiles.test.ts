// The service Dockerfiles keep the properties the registry-less build and the runtime rely on.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./support/docker.js";

const SERVICES = [
  { name: "auth", port: 8765 },
  { name: "task-graph", port: 8000 },
];

/** Instructions of the Dockerfile (comments dropped, continuation lines joined), grouped by stage. */
function stages(text: string): string[][] {
  const lines = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
  const out: string[][] = [[]];
  for (const line of lines) {
    if (/^FROM\s/i.test(line)) out.push([]);
    out[out.length - 1]?.push(line);
  }
  return out.filter((s) => s.length > 0);
}

describe.each(SERVICES)("services/$name/Dockerfile", ({ name, port }) => {
  const text = readFileSync(resolve(REPO_ROOT, "services", name, "Dockerfile"), "utf8");
  const all = stages(text);
  const runtime = all[all.length - 1] ?? [];

  it("takes the base image as ARG NODE_IMAGE with a public default, so an offline build can pass a local tag", () => {
    expect(text).toMatch(/^ARG NODE_IMAGE=node:22-bookworm-slim$/m);
    const froms = text.match(/^FROM .*/gm) ?? [];
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) expect(from).toMatch(/^FROM \$\{NODE_IMAGE\}/);
  });

  it("never names a syntax frontend (that would be pulled from a registry)", () => {
    expect(text).not.toMatch(/^#\s*syntax=/im);
  });

  it("bundles in a build stage and copies only the bundle into the runtime stage", () => {
    expect(text).toMatch(new RegExp(`RUN \\["node", "infra/images/bundle.mjs", "${name}", "/out"\\]`));
    const copies = runtime.filter((l) => /^COPY\s/i.test(l));
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy).toMatch(/--from=build/);
    // The local base image has no shell: the runtime stage must not RUN anything.
    expect(runtime.some((l) => /^RUN\s/i.test(l))).toBe(false);
  });

  it("runs as a non-root user in the runtime stage", () => {
    const users = runtime.filter((l) => /^USER\s/i.test(l)).map((l) => l.split(/\s+/)[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:.*)?$/);
  });

  it(`declares an exec-form HEALTHCHECK that fetches /health on port ${port} with node`, () => {
    const health = runtime.find((l) => /^HEALTHCHECK\s/i.test(l)) ?? "";
    expect(health).toMatch(/CMD \["node", "-e", /);
    expect(health).toContain("/health");
    expect(health).toContain(String(port));
    expect(health).not.toMatch(/wget|curl/);
    expect(runtime).toContain(`EXPOSE ${port}`);
  });

  it("starts node directly in exec form, so SIGTERM reaches the app", () => {
    expect(runtime.at(-1)).toBe('CMD ["node", "server.mjs"]');
  });
});

describe(".dockerignore", () => {
  const text = readFileSync(resolve(REPO_ROOT, ".dockerignore"), "utf8");
  it("keeps caches, build output, git and secrets out of the context", () => {
    for (const entry of [".git", ".cache", "dist", "**/.env"]) expect(text.split("\n")).toContain(entry);
  });
  it("keeps the large dev-only packages out while leaving the bundler in", () => {
    expect(text).toMatch(/^node_modules\/@biomejs$/m);
    expect(text).not.toMatch(/^node_modules\/?$/m);
    const rules = text.split("\n").filter((l) => !l.startsWith("#"));
    expect(rules.filter((l) => l.includes("esbuild"))).toEqual([]);
  });
});
