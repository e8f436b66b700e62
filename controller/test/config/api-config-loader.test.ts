// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} here is e2e.conf text, not a template.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ApiConfigLoader,
  ConfigError,
  ConfigNotFoundError,
  UnknownServiceError,
} from "../../src/config/index.js";
import { isolatedEnv, tempDir, writeFile } from "./helpers.js";

const YAML = `general:
  timeout: \${TIMEOUT:-1000}
services:
  auth:
    base_url: http://127.0.0.1:8765
    health_endpoint: /health
    auto_start: false
  billing:
    base_url: http://127.0.0.1:9001
    required: false
  search:
    base_url: http://127.0.0.1:9002
    maven_module: backend/search-api
`;

function project(yaml = YAML, env: Record<string, string> = {}) {
  const root = tempDir();
  const file = writeFile(root, "e2e.conf", yaml);
  const envObject = isolatedEnv(root, env);
  return {
    root,
    file,
    env: envObject,
    loader: ApiConfigLoader.load(undefined, { cwd: root, env: envObject }),
  };
}

describe("ApiConfigLoader", () => {
  it("load() searches like the CLI and returns a loader whose getConfig() is the resolved config", () => {
    const { loader, file } = project();
    expect(loader).toBeInstanceOf(ApiConfigLoader);
    expect(loader.getConfig().configPath).toBe(file);
    expect(loader.getConfig().general.timeout).toBe(1000);
  });

  it("load(path) loads that file", () => {
    const root = tempDir();
    writeFile(root, "profiles/ci.conf", "general:\n  environment: staging\n");
    const loader = ApiConfigLoader.load(join(root, "profiles/ci.conf"), { env: isolatedEnv(root) });
    expect(loader.getConfig().general.environment).toBe("staging");
  });

  it("load() throws ConfigNotFoundError and ConfigError", () => {
    const root = tempDir();
    expect(() => ApiConfigLoader.load(undefined, { cwd: root, env: isolatedEnv(root) })).toThrow(
      ConfigNotFoundError,
    );
    writeFile(root, "e2e.conf", "services: {}\n");
    expect(() => ApiConfigLoader.load(undefined, { cwd: root, env: isolatedEnv(root) })).toThrow(ConfigError);
  });

  it("getServiceConfig() returns one service and names the known ones for an unknown name", () => {
    const { loader } = project();
    expect(loader.getServiceConfig("auth").health_endpoint).toBe("/health");
    expect(() => loader.getServiceConfig("nope")).toThrow(UnknownServiceError);
    expect(() => loader.getServiceConfig("nope")).toThrow(
      'Service "nope" is not in the configuration; configured services: auth, billing, search.',
    );
    expect(() => loader.getServiceConfig("toString")).toThrow(UnknownServiceError);
  });

  it("getAllRequiredServices() and getAutoStartServices() keep config order", () => {
    const { loader } = project();
    expect(loader.getAllRequiredServices().map((s) => s.name)).toEqual(["auth", "search"]);
    expect(loader.getAutoStartServices().map((s) => s.name)).toEqual(["billing", "search"]);
  });

  it.each([
    ["services/auth", "auth"],
    ["./services/billing/", "billing"],
    ["backend/search-api", "search"],
    ["services/search", undefined],
  ])("getServiceByMavenModule(%s) finds %s", (path, expected) => {
    expect(project().loader.getServiceByMavenModule(path)?.name).toBe(expected);
  });

  it("getServiceByMavenModule() accepts an absolute path under rootDir", () => {
    const { loader, root } = project();
    expect(loader.getServiceByMavenModule(join(root, "services/auth"))?.name).toBe("auth");
  });

  it("reload() re-reads the same file and the current environment", () => {
    const { loader, file, env } = project();
    writeFileSync(file, YAML.replace("8765", "8766"));
    env.TIMEOUT = "2500";
    const config = loader.reload();
    expect(config.services.auth!.base_url).toBe("http://127.0.0.1:8766");
    expect(config.general.timeout).toBe(2500);
    expect(loader.getConfig()).toBe(config);
  });

  it("reload() keeps the previous config when the file became invalid", () => {
    const { loader, file } = project();
    const before = loader.getConfig();
    writeFileSync(file, "general:\n  timeout: -1\n");
    expect(() => loader.reload()).toThrow(ConfigError);
    expect(loader.getConfig()).toBe(before);
  });

  it("validateConfig(data) resolves plain data with defaults", () => {
    const { config, warnings } = ApiConfigLoader.validateConfig({
      general: { timeout: 5 },
      services: { a: { base_url: "http://a:1" } },
      reporting: { format: "json" },
    });
    expect(config.services.a).toMatchObject({ timeout: 5, port: 8080 });
    expect(config.reporting.format).toEqual(["json"]);
    expect(warnings).toEqual([]);
  });

  it("validateConfig(data) throws one ConfigError with every problem, without file positions", () => {
    const loader = project().loader;
    try {
      loader.validateConfig({ services: { a: { port: 0 } } }, true);
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).problems.map(String)).toEqual([
        "general: required section is missing (it may be empty: `general: {}`)",
        "services.a.base_url: required option is missing (the service's base address, e.g. base_url: http://127.0.0.1:8080)",
        "services.a.port: must be an integer from 1 to 65535, got 0",
      ]);
    }
  });

  it("validateConfig(data, strict) decides unknown keys: errors when true, warnings when false", () => {
    const data = { general: { verification_level: "strict", extra: 1 } };
    expect(() => ApiConfigLoader.validateConfig(data, true)).toThrow(/general\.extra: unknown option/);
    expect(ApiConfigLoader.validateConfig(data, false).warnings).toEqual([
      expect.stringMatching(/^general\.extra: unknown option/),
    ]);
  });

  it("validateConfig(data) does not coerce numeric strings (no substitution happened)", () => {
    expect(() => ApiConfigLoader.validateConfig({ general: { timeout: "5000" } })).toThrow(
      'general.timeout: must be a positive integer (milliseconds), got "5000"',
    );
  });
});
