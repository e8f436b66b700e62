// File → ResolvedConfig: locate, read, parse (with positions), substitute ${VAR}, resolve.
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { ConfigError, ConfigProblem } from "./errors.js";
import { hashConfig } from "./hash.js";
import { locateConfig } from "./locate.js";
import { parseYaml } from "./parse-yaml.js";
import { resolveSections } from "./resolve.js";
import { type Env, substituteTree } from "./substitute.js";
import type { ResolvedConfig } from "./types.js";

export interface LoadOptions {
  /** Config file to load; skips the search (and E2E_CONFIG_PATH). */
  path?: string;
  /** Working directory the search starts from. @default process.cwd() */
  cwd?: string;
  /** Environment for E2E_CONFIG_PATH, XDG_CONFIG_HOME, HOME and ${VAR} substitution. @default process.env */
  env?: Env;
}

/** Finds and loads the config. @throws ConfigNotFoundError | ConfigError */
export function loadConfig(options: LoadOptions = {}): ResolvedConfig {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const configPath = locateConfig({ path: options.path, cwd, env });
  return resolveConfigText(readFileSync(configPath, "utf8"), { configPath, cwd, env });
}

export interface ResolveTextOptions {
  /** Absolute path the text came from (rootDir is its folder). */
  configPath: string;
  cwd?: string;
  env?: Env;
}

/** Resolves config text as if read from `configPath`. @throws ConfigError */
export function resolveConfigText(text: string, options: ResolveTextOptions): ResolvedConfig {
  const cwd = options.cwd ?? process.cwd();
  const configPath = resolve(cwd, options.configPath);
  const file = displayName(configPath, cwd);
  const parsed = parseYaml(text);
  if (parsed.syntaxProblems.length > 0) {
    throw new ConfigError(
      parsed.syntaxProblems.map((p) => new ConfigProblem("(yaml)", p.message, file, p.pos)),
    );
  }
  const data = substituteTree(parsed.data, options.env ?? process.env);
  const { config, warnings } = resolveSections(data, { positions: parsed.positions, file });
  return {
    ...config,
    configPath,
    rootDir: dirname(configPath),
    hash: hashConfig(config),
    warnings: warnings.map(String),
  };
}

/** Relative to the working directory when the file is inside it, else absolute. */
function displayName(configPath: string, cwd: string): string {
  const rel = relative(cwd, configPath);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : configPath;
}
