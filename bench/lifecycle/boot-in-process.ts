// Runs boot-once.ts in a fresh node process for one ServiceConfig and returns its timings.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ResolvedConfig, ServiceConfig } from "../../controller/src/config/types.js";

const SCRIPT = fileURLToPath(new URL("./boot-once.ts", import.meta.url));

export function bootOnce(repo: string, service: ServiceConfig): { importMs: number; bootMs: number } {
  const config = {
    services: { auth: service },
    rootDir: repo,
    configPath: `${repo}/e2e.conf`,
    hash: "bench",
    security: { verify_ssl: true },
  } as unknown as ResolvedConfig;
  const out = execFileSync(process.execPath, ["--import", "tsx", SCRIPT, repo, JSON.stringify(config)], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return JSON.parse(out.trim().split("\n").at(-1)!);
}

export function authService(overrides: Partial<ServiceConfig>): ServiceConfig {
  return {
    name: "auth",
    base_url: "http://127.0.0.1:1",
    health_endpoint: "/health",
    port: 8765,
    maven_module: "services/auth",
    timeout: 60_000,
    startup_timeout: 60_000,
    headers: {},
    auto_start: true,
    required: true,
    parallel: false,
    endpoints: {},
    launcher: "auto",
    env: { LOG_LEVEL: "info" },
    depends_on: {},
    ...overrides,
  };
}
