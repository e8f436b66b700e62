// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} here is e2e.conf text, not a template.
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/index.js";
import { loadError, loadText, MINIMAL } from "./helpers.js";

/** Each row: YAML, then the exact problem line expected (file:line:col path: message). */
const INVALID: [string, string, string][] = [
  [
    "missing general",
    "services: {}\n",
    "e2e.conf:1:1 general: required section is missing (it may be empty: `general: {}`)",
  ],
  ["empty file", "", "e2e.conf:1:1 general: required section is missing (it may be empty: `general: {}`)"],
  [
    "service without base_url",
    "general: {}\nservices:\n  auth:\n    port: 8765\n",
    "e2e.conf:3:3 services.auth.base_url: required option is missing (the service's base address, e.g. base_url: http://127.0.0.1:8080)",
  ],
  [
    "empty service block",
    "general: {}\nservices:\n  auth:\n",
    "e2e.conf:3:3 services.auth.base_url: required option is missing (the service's base address, e.g. base_url: http://127.0.0.1:8080)",
  ],
  [
    "service port above 65535",
    `${MINIMAL}    port: 70000\n`,
    "e2e.conf:5:11 services.auth.port: must be an integer from 1 to 65535, got 70000",
  ],
  [
    "service port 0",
    `${MINIMAL}    port: 0\n`,
    "e2e.conf:5:11 services.auth.port: must be an integer from 1 to 65535, got 0",
  ],
  [
    "service port float",
    `${MINIMAL}    port: 80.5\n`,
    "e2e.conf:5:11 services.auth.port: must be an integer from 1 to 65535, got 80.5",
  ],
  [
    "database port",
    "general: {}\ndatabases:\n  main:\n    port: -1\n",
    "e2e.conf:4:11 databases.main.port: must be an integer from 1 to 65535, got -1",
  ],
  [
    "general timeout 0",
    "general:\n  timeout: 0\n",
    "e2e.conf:2:12 general.timeout: must be a positive integer (milliseconds), got 0",
  ],
  [
    "general timeout negative",
    "general:\n  timeout: -5\n",
    "e2e.conf:2:12 general.timeout: must be a positive integer (milliseconds), got -5",
  ],
  [
    "service timeout as text",
    `${MINIMAL}    timeout: soon\n`,
    'e2e.conf:5:14 services.auth.timeout: must be a positive integer (milliseconds), got "soon"',
  ],
  [
    "async_timeout 0",
    "general: {}\ntest_data:\n  timing:\n    async_timeout: 0\n",
    "e2e.conf:4:20 test_data.timing.async_timeout: must be a positive integer (milliseconds), got 0",
  ],
  [
    "negative step_delay",
    "general: {}\ntest_data:\n  timing:\n    step_delay: -1\n",
    "e2e.conf:4:17 test_data.timing.step_delay: must be an integer >= 0 (milliseconds), got -1",
  ],
  [
    "max_attempts 0",
    "general: {}\ntest_data:\n  retries:\n    max_attempts: 0\n",
    "e2e.conf:4:19 test_data.retries.max_attempts: must be an integer >= 1 (1 means no retry), got 0",
  ],
  [
    "unknown environment",
    "general:\n  environment: prod\n",
    'e2e.conf:2:16 general.environment: must be one of dev, staging, production, got "prod"',
  ],
  [
    "unknown verification level",
    "general:\n  verification_level: loose\n",
    'e2e.conf:2:23 general.verification_level: must be one of strict, lenient, got "loose"',
  ],
  [
    "unknown gateway auth type",
    "general: {}\napi_gateway:\n  auth:\n    type: basic\n",
    'e2e.conf:4:11 api_gateway.auth.type: must be one of none, bearer, api_key, got "basic"',
  ],
  [
    "unknown report format",
    "general: {}\nreporting:\n  format: pdf\n",
    'e2e.conf:3:11 reporting.format: must be one of console, json, junit, html or the path of a reporter module, got "pdf"',
  ],
  [
    "unknown format in a list",
    "general: {}\nreporting:\n  format: [json, xml]\n",
    'e2e.conf:3:18 reporting.format[1]: must be one of console, json, junit, html or the path of a reporter module, got "xml"',
  ],
  [
    "empty format list",
    "general: {}\nreporting:\n  format: []\n",
    "e2e.conf:3:11 reporting.format: must name at least one of console, json, junit, html, got an empty list",
  ],
  [
    "unknown launcher",
    `${MINIMAL}    launcher: k8s\n`,
    'e2e.conf:5:15 services.auth.launcher: must be one of auto, docker, process, got "k8s"',
  ],
  [
    "verbose as number",
    "general:\n  verbose: 1\n",
    "e2e.conf:2:12 general.verbose: must be true or false, got 1",
  ],
  [
    "user_agent as number",
    "general:\n  user_agent: 2\n",
    'e2e.conf:2:15 general.user_agent: must be a string, got 2 (quote it: "2")',
  ],
  [
    "project as string",
    "general:\n  project: x\n",
    'e2e.conf:2:12 general.project: must be a map with name and version, got "x"',
  ],
  [
    "services as list",
    "general: {}\nservices: [auth]\n",
    "e2e.conf:2:11 services: must be a map of service name to its options, got a list",
  ],
  [
    "service as string",
    "general: {}\nservices:\n  auth: http://x\n",
    'e2e.conf:3:9 services.auth: must be a map of options (base_url, port, ...), got "http://x"',
  ],
  [
    "base_url not a URL",
    "general: {}\nservices:\n  auth:\n    base_url: localhost:8765\n",
    'e2e.conf:4:15 services.auth.base_url: must be an http or https URL (e.g. http://127.0.0.1:8080), got "localhost:8765"',
  ],
  [
    "health_endpoint without slash",
    `${MINIMAL}    health_endpoint: health\n`,
    'e2e.conf:5:22 services.auth.health_endpoint: must be a path starting with /, got "health"',
  ],
  [
    "auto_start as string",
    `${MINIMAL}    auto_start: yes\n`,
    'e2e.conf:5:17 services.auth.auto_start: must be true or false, got "yes"',
  ],
  [
    "headers as list",
    `${MINIMAL}    headers: [a]\n`,
    "e2e.conf:5:14 services.auth.headers: must be a map of name to string, got a list",
  ],
  [
    "header value as map",
    `${MINIMAL}    headers:\n      X-A: {b: c}\n`,
    "e2e.conf:6:12 services.auth.headers.X-A: must be a string, got a map",
  ],
  [
    "bad header name",
    `${MINIMAL}    headers:\n      "X A": b\n`,
    'e2e.conf:6:7 services.auth.headers.X A: must be a valid HTTP header name, got "X A"',
  ],
  [
    "endpoint without slash",
    `${MINIMAL}    endpoints:\n      user: users/{id}\n`,
    'e2e.conf:6:13 services.auth.endpoints.user: must be a path starting with /, got "users/{id}"',
  ],
  [
    "bad service name",
    "general: {}\nservices:\n  1auth:\n    base_url: http://a:1\n",
    'e2e.conf:3:3 services.1auth: service names must start with a letter and hold only letters, digits, ".", "_" or "-", got "1auth"',
  ],
  [
    "start_command as string",
    `${MINIMAL}    start_command: npm start\n`,
    'e2e.conf:5:20 services.auth.start_command: must be a non-empty list of strings (e.g. [npm, run, start]), got "npm start"',
  ],
  [
    "start_command item as number",
    `${MINIMAL}    start_command: [node, 1]\n`,
    "e2e.conf:5:27 services.auth.start_command[1]: must be a string, got 1",
  ],
  [
    "env with bad variable name",
    `${MINIMAL}    env:\n      "BAD-NAME": x\n`,
    'e2e.conf:6:7 services.auth.env.BAD-NAME: must be an environment variable name, got "BAD-NAME"',
  ],
  [
    "backing service without image",
    `${MINIMAL}    depends_on:\n      redis:\n        port: 6379\n`,
    "e2e.conf:6:7 services.auth.depends_on.redis.image: required option is missing (a local image tag)",
  ],
  [
    "tcp health without port",
    `${MINIMAL}    depends_on:\n      redis:\n        image: redis:8\n`,
    "e2e.conf:6:7 services.auth.depends_on.redis.port: is required when health is tcp (the container port to publish)",
  ],
  [
    "unknown health kind",
    `${MINIMAL}    depends_on:\n      redis:\n        image: r\n        port: 6379\n        health: http\n`,
    'e2e.conf:9:17 services.auth.depends_on.redis.health: must be "tcp" or a map with command: [...], got "http"',
  ],
  [
    "backing port out of range",
    `${MINIMAL}    depends_on:\n      redis:\n        image: r\n        port: 99999\n`,
    "e2e.conf:8:15 services.auth.depends_on.redis.port: must be an integer from 1 to 65535, got 99999",
  ],
  [
    "bad url_env",
    `${MINIMAL}    depends_on:\n      redis:\n        image: r\n        port: 6379\n        url_env: redis-url\n`,
    'e2e.conf:9:18 services.auth.depends_on.redis.url_env: must be an environment variable name, got "redis-url"',
  ],
  [
    "enabled gateway without url",
    "general: {}\napi_gateway:\n  enabled: true\n",
    "e2e.conf:2:1 api_gateway.url: is required when api_gateway.enabled is true",
  ],
  [
    "gateway url not a URL",
    "general: {}\napi_gateway:\n  enabled: true\n  url: gateway\n",
    'e2e.conf:4:8 api_gateway.url: must be an http or https URL (e.g. http://127.0.0.1:8080), got "gateway"',
  ],
  [
    "gateway prefix without slash",
    "general: {}\napi_gateway:\n  prefix: api\n",
    'e2e.conf:3:11 api_gateway.prefix: must be empty or a path like "/api" (leading /, no trailing /), got "api"',
  ],
  [
    "bearer gateway without token",
    "general: {}\napi_gateway:\n  enabled: true\n  url: http://gw:1\n  auth:\n    type: bearer\n    bearer_token: ${GW_TOKEN}\n",
    "e2e.conf:7:19 api_gateway.auth.bearer_token: is required when auth.type is bearer, but ${GW_TOKEN} is not set and has no default",
  ],
  [
    "api_key gateway without header",
    "general: {}\napi_gateway:\n  enabled: true\n  url: http://gw:1\n  auth:\n    type: api_key\n    api_key_value: k\n",
    "e2e.conf:5:3 api_gateway.auth.api_key_header: is required when auth.type is api_key",
  ],
  [
    "ssl_cert as boolean",
    "general: {}\nsecurity:\n  ssl_cert: true\n",
    'e2e.conf:3:13 security.ssl_cert: must be a string, got true (quote it: "true")',
  ],
  [
    "test token as list",
    "general: {}\nsecurity:\n  test_tokens:\n    admin: [a]\n",
    "e2e.conf:4:12 security.test_tokens.admin: must be a string, got a list",
  ],
  [
    "root as list",
    "- general\n",
    "e2e.conf:1:1 (root): must be a map of sections (general, services, api_gateway, databases, test_data, security, reporting), got a list",
  ],
  [
    "log_dir empty",
    "general: {}\nreporting:\n  log_dir: ''\n",
    'e2e.conf:3:12 reporting.log_dir: must not be empty, got ""',
  ],
];

describe("validation", () => {
  it.each(INVALID)("reports %s with file:line:col and the option path", (_name, yaml, expected) => {
    const err = loadError(yaml);
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.code).toBe("E2E_CONFIG_INVALID");
    expect(err.problems.map(String)).toContain(expected);
    expect(err.message).toContain(expected);
  });

  it("collects every problem into one error instead of stopping at the first", () => {
    const err = loadError(
      "services:\n  auth:\n    port: 70000\n  users:\n    base_url: http://a:1\n    timeout: -1\nreporting:\n  format: pdf\n",
    );
    expect(err.problems.map((p) => p.path)).toEqual([
      "general",
      "services.auth.base_url",
      "services.auth.port",
      "services.users.timeout",
      "reporting.format",
    ]);
    expect(err.message).toMatch(
      /^Configuration validation failed \(5 problems\):\n {2}e2e\.conf:1:1 general:/,
    );
  });

  it("points problems in an aliased block at the anchor's source", () => {
    const err = loadError(
      "general: {}\nservices:\n  a: &base\n    base_url: http://a:1\n    port: 0\n  b: *base\n",
    );
    expect(err.problems.map(String)).toEqual([
      "e2e.conf:5:11 services.a.port: must be an integer from 1 to 65535, got 0",
      "e2e.conf:5:11 services.b.port: must be an integer from 1 to 65535, got 0",
    ]);
  });

  it("reports YAML syntax errors and duplicate keys with their position", () => {
    expect(loadError("general:\n  timeout: [1, 2\n").problems[0]!.toString()).toMatch(
      /^e2e\.conf:\d+:\d+ \(yaml\): /,
    );
    const dup = loadError("general: {}\ngeneral: {}\n");
    expect(dup.problems[0]!.toString()).toMatch(/^e2e\.conf:2:1 \(yaml\): .*unique/i);
  });
});

describe("unknown keys", () => {
  const yaml =
    "general:\n  verification_level: VL\n  timeot: 5\nservices:\n  auth:\n    base_url: http://a:1\n    colour: red\nextras: {}\n";

  it("are errors under strict, with a did-you-mean hint and the known options", () => {
    const err = loadError(yaml.replace("VL", "strict"));
    expect(err.problems.map(String)).toEqual([
      'e2e.conf:3:3 general.timeot: unknown option (did you mean "timeout"?); known options: environment, timeout, user_agent, verbose, project, verification_level',
      "e2e.conf:8:1 extras: unknown option; known options: general, services, api_gateway, databases, test_data, security, reporting",
      expect.stringMatching(
        /^e2e\.conf:7:5 services\.auth\.colour: unknown option; known options: base_url,/,
      ),
    ]);
  });

  it("are warnings under lenient, and the config loads", () => {
    const config = loadText(yaml.replace("VL", "lenient"));
    expect(config.warnings).toHaveLength(3);
    expect(config.warnings[0]).toMatch(
      /^e2e\.conf:3:3 general\.timeot: unknown option .*\(ignored: verification_level is lenient\)$/,
    );
    expect(config.general.timeout).toBe(30000);
  });

  it("are errors by default (verification_level defaults to strict)", () => {
    expect(loadError("general:\n  colour: red\n").problems).toHaveLength(1);
  });

  it("do not make known problems warnings under lenient", () => {
    const err = loadError("general:\n  verification_level: lenient\n  timeout: 0\n");
    expect(err.problems.map((p) => p.path)).toEqual(["general.timeout"]);
  });
});
