// Builds a ResolvedConfig directly (no loader), with the defaults of seed 3 for what a test omits.
import type { ResolvedConfig, ServiceConfig } from "../../../src/config/types.js";

export function makeService(name: string, overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  return {
    name,
    base_url: "http://127.0.0.1:8080",
    health_endpoint: "/health",
    port: 8080,
    maven_module: `services/${name}`,
    timeout: 30_000,
    startup_timeout: 60_000,
    headers: {},
    auto_start: true,
    required: true,
    parallel: false,
    endpoints: {},
    launcher: "auto",
    env: {},
    depends_on: {},
    ...overrides,
  };
}

export function makeConfig(
  rootDir: string,
  services: ServiceConfig[],
  hash = "testhash0001",
): ResolvedConfig {
  return {
    general: {
      environment: "dev",
      timeout: 30_000,
      user_agent: "Gantry-E2E/2.0",
      verbose: true,
      project: { name: "Gantry", version: "0.0.0" },
      verification_level: "strict",
    },
    services: Object.fromEntries(services.map((s) => [s.name, s])),
    api_gateway: {
      enabled: false,
      url: "",
      prefix: "",
      auth: { type: "none", bearer_token: null, api_key_header: null, api_key_value: null },
    },
    databases: {},
    test_data: {
      user: { email_domain: "example.test", password: "Test-Password-1", username_prefix: "testuser" },
      timing: { step_delay: 100, async_timeout: 10_000 },
      retries: { max_attempts: 3, backoff_ms: 1000 },
    },
    security: { verify_ssl: true, ssl_cert: null, ssl_key: null, ssl_ca: null, test_tokens: {} },
    reporting: {
      format: ["console"],
      save_logs: true,
      log_dir: "./logs",
      include_payloads: false,
      screenshot_on_failure: false,
    },
    configPath: `${rootDir}/e2e.conf`,
    rootDir,
    hash,
    warnings: [],
  };
}
