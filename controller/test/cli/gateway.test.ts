// api_gateway through the real CLI: modules reach a service through the gateway when it is enabled
// and answers, with the gateway's credentials; otherwise they reach the service directly, and the
// gateway's credentials never go there.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReceivedRequest, sendJson, startServer, type TestServer } from "../helpers/http-server.js";
import { confFor, moduleSource, pageSource, projectTracker, runCli } from "../helpers/project.js";

let service: TestServer;
let gateway: TestServer;
let gatewayStatus = 200;
const { project, removeAll } = projectTracker();

beforeAll(async () => {
  service = await startServer(async (req, res) => sendJson(res, 200, { via: "service", path: req.url }));
  gateway = await startServer(async (req, res) =>
    sendJson(res, gatewayStatus, { via: "gateway", path: req.url }),
  );
});
afterAll(async () => {
  removeAll();
  await Promise.all([service.close(), gateway.close()]);
});

const whoami = moduleSource(
  `  const res = await page.get("/whoami");\n  assert.equal(res.status, 200);\n  return res;`,
);

async function runWithGateway(apiGateway: string) {
  for (const server of [service, gateway]) server.received.length = 0;
  const p = project({
    "e2e.conf": `${confFor({ auth: { url: service.url } })}${apiGateway}`,
    "services/auth/page.ts": pageSource(),
    "services/auth/modules/01_whoami.ts": whoami,
  });
  const reportDir = join(p.dir, "out");
  const result = await runCli([
    "run",
    "--config",
    join(p.dir, "e2e.conf"),
    "--reporter",
    "console,json",
    "--report-dir",
    reportDir,
  ]);
  const file = join(reportDir, "e2e-report.json");
  if (!existsSync(file))
    throw new Error(`no report (exit ${result.code}):\n${result.stdout}${result.stderr}`);
  const report = JSON.parse(readFileSync(file, "utf8"));
  return { ...result, report };
}

const whoamiAt = (server: TestServer): ReceivedRequest[] =>
  server.received.filter((r) => r.url.endsWith("/whoami"));

describe("e2e run with api_gateway", () => {
  it("sends requests through the gateway, as {url}{prefix}/{name}, with its bearer token", async () => {
    gatewayStatus = 200;
    const run = await runWithGateway(
      `api_gateway:\n  enabled: true\n  url: ${gateway.url}\n  prefix: /api\n  auth:\n    type: bearer\n    bearer_token: gw-token-123\n`,
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`auth: through the gateway at ${gateway.url}/api/auth`);
    const [request] = whoamiAt(gateway);
    expect(request?.url).toBe("/api/auth/whoami");
    expect(request?.headers.authorization).toBe("Bearer gw-token-123");
    expect(whoamiAt(service)).toEqual([]);
    expect(run.report.services[0].baseUrl).toBe(`${gateway.url}/api/auth`);
  });

  it("sends the api_key header the gateway's auth names", async () => {
    gatewayStatus = 200;
    const run = await runWithGateway(
      `api_gateway:\n  enabled: true\n  url: ${gateway.url}\n  auth:\n    type: api_key\n    api_key_header: X-Gateway-Key\n    api_key_value: k-42\n`,
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(whoamiAt(gateway)[0]?.headers["x-gateway-key"]).toBe("k-42");
  });

  it("falls back to the service's own URL when the gateway fails, without the gateway's credentials", async () => {
    gatewayStatus = 503;
    const run = await runWithGateway(
      `api_gateway:\n  enabled: true\n  url: ${gateway.url}\n  auth:\n    type: bearer\n    bearer_token: gw-token-123\n`,
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /auth: not through the gateway \(gateway answered 503\); requests go to http:\/\/127\.0\.0\.1:\d+/,
    );
    const [request] = whoamiAt(service);
    expect(request?.url).toBe("/whoami");
    expect(request?.headers.authorization).toBeUndefined();
    expect(whoamiAt(gateway)).toEqual([]);
  });

  it("judges health at the gateway, so a service reachable only through it runs (not exit 3)", async () => {
    gatewayStatus = 200;
    const closed = await startServer(async (_req, res) => sendJson(res, 200, {}));
    await closed.close(); // a port nothing listens on: the service is not reachable directly
    gateway.received.length = 0;
    const p = project({
      "e2e.conf": `${confFor({ auth: { url: closed.url, extra: "    required: true\n    auto_start: false\n" } })}api_gateway:\n  enabled: true\n  url: ${gateway.url}\n  prefix: /api\n  auth:\n    type: bearer\n    bearer_token: gw-token-123\n`,
      "services/auth/page.ts": pageSource(),
      "services/auth/modules/01_whoami.ts": whoami,
    });
    const run = await runCli(["run", "--config", join(p.dir, "e2e.conf"), "--reporter", "console"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `auth: already healthy through the gateway at ${gateway.url}/api/auth/health`,
    );
    const health = gateway.received.find((r) => r.url === "/api/auth/health");
    expect(health?.headers.authorization).toBe("Bearer gw-token-123");
    expect(whoamiAt(gateway)[0]?.url).toBe("/api/auth/whoami");
  });

  it("never sends the gateway's credentials when the gateway is disabled", async () => {
    const run = await runWithGateway(
      `api_gateway:\n  enabled: false\n  url: ${gateway.url}\n  auth:\n    type: bearer\n    bearer_token: gw-token-123\n`,
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(whoamiAt(service)[0]?.headers.authorization).toBeUndefined();
    expect(gateway.received).toEqual([]);
    expect(run.stdout).not.toContain("gateway");
  });
});
