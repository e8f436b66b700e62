// The seed's programmatic API, in camelCase. load() returns a loader instance; getConfig()
// gives the ResolvedConfig. Loading is synchronous; only getServiceUrl() does I/O later.
import { resolve } from "node:path";
import { UnknownServiceError } from "./errors.js";
import { type LoadOptions, loadConfig } from "./load.js";
import { type ResolvedSections, resolveSections } from "./resolve.js";
import { resolveServiceUrl, type ServiceUrl } from "./service-url.js";
import type { ResolvedConfig, ServiceConfig } from "./types.js";

export interface LoaderOptions extends Omit<LoadOptions, "path"> {
  /** Deadline of the gateway probe in getServiceUrl(), ms. @default 2000 */
  probeTimeoutMs?: number;
}

export interface ValidationResult {
  config: ResolvedSections;
  /** Unknown keys found when not strict, one line each. */
  warnings: string[];
}

export class ApiConfigLoader {
  private config: ResolvedConfig;

  private constructor(
    config: ResolvedConfig,
    private readonly options: LoaderOptions,
  ) {
    this.config = config;
  }

  /**
   * Finds (search order, or `path`) and loads the config.
   * @throws ConfigNotFoundError | ConfigError
   */
  static load(path?: string, options: LoaderOptions = {}): ApiConfigLoader {
    return new ApiConfigLoader(loadConfig({ ...options, path }), options);
  }

  /**
   * Validates config data that did not come from a file (no ${VAR} substitution, no positions).
   * `strict` makes unknown keys errors whatever general.verification_level says.
   * @throws ConfigError listing every problem
   */
  static validateConfig(data: unknown, strict = true): ValidationResult {
    const { config, warnings } = resolveSections(data, { strict });
    return { config, warnings: warnings.map(String) };
  }

  validateConfig(data: unknown, strict = true): ValidationResult {
    return ApiConfigLoader.validateConfig(data, strict);
  }

  /** Re-reads the same file with the current environment; on error the previous config stays. */
  reload(): ResolvedConfig {
    this.config = loadConfig({ ...this.options, path: this.config.configPath });
    return this.config;
  }

  getConfig(): ResolvedConfig {
    return this.config;
  }

  /** @throws UnknownServiceError */
  getServiceConfig(name: string): ServiceConfig {
    const service = Object.hasOwn(this.config.services, name) ? this.config.services[name] : undefined;
    if (!service) throw new UnknownServiceError(name, Object.keys(this.config.services));
    return service;
  }

  /** Services with `required: true`, in config order. */
  getAllRequiredServices(): ServiceConfig[] {
    return Object.values(this.config.services).filter((s) => s.required);
  }

  /** Services with `auto_start: true`, in config order. */
  getAutoStartServices(): ServiceConfig[] {
    return Object.values(this.config.services).filter((s) => s.auto_start);
  }

  /** The service whose maven_module is this folder (both resolved against rootDir). */
  getServiceByMavenModule(modulePath: string): ServiceConfig | undefined {
    const wanted = resolve(this.config.rootDir, modulePath);
    return Object.values(this.config.services).find(
      (s) => resolve(this.config.rootDir, s.maven_module) === wanted,
    );
  }

  /** The effective URL: the gateway's when enabled and answering, else base_url. */
  async getServiceUrl(name: string): Promise<string> {
    return (await this.resolveServiceUrl(name)).url;
  }

  /** Like getServiceUrl(), also saying which route was taken and why. */
  resolveServiceUrl(name: string): Promise<ServiceUrl> {
    return resolveServiceUrl(this.config, this.getServiceConfig(name), this.options.probeTimeoutMs ?? 2000);
  }
}
