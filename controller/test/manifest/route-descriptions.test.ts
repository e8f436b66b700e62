// The route's own words in the manifest (`summary`, `description`), where the code says them:
// a Fastify route schema, NestJS @ApiOperation, FastAPI's keywords or the handler's docstring,
// and a merged OpenAPI operation. Each app is written to a temporary folder and scanned.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codeGraphParser } from "../../src/manifest/code-graph-parser.js";
import { scanService } from "../../src/manifest/scan-service.js";
import type { Endpoint } from "../../src/manifest/types.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function endpointsOf(files: Record<string, string>): Promise<Map<string, Endpoint>> {
  const root = mkdtempSync(join(tmpdir(), "e2e-route-descriptions-"));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const { service } = await scanService({ name: "app", root, displayRoot: "app", parser: codeGraphParser });
  return new Map(service.endpoints.map((e) => [e.id, e]));
}

describe("route descriptions in the manifest", () => {
  it("reads a Fastify route schema's summary and description", async () => {
    const endpoints = await endpointsOf({
      "package.json": JSON.stringify({ dependencies: { fastify: "^5.0.0" } }),
      "src/app.ts": `import Fastify from "fastify";
const app = Fastify();
app.get("/queue/ready", {
  schema: { summary: "Jobs ready to run", description: "Jobs whose inputs have all arrived." },
}, async () => []);
app.get("/queue/all", async () => []);
`,
    });
    expect(endpoints.get("GET /queue/ready")).toMatchObject({
      summary: "Jobs ready to run",
      description: "Jobs whose inputs have all arrived.",
    });
    expect(endpoints.get("GET /queue/all")?.description).toBeUndefined();
  });

  it("reads NestJS @ApiOperation's summary, description and operationId", async () => {
    const endpoints = await endpointsOf({
      "package.json": JSON.stringify({
        dependencies: { "@nestjs/common": "^10.0.0", "@nestjs/swagger": "^7.0.0" },
      }),
      "src/jobs.controller.ts": `import { Controller, Post } from "@nestjs/common";
import { ApiOperation } from "@nestjs/swagger";

@Controller("jobs")
export class JobsController {
  @Post(":id/retry")
  @ApiOperation({ summary: "Run a failed job again", description: "Keeps its inputs.", operationId: "retryJob" })
  retry() {
    return {};
  }
}
`,
    });
    expect(endpoints.get("POST /jobs/{id}/retry")).toMatchObject({
      summary: "Run a failed job again",
      description: "Keeps its inputs.",
      operation_id: "retryJob",
    });
  });

  it("reads FastAPI's summary= and description=, else the handler's docstring as FastAPI does", async () => {
    const endpoints = await endpointsOf({
      "main.py": `from fastapi import FastAPI

app = FastAPI()


@app.get("/jobs/ready", summary="Jobs ready to run", description="Inputs all arrived.")
async def ready() -> list:
    return []


@app.delete("/jobs/{job_id}")
async def drop(job_id: int) -> None:
    """Forget a job.

    Its results are kept.
    """


@app.get("/jobs")
async def jobs() -> list:
    return []
`,
    });
    expect(endpoints.get("GET /jobs/ready")).toMatchObject({
      summary: "Jobs ready to run",
      description: "Inputs all arrived.",
    });
    expect(endpoints.get("DELETE /jobs/{job_id}")?.description).toBe(
      "Forget a job.\n\nIts results are kept.",
    );
    expect(endpoints.get("GET /jobs")?.description).toBeUndefined();
  });

  it("takes an OpenAPI operation's description when the code has none", async () => {
    const endpoints = await endpointsOf({
      "package.json": JSON.stringify({ dependencies: { express: "^4.0.0" } }),
      "src/app.ts": `import express from "express";
const app = express();
app.get("/jobs", (_req, res) => { res.json([]); });
`,
      "openapi.yaml": `openapi: 3.0.3
info: { title: jobs, version: "1" }
paths:
  /jobs:
    get:
      summary: List jobs
      description: Every job, newest first.
      responses:
        "200": { description: the jobs }
`,
    });
    expect(endpoints.get("GET /jobs")).toMatchObject({
      summary: "List jobs",
      description: "Every job, newest first.",
      source: "code+openapi",
    });
  });
});
