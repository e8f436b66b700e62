// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} here is e2e.conf text, not a template.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  defaultApiGateway,
  defaultGeneral,
  defaultReporting,
  defaultSecurity,
  defaultService,
  defaultTestData,
  loadConfig,
} from "../../src/config/index.js";
import { InitExistsError, initProject } from "../../src/init/index.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "gantry-init-"));
  dirs.push(dir);
  return dir;
}

const FILES = ["e2e.conf", "services/api/page.ts", "services/api/modules/01_health.ts"];
const PROJECT_FILES = ["package.json", "tsconfig.json"];

describe("e2e init", () => {
  it("writes e2e.conf and a suite for the named service, plus package.json and tsconfig.json", async () => {
    const root = join(tempDir(), "new-project");
    const { written } = await initProject(root, {
      force: false,
      name: "billing-api",
      baseUrl: "http://127.0.0.1:7001/",
      health: "/status/live",
    });
    const files = ["e2e.conf", "services/billing-api/page.ts", "services/billing-api/modules/01_health.ts"];
    expect(written).toEqual([...files, ...PROJECT_FILES].map((f) => join(root, f)));
    const page = readFileSync(join(root, "services/billing-api/page.ts"), "utf8");
    expect(page).toContain('import { BasePage } from "gantry";');
    expect(page).toMatch(/export default class BillingApiPage extends BasePage/);
    expect(page).toContain('return this.get("/status/live");');
    const module = readFileSync(join(root, "services/billing-api/modules/01_health.ts"), "utf8");
    expect(module).toMatch(/export async function run\(page: BillingApiPage\)/);
    expect(module).toContain("response.status >= 200 && response.status < 300");
    expect(module).toContain("return response;");
    const config = loadConfig({ cwd: root, env: { HOME: join(root, "home") } });
    expect(config.services["billing-api"]).toMatchObject({
      base_url: "http://127.0.0.1:7001",
      health_endpoint: "/status/live",
    });
    expect(JSON.parse(readFileSync(join(root, "package.json"), "utf8"))).toMatchObject({
      name: "new-project",
      scripts: { test: "e2e run" },
    });
    expect(JSON.parse(readFileSync(join(root, "tsconfig.json"), "utf8")).include).toEqual(["services"]);
  });

  it("keeps an existing package.json and tsconfig.json as they are", async () => {
    const root = tempDir();
    writeFileSync(join(root, "package.json"), '{"name":"mine"}\n');
    writeFileSync(join(root, "tsconfig.json"), "{}\n");
    const { written } = await initProject(root, { force: false });
    expect(written).toEqual(FILES.map((f) => join(root, f)));
    expect(readFileSync(join(root, "package.json"), "utf8")).toBe('{"name":"mine"}\n');
    expect(readFileSync(join(root, "tsconfig.json"), "utf8")).toBe("{}\n");
  });

  it("refuses a bad --name, --base-url or --health, naming each, and writes nothing", async () => {
    const root = tempDir();
    const err = (await initProject(root, {
      force: false,
      name: "9lives",
      baseUrl: "localhost:8080",
      health: "health",
    }).catch((e: unknown) => e)) as Error;
    expect(err.message).toContain("--name must start with a letter");
    expect(err.message).toContain('--base-url must be an http:// or https:// URL, got "localhost:8080"');
    expect(err.message).toContain('--health must be a path starting with "/", got "health"');
    expect(existsSync(join(root, "e2e.conf"))).toBe(false);
  });

  it("writes a config that validates with zero problems and resolves to the defaults", async () => {
    const root = tempDir();
    await initProject(root, { force: false });
    const config = loadConfig({ cwd: root, env: { HOME: join(root, "home") } });
    expect(config.warnings).toEqual([]);
    // Where its comments say it differs: the project (the folder's, and the package.json init wrote)
    // and no pause between requests.
    expect(config.general).toEqual({
      ...defaultGeneral(),
      project: { name: basename(root), version: "1.0.0" },
    });
    expect(config.api_gateway).toEqual(defaultApiGateway());
    expect(config.databases).toEqual({});
    const testData = defaultTestData();
    expect(config.test_data).toEqual({ ...testData, timing: { ...testData.timing, step_delay: 0 } });
    expect(config.security).toEqual(defaultSecurity());
    expect(config.reporting).toEqual(defaultReporting());
    // The example service differs from a service's defaults only where its comments say so.
    expect(config.services).toEqual({
      api: {
        ...defaultService("api"),
        base_url: "http://127.0.0.1:8080",
        health_endpoint: "/health",
        auto_start: false,
      },
    });
  });

  it("writes a config whose ${VAR}s take the environment (the seed's common variables)", async () => {
    const root = tempDir();
    await initProject(root, { force: false });
    const config = loadConfig({
      cwd: root,
      env: {
        HOME: root,
        API_BASE_URL: "http://127.0.0.1:9999",
        TIMEOUT: "5000",
        VERBOSE: "false",
        ENVIRONMENT: "staging",
      },
    });
    expect(config.services.api!.base_url).toBe("http://127.0.0.1:9999");
    expect(config.general).toMatchObject({ timeout: 5000, verbose: false, environment: "staging" });
    expect(config.services.api!.timeout).toBe(5000);
  });

  it("shows every option of every section, including the lifecycle keys", async () => {
    const root = tempDir();
    await initProject(root, { force: false });
    const text = readFileSync(join(root, "e2e.conf"), "utf8");
    // biome-ignore format: one table of option names
    const options = [
      "environment", "timeout", "user_agent", "verbose", "project", "name", "version", "verification_level",
      "base_url", "health_endpoint", "port", "maven_module", "startup_timeout", "headers", "auto_start", "required", "endpoints",
      "launcher", "image", "build_context", "start_command", "env", "depends_on", "command", "health", "url_env", "url_template",
      "enabled", "url", "prefix", "auth", "type", "bearer_token", "api_key_header", "api_key_value",
      "host", "database", "username", "password",
      "email_domain", "username_prefix", "step_delay", "async_timeout", "max_attempts", "backoff_ms",
      "verify_ssl", "ssl_cert", "ssl_key", "ssl_ca", "test_tokens",
      "format", "save_logs", "log_dir", "include_payloads", "screenshot_on_failure",
    ];
    for (const option of options) expect(text, option).toMatch(new RegExp(`^\\s*#?\\s*${option}:`, "m"));
    for (const section of [
      "general",
      "services",
      "api_gateway",
      "databases",
      "test_data",
      "security",
      "reporting",
    ]) {
      expect(text).toMatch(new RegExp(`^${section}:`, "m"));
    }
  });

  it("refuses to overwrite without force, listing the files that exist, and writes nothing", async () => {
    const root = tempDir();
    await initProject(root, { force: false });
    writeFileSync(join(root, "e2e.conf"), "general: {}\n");
    const err = await initProject(root, { force: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InitExistsError);
    expect(err).toMatchObject({ code: "E2E_INIT_EXISTS", existing: FILES.map((f) => join(root, f)) });
    for (const f of FILES) expect((err as Error).message).toContain(join(root, f));
    expect(readFileSync(join(root, "e2e.conf"), "utf8")).toBe("general: {}\n");
  });

  it("refuses when only one of its files exists", async () => {
    const root = tempDir();
    writeFileSync(join(root, "e2e.conf"), "general: {}\n");
    await expect(initProject(root, { force: false })).rejects.toMatchObject({
      code: "E2E_INIT_EXISTS",
      existing: [join(root, "e2e.conf")],
    });
  });

  it("overwrites with force", async () => {
    const root = tempDir();
    await initProject(root, { force: false });
    writeFileSync(join(root, "e2e.conf"), "general: {}\n");
    const { written } = await initProject(root, { force: true });
    expect(written).toHaveLength(3);
    expect(readFileSync(join(root, "e2e.conf"), "utf8")).toContain("verification_level: strict");
  });
});
