// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} here is e2e.conf text, not a template.
// getServiceUrl against real local HTTP servers: a gateway that answers, one that answers 503,
// one that never answers, and a closed port.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "../../../lib/net/free-port.js";
import { ApiConfigLoader } from "../../src/config/index.js";
import { isolatedEnv, tempDir, writeFile } from "./helpers.js";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function gateway(
  handler: (req: IncomingMessage) => number | null,
): Promise<{ url: string; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    const status = handler(req);
    if (status !== null) res.writeHead(status, { "content-type": "application/json" }).end("{}");
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freeLoopbackPort()}`;
}

function loader(gatewayBlock: string): ApiConfigLoader {
  const root = tempDir();
  writeFile(
    root,
    "e2e.conf",
    `general: {}\nservices:\n  auth:\n    base_url: http://127.0.0.1:8765\n    health_endpoint: /health\n${gatewayBlock}`,
  );
  return ApiConfigLoader.load(undefined, {
    cwd: root,
    env: isolatedEnv(root, { GW_TOKEN: "t0k" }),
    probeTimeoutMs: 300,
  });
}

describe("getServiceUrl", () => {
  it("is the service's base_url when the gateway is disabled", async () => {
    expect(await loader("").getServiceUrl("auth")).toBe("http://127.0.0.1:8765");
  });

  it("is {url}{prefix}/{name} when the gateway is enabled and answers, probing with its auth", async () => {
    const gw = await gateway(() => 200);
    const l = loader(
      `api_gateway:\n  enabled: true\n  url: ${gw.url}/\n  prefix: /api\n  auth:\n    type: bearer\n    bearer_token: \${GW_TOKEN}\n`,
    );
    expect(await l.resolveServiceUrl("auth")).toEqual({ url: `${gw.url}/api/auth`, via: "gateway" });
    expect(gw.seen[0]!.url).toBe("/api/auth/health");
    expect(gw.seen[0]!.headers.authorization).toBe("Bearer t0k");
    expect(gw.seen[0]!.headers["user-agent"]).toBe("Gantry-E2E/2.0");
  });

  it("counts a 404 from the gateway as an answer", async () => {
    const gw = await gateway(() => 404);
    const l = loader(
      `api_gateway:\n  enabled: true\n  url: ${gw.url}\n  auth:\n    type: api_key\n    api_key_header: X-Api-Key\n    api_key_value: k1\n`,
    );
    expect(await l.getServiceUrl("auth")).toBe(`${gw.url}/auth`);
    expect(gw.seen[0]!.headers["x-api-key"]).toBe("k1");
  });

  it("falls back to base_url when the gateway's port is closed", async () => {
    const url = await closedPortUrl();
    const result = await loader(`api_gateway:\n  enabled: true\n  url: ${url}\n`).resolveServiceUrl("auth");
    expect(result).toMatchObject({ url: "http://127.0.0.1:8765", via: "direct" });
    expect(result.reason).toContain("ECONNREFUSED");
  });

  it("falls back to base_url when the gateway answers 503", async () => {
    const gw = await gateway(() => 503);
    const result = await loader(`api_gateway:\n  enabled: true\n  url: ${gw.url}\n`).resolveServiceUrl(
      "auth",
    );
    expect(result).toEqual({ url: "http://127.0.0.1:8765", via: "direct", reason: "gateway answered 503" });
  });

  it("falls back to base_url when the gateway does not answer within the probe deadline", async () => {
    const gw = await gateway(() => null);
    const started = Date.now();
    const result = await loader(`api_gateway:\n  enabled: true\n  url: ${gw.url}\n`).resolveServiceUrl(
      "auth",
    );
    expect(result.url).toBe("http://127.0.0.1:8765");
    expect(result.reason).toContain("no answer within 300 ms");
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
