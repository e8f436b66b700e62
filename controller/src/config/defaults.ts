// Every default of seed 3's tables (plus the lifecycle keys), in one place. Functions return
// fresh objects so callers can never mutate a shared default.
import type {
  ApiGatewayConfig,
  BackingServiceConfig,
  DatabaseConfig,
  GeneralConfig,
  ReportingConfig,
  SecurityConfig,
  ServiceConfig,
  TestDataConfig,
} from "./types.js";

/** The seed's "fixed product name". */
export const PRODUCT_NAME = "Gantry";
/** The seed's "fixed agent string ending in /2.0". */
export const DEFAULT_USER_AGENT = "Gantry-E2E/2.0";
/** The seed's "fixed test domain" (a reserved TLD, never routable). */
export const DEFAULT_EMAIL_DOMAIN = "example.test";
/** Stands in for the seed's <DEFAULT_TEST_PASSWORD>. */
export const DEFAULT_TEST_PASSWORD = "Test-Password-1";
export const DEFAULT_TIMEOUT_MS = 30000;

export function defaultGeneral(): GeneralConfig {
  return {
    environment: "dev",
    timeout: DEFAULT_TIMEOUT_MS,
    user_agent: DEFAULT_USER_AGENT,
    verbose: true,
    project: { name: PRODUCT_NAME, version: "0.0.0" },
    verification_level: "strict",
  };
}

/** Defaults of one service block; `timeout` follows the resolved general.timeout. */
export function defaultService(
  name: string,
  generalTimeout = DEFAULT_TIMEOUT_MS,
): Omit<ServiceConfig, "base_url"> {
  return {
    name,
    health_endpoint: "/actuator/health",
    port: 8080,
    maven_module: `services/${name}`,
    timeout: generalTimeout,
    startup_timeout: 60000,
    headers: {},
    auto_start: true,
    required: true,
    parallel: false,
    endpoints: {},
    launcher: "auto",
    start_command: ["npm", "run", "start"],
    env: {},
    depends_on: {},
  };
}

export function defaultBackingService(): Omit<BackingServiceConfig, "image"> {
  return { env: {}, health: "tcp", url_template: "tcp://{host}:{port}" };
}

export function defaultApiGateway(): ApiGatewayConfig {
  return {
    enabled: false,
    url: "",
    prefix: "",
    auth: { type: "none", bearer_token: null, api_key_header: null, api_key_value: null },
  };
}

export function defaultDatabase(): DatabaseConfig {
  return { host: "localhost", port: 5432, database: "", username: "", password: "", enabled: false };
}

export function defaultTestData(): TestDataConfig {
  return {
    user: {
      email_domain: DEFAULT_EMAIL_DOMAIN,
      password: DEFAULT_TEST_PASSWORD,
      username_prefix: "testuser",
    },
    timing: { step_delay: 100, async_timeout: 10000 },
    retries: { max_attempts: 3, backoff_ms: 1000 },
  };
}

export function defaultSecurity(): SecurityConfig {
  return { verify_ssl: true, ssl_cert: null, ssl_key: null, ssl_ca: null, test_tokens: {} };
}

export function defaultReporting(): ReportingConfig {
  return {
    format: ["console"],
    save_logs: true,
    log_dir: "./logs",
    include_payloads: false,
    screenshot_on_failure: false,
  };
}
