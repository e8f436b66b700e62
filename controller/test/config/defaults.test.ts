import { describe, expect, it } from "vitest";
import {
  defaultApiGateway,
  defaultDatabase,
  defaultGeneral,
  defaultReporting,
  defaultSecurity,
  defaultTestData,
} from "../../src/config/index.js";
import { loadText, MINIMAL } from "./helpers.js";

describe("defaults", () => {
  it("fills every option of the seed's tables when only general is given", () => {
    const config = loadText("general:\n");
    expect(config.general).toEqual({
      environment: "dev",
      timeout: 30000,
      user_agent: "Gantry-E2E/2.0",
      verbose: true,
      project: { name: "Gantry", version: "0.0.0" },
      verification_level: "strict",
    });
    expect(config.services).toEqual({});
    expect(config.api_gateway).toEqual({
      enabled: false,
      url: "",
      prefix: "",
      auth: { type: "none", bearer_token: null, api_key_header: null, api_key_value: null },
    });
    expect(config.databases).toEqual({});
    expect(config.test_data).toEqual({
      user: { email_domain: "example.test", password: "Test-Password-1", username_prefix: "testuser" },
      timing: { step_delay: 100, async_timeout: 10000 },
      retries: { max_attempts: 3, backoff_ms: 1000 },
    });
    expect(config.security).toEqual({
      verify_ssl: true,
      ssl_cert: null,
      ssl_key: null,
      ssl_ca: null,
      test_tokens: {},
    });
    expect(config.reporting).toEqual({
      format: ["console"],
      save_logs: true,
      log_dir: "./logs",
      include_payloads: false,
      screenshot_on_failure: false,
    });
    expect(config.warnings).toEqual([]);
  });

  it("matches the exported default factories", () => {
    const config = loadText("general: {}\ndatabases:\n  main:\n");
    expect(config.general).toEqual(defaultGeneral());
    expect(config.api_gateway).toEqual(defaultApiGateway());
    expect(config.databases.main).toEqual(defaultDatabase());
    expect(config.test_data).toEqual(defaultTestData());
    expect(config.security).toEqual(defaultSecurity());
    expect(config.reporting).toEqual(defaultReporting());
  });

  it("fills a service's defaults, maven_module from its name and timeout from general", () => {
    const config = loadText(
      "general:\n  timeout: 1234\nservices:\n  auth:\n    base_url: http://127.0.0.1:8765\n",
    );
    expect(config.services.auth).toEqual({
      name: "auth",
      base_url: "http://127.0.0.1:8765",
      health_endpoint: "/actuator/health",
      port: 8080,
      maven_module: "services/auth",
      timeout: 1234,
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
    });
  });

  it("lets a service timeout override general.timeout", () => {
    expect(loadText(`${MINIMAL}    timeout: 5\n`).services.auth!.timeout).toBe(5);
  });

  it("reads startup_timeout apart from the request timeout (60000 ms when absent)", () => {
    const service = loadText(`${MINIMAL}    timeout: 5\n    startup_timeout: 90000\n`).services.auth!;
    expect([service.timeout, service.startup_timeout]).toEqual([5, 90000]);
    expect(loadText(MINIMAL).services.auth!.startup_timeout).toBe(60000);
  });

  it("keeps services in file order", () => {
    const names = ["zeta", "alpha", "mid", "b2"];
    const yaml = `general: {}\nservices:\n${names.map((n) => `  ${n}:\n    base_url: http://h:1\n`).join("")}`;
    expect(Object.keys(loadText(yaml).services)).toEqual(names);
  });

  it.each([
    ["json", ["json"]],
    ["[junit, html]", ["junit", "html"]],
    ["[json, json, console]", ["json", "console"]],
    ['"json, junit"', ["json", "junit"]],
    ["[console, ./reporters/slack.ts]", ["console", "./reporters/slack.ts"]],
  ])("normalises reporting.format %s to a list", (written, expected) => {
    expect(loadText(`general: {}\nreporting:\n  format: ${written}\n`).reporting.format).toEqual(expected);
  });

  it("resolves the lifecycle keys of a service and its backing containers", () => {
    const config = loadText(
      `${MINIMAL}    launcher: docker\n    image: gantry/auth:dev\n    env:\n      LOG_LEVEL: warn\n      WORKERS: 2\n` +
        "    depends_on:\n      redis:\n        image: gantry/redis:8\n        port: 6379\n        command: [redis-server, --save, '']\n" +
        "        url_env: REDIS_URL\n        url_template: redis://{host}:{port}\n" +
        "      store:\n        image: s\n        health:\n          command: [check]\n",
    );
    const auth = config.services.auth!;
    expect(auth).toMatchObject({
      launcher: "docker",
      image: "gantry/auth:dev",
      env: { LOG_LEVEL: "warn", WORKERS: "2" },
    });
    expect(auth.depends_on).toEqual({
      redis: {
        image: "gantry/redis:8",
        port: 6379,
        env: {},
        command: ["redis-server", "--save", ""],
        health: "tcp",
        url_env: "REDIS_URL",
        url_template: "redis://{host}:{port}",
      },
      store: { image: "s", env: {}, health: { command: ["check"] }, url_template: "tcp://{host}:{port}" },
    });
  });

  it("expands merge keys, explicit keys winning", () => {
    const config = loadText(
      "general: {}\nx-common: &common\n  port: 9000\n  timeout: 10\nservices:\n  a:\n    <<: *common\n    base_url: http://a:1\n    port: 9001\n",
      {},
    );
    expect(config.services.a).toMatchObject({ port: 9001, timeout: 10 });
  }, 10000);
});

describe("config hash", () => {
  it("is a short hex digest, equal for the same options written in another order", () => {
    const a = loadText("general:\n  timeout: 5\n  verbose: false\n");
    const b = loadText("general:\n  verbose: false\n  timeout: 5\n");
    expect(a.hash).toMatch(/^[0-9a-f]{12}$/);
    expect(a.hash).toBe(b.hash);
  });

  it("changes when an option changes", () => {
    expect(loadText("general:\n  timeout: 5\n").hash).not.toBe(loadText("general:\n  timeout: 6\n").hash);
  });
});
