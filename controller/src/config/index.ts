// Public face of the config module.
export { ApiConfigLoader, type LoaderOptions, type ValidationResult } from "./api-config-loader.js";
export * from "./defaults.js";
export {
  CONFIG_ERROR_CODES,
  ConfigError,
  ConfigNotFoundError,
  ConfigProblem,
  UnknownServiceError,
} from "./errors.js";
export { hashConfig } from "./hash.js";
export { type LoadOptions, loadConfig, type ResolveTextOptions, resolveConfigText } from "./load.js";
export { locateConfig, searchPaths, userConfigPath } from "./locate.js";
export { isReporterPath, REPORT_FORMATS, type ReportFormat } from "./report-formats.js";
export { type ResolvedSections, resolveSections, SECTIONS } from "./resolve.js";
export {
  credentialHeaders,
  gatewayAuthHeaders,
  gatewayServiceUrl,
  resolveServiceUrl,
  type ServiceUrl,
} from "./service-url.js";
export type * from "./types.js";
export type { UserConfig } from "./user-config.js";
