// The shape of a resolved e2e.conf: every option of seed 3's tables, defaults applied.
// This file is the contract between the config loader and everything that reads config
// (discovery, pages, runner, lifecycle, reporters). Defaults themselves live in defaults.ts.

export type Environment = "dev" | "staging" | "production";
export type VerificationLevel = "strict" | "lenient";
export type GatewayAuthType = "none" | "bearer" | "api_key";
/** How the lifecycle starts a service that is not already healthy. */
export type LauncherKind = "auto" | "docker" | "process";

export interface ProjectConfig {
  /** @default the product name, "Gantry" */
  name: string;
  /** @default "0.0.0" */
  version: string;
}

export interface GeneralConfig {
  /** @default "dev" */
  environment: Environment;
  /** HTTP request timeout, ms. @default 30000 */
  timeout: number;
  /** @default "Gantry-E2E/2.0" */
  user_agent: string;
  /** @default true */
  verbose: boolean;
  project: ProjectConfig;
  /** strict: unknown keys are errors; lenient: warnings. @default "strict" */
  verification_level: VerificationLevel;
}

/** A container a service needs before it can start (e.g. task-graph → Redis). */
export interface BackingServiceConfig {
  /** Local image tag to run. */
  image: string;
  /** Container port to publish on 127.0.0.1 (an ephemeral host port is chosen). */
  port?: number;
  /** Extra environment for the backing container. */
  env: Record<string, string>;
  /** Command run for the backing container (overrides the image's). */
  command?: string[];
  /** Health check: "tcp" probes the published port; a string array runs that command in the container. @default "tcp" */
  health: "tcp" | { command: string[] };
  /** Env var set on the dependent service with the backing container's URL, e.g. REDIS_URL. */
  url_env?: string;
  /** URL template for url_env; {host} and {port} are filled in. @default "tcp://{host}:{port}" */
  url_template?: string;
}

export interface ServiceConfig {
  /** The service's name (the key under `services`). */
  name: string;
  /** Service base address. Required. */
  base_url: string;
  /** @default "/actuator/health" */
  health_endpoint: string;
  /** @default 8080 */
  port: number;
  /** Module path (folder with the service's Dockerfile and start command). @default "services/{name}" */
  maven_module: string;
  /** Overrides general.timeout, ms. @default general.timeout (30000) */
  timeout: number;
  /** Bounds start-up and health waits (not requests), ms. @default 60000 */
  startup_timeout: number;
  /** Default request headers. @default {} */
  headers: Record<string, string>;
  /** Start the service before tests when it is not already healthy. @default true */
  auto_start: boolean;
  /** The run cannot go on without this service. @default true */
  required: boolean;
  /**
   * Its modules may run at the same time (up to --workers), each with its own page instance; results
   * are still reported in filename order. @default false
   */
  parallel: boolean;
  /** Endpoint name → path; paths may hold {id}. @default {} */
  endpoints: Record<string, string>;
  /** How to start it. @default "auto" */
  launcher: LauncherKind;
  /** Use this image instead of building maven_module's Dockerfile. @default undefined */
  image?: string;
  /**
   * The folder sent to Docker to build maven_module's Dockerfile (its COPY paths are relative to
   * it), relative to rootDir. @default the config's folder when it holds the Dockerfile and a
   * .dockerignore, else the Dockerfile's own folder
   */
  build_context?: string;
  /** Command for the process launcher, run in maven_module. @default ["npm", "run", "start"] */
  start_command?: string[];
  /** Environment for the started service. @default {} */
  env: Record<string, string>;
  /** Backing containers started first. @default {} */
  depends_on: Record<string, BackingServiceConfig>;
  /** Log in once per run and send the token with every request (SPEC §3b). @default undefined */
  auth?: ServiceAuthConfig;
}

/** services.<name>.auth: a login once per run, or a static credential as in api_gateway.auth. */
export type ServiceAuthConfig = LoginAuthConfig | StaticAuthConfig;

/** services.<name>.auth with type: bearer | api_key (the keys and checks of api_gateway.auth). */
export interface StaticAuthConfig extends GatewayAuthConfig {
  type: "bearer" | "api_key";
}

/** services.<name>.auth with type: login. */
export interface LoginAuthConfig {
  type: "login";
  /** @default "POST" */
  method: "POST" | "PUT" | "GET";
  /** Login path on the service's URL, e.g. /api/auth/login. Required. */
  path: string;
  /** JSON body of the login request (strings; ${VAR} for the password). @default {} */
  body: Record<string, string>;
  /** Dotted path of the token in the login answer. @default "token" */
  token_path: string;
  /** @default "Authorization" */
  header: string;
  /** Put before the token ("Bearer <token>"); empty sends the token alone. @default "Bearer" */
  scheme: string;
  /** Statuses after which the page logs in again once and repeats the request. @default [401] */
  refresh_on: number[];
}

export interface GatewayAuthConfig {
  /** @default "none" */
  type: GatewayAuthType;
  /** @default null */
  bearer_token: string | null;
  /** @default null */
  api_key_header: string | null;
  /** @default null */
  api_key_value: string | null;
}

export interface ApiGatewayConfig {
  /** @default false */
  enabled: boolean;
  /** @default "" */
  url: string;
  /** @default "" */
  prefix: string;
  auth: GatewayAuthConfig;
}

export interface DatabaseConfig {
  /** @default "localhost" */
  host: string;
  /** @default 5432 */
  port: number;
  /** @default "" */
  database: string;
  /** @default "" */
  username: string;
  /** @default "" */
  password: string;
  /** @default false */
  enabled: boolean;
}

export interface TestDataConfig {
  user: {
    /** @default "example.test" */
    email_domain: string;
    /** @default "<DEFAULT_TEST_PASSWORD>" from the seed; we use "Test-Password-1" */
    password: string;
    /** @default "testuser" */
    username_prefix: string;
  };
  timing: {
    /** Delay between requests of a module, ms. @default 100 */
    step_delay: number;
    /** @default 10000 */
    async_timeout: number;
  };
  retries: {
    /** @default 3 */
    max_attempts: number;
    /** @default 1000 */
    backoff_ms: number;
  };
}

export interface SecurityConfig {
  /** @default true */
  verify_ssl: boolean;
  /** @default null */
  ssl_cert: string | null;
  /** @default null */
  ssl_key: string | null;
  /** @default null */
  ssl_ca: string | null;
  /** Named test tokens; their values are redacted in every report. @default {} */
  test_tokens: Record<string, string>;
}

export interface ReportingConfig {
  /**
   * One or several reporters: built-in names (ReportFormat, from config/report-formats.ts) or
   * paths of reporter modules, resolved against the config's folder. @default ["console"]
   */
  format: string[];
  /** @default true */
  save_logs: boolean;
  /** @default "./logs" */
  log_dir: string;
  /** @default false */
  include_payloads: boolean;
  /** @default false */
  screenshot_on_failure: boolean;
}

export interface ResolvedConfig {
  general: GeneralConfig;
  /** In file order: services are run in config order. */
  services: Record<string, ServiceConfig>;
  api_gateway: ApiGatewayConfig;
  databases: Record<string, DatabaseConfig>;
  test_data: TestDataConfig;
  security: SecurityConfig;
  reporting: ReportingConfig;
  /** Absolute path of the file this came from. */
  configPath: string;
  /** Folder of the config file; `services/` and relative paths are resolved against it. */
  rootDir: string;
  /** Stable hash of the resolved config (labels for containers the run starts). */
  hash: string;
  /** Problems that did not stop loading (unknown keys under lenient). */
  warnings: string[];
}
