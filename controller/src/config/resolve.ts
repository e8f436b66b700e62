// Resolution = defaults, then merge, then validate field by field (vitest's resolveConfig.ts),
// one section at a time; every problem is collected before a single ConfigError is thrown.
import { ResolveContext } from "./context.js";
import { ConfigError, type ConfigProblem } from "./errors.js";
import { describe } from "./fields.js";
import type { Positions } from "./parse-yaml.js";
import { resolveApiGateway } from "./sections/api-gateway.js";
import { resolveDatabases } from "./sections/databases.js";
import { resolveGeneral } from "./sections/general.js";
import { resolveReporting } from "./sections/reporting.js";
import { resolveSecurity } from "./sections/security.js";
import { resolveServices } from "./sections/services.js";
import { resolveTestData } from "./sections/test-data.js";
import { isPlainMap } from "./substitute.js";
import type { ResolvedConfig } from "./types.js";

export const SECTIONS = [
  "general",
  "services",
  "api_gateway",
  "databases",
  "test_data",
  "security",
  "reporting",
] as const;

/** The seven sections of a resolved config, without file information. */
export type ResolvedSections = Pick<ResolvedConfig, (typeof SECTIONS)[number]>;

export interface ResolveOptions {
  positions?: Positions;
  /** File name shown in problems. */
  file?: string;
  /** Overrides general.verification_level for unknown keys. */
  strict?: boolean;
}

export interface ResolveResult {
  config: ResolvedSections;
  warnings: ConfigProblem[];
}

/** @throws ConfigError listing every problem */
export function resolveSections(data: unknown, options: ResolveOptions = {}): ResolveResult {
  const ctx = new ResolveContext(options.positions, options.file, options.strict ?? true);
  const root = data === null || data === undefined ? {} : data;
  if (!isPlainMap(root)) {
    ctx.error([], `must be a map of sections (${SECTIONS.join(", ")}), got ${describe(root)}`);
    throw new ConfigError(ctx.problems);
  }
  const general = resolveGeneral(ctx, root, options.strict);
  // Top-level `x-*` keys are extension fields (as in Compose): a home for YAML anchors, ignored.
  ctx.checkKeys(Object.fromEntries(Object.entries(root).filter(([k]) => !k.startsWith("x-"))), [], SECTIONS);
  const config: ResolvedSections = {
    general,
    services: resolveServices(ctx, root, general.timeout),
    api_gateway: resolveApiGateway(ctx, root),
    databases: resolveDatabases(ctx, root),
    test_data: resolveTestData(ctx, root),
    security: resolveSecurity(ctx, root),
    reporting: resolveReporting(ctx, root),
  };
  if (ctx.problems.length > 0) throw new ConfigError(ctx.problems, ctx.warnings);
  return { config, warnings: ctx.warnings };
}
