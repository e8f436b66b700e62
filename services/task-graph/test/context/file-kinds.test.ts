// Agent context by file kind (issue 21 §4), over a real service: prose that shares most of a code
// issue's words does not push the code out of first place, a docs issue still gets its docs, and
// a packaging issue reaches package.json. The kind's weight and the affinity to it are
// fitted (context/ranker-weights.ts), so these hold the fitted model, not a list of words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type StartedService, startService } from "../../harness/start-service.js";
import { fileKind } from "../../src/domain/context/file-kind.js";

const FILES: Record<string, string> = {
  "src/net/retry.ts": [
    "// Retries a connection until it opens or the attempts run out.",
    "export interface RetryOptions { attempts: number; timeoutMs: number; backoffMs: number }",
    "export async function retryConnect(open: () => Promise<void>, options: RetryOptions): Promise<void> {",
    "  for (let attempt = 0; ; attempt++) {",
    "    try {",
    "      return await open();",
    "    } catch (err) {",
    "      await new Promise((r) => setTimeout(r, options.backoffMs * 2 ** attempt));",
    "    }",
    "  }",
    "}",
    "",
  ].join("\n"),
  "src/net/pool.ts": [
    'import { retryConnect } from "./retry.js";',
    "export class ConnectionPool {",
    "  async acquire(open: () => Promise<void>): Promise<void> {",
    "    await retryConnect(open, { attempts: 5, timeoutMs: 1000, backoffMs: 50 });",
    "  }",
    "}",
    "",
  ].join("\n"),
  "src/cli.ts":
    'import { ConnectionPool } from "./net/pool.js";\nexport const pool = new ConnectionPool();\n',
  "bin/shop.js": '#!/usr/bin/env node\nimport("../dist/cli.js");\n',
  "README.md": [
    "# shop",
    "",
    "Connections are retried: when a connection attempt fails or times out, the pool waits and",
    "retries the connection with a backoff that doubles after each attempt. The timeout of one",
    "attempt, the number of attempts and the backoff are settings of the connection pool; a",
    "connection that times out is retried until the attempts run out, then the error is raised.",
    "",
    "## Install",
    "",
    "npm install shop, then run the shop command. The connection retry settings are read at start.",
    "",
  ].join("\n"),
  "docs/operations.md": [
    "# Operations",
    "",
    "When the database connection drops, connections are retried with backoff. Watch the retry",
    "count in the logs: many retries mean the timeout is too short for the network.",
    "",
  ].join("\n"),
  "package.json": JSON.stringify(
    {
      name: "shop",
      version: "1.0.0",
      type: "module",
      bin: { shop: "bin/shop.js" },
      files: ["dist"],
      scripts: { build: "tsc", prepack: "npm run build" },
      dependencies: {},
    },
    null,
    2,
  ),
  Dockerfile:
    'FROM node:20-slim\nWORKDIR /app\nCOPY package.json .\nRUN npm install --omit=dev\nCOPY dist dist\nCMD ["node", "dist/cli.js"]\n',
};

let svc: StartedService;

beforeAll(async () => {
  svc = await startService();
  const files = Object.entries(FILES).map(([path, content]) => ({ path, content }));
  const res = await svc.request("PUT", "/api/v1/code/repositories/shop/files", { files });
  expect(res.status).toBe(200);
});
afterAll(() => svc?.close());

async function ranked(title: string, description: string): Promise<string[]> {
  const created = await svc.post("/api/v1/issues", { title, description });
  expect(created.status).toBe(201);
  const res = await svc.get(`/api/v1/agent/context/${created.body.id}?budget_tokens=20000&limit=10`);
  expect(res.status).toBe(200);
  return res.body.files.map((f: Json) => f.path);
}

describe("file kinds", () => {
  it("tells code, test, docs and build files apart by name", () => {
    expect(fileKind("src/net/retry.ts")).toBe("code");
    expect(fileKind("src/net/retry.test.ts")).toBe("test");
    expect(fileKind("test/fixtures/app.ts")).toBe("test");
    expect(fileKind("README.md")).toBe("docs");
    expect(fileKind("docs/releases/3.2.txt")).toBe("docs");
    expect(fileKind("package.json")).toBe("build");
    expect(fileKind("services/api/Dockerfile")).toBe("build");
    expect(fileKind(".github/workflows/ci.yml")).toBe("build");
    expect(fileKind("Makefile")).toBe("build");
  });
});

describe("agent context by file kind", () => {
  it("ranks the code first for a code issue, though the README shares more of its words", async () => {
    const top = await ranked(
      "Connection retry never stops when the connection times out",
      "After a timeout the retry loop tries the connection again forever: the attempts option is ignored.",
    );
    expect(top[0]).toBe("src/net/retry.ts");
    // At most one of the two prose files among the first three (both share most of the words).
    expect(top.slice(0, 3).filter((p) => p.endsWith(".md")).length).toBeLessThanOrEqual(1);
  });

  it("still brings the docs for an issue about the docs", async () => {
    const top = await ranked(
      "README: the install section does not say how to run the shop command",
      "The README install section should say to run the shop command after npm install.",
    );
    expect(top.slice(0, 2)).toContain("README.md");
  });

  it("reaches package.json for a packaging issue", async () => {
    const top = await ranked(
      "npm pack leaves out bin/shop.js",
      "The package files list only has dist, so the installed shop bin is missing. The packed tarball must include the bin.",
    );
    expect(top.slice(0, 3)).toContain("package.json");
  });
});
