// Where e2e.conf is looked for, in the seed's order. E2E_CONFIG_PATH, when set (non-empty),
// is the only candidate: a missing file there is an error, never a silent fallback.
import { existsSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { ConfigNotFoundError } from "./errors.js";
import type { Env } from "./substitute.js";

export interface LocateOptions {
  /** An explicit path (ApiConfigLoader.load(path)); like E2E_CONFIG_PATH, no fallback. */
  path?: string;
  cwd: string;
  env: Env;
}

/** The per-user default: $XDG_CONFIG_HOME/e2e/default.conf, or ~/.config/e2e/default.conf (XDG rules). */
export function userConfigPath(env: Env): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(env.HOME || homedir(), ".config");
  return join(base, "e2e", "default.conf");
}

/** The candidates searched when neither a path nor E2E_CONFIG_PATH is given, in order. */
export function searchPaths(cwd: string, env: Env): string[] {
  return [
    resolve(cwd, "e2e.conf"),
    resolve(cwd, "config", "e2e.conf"),
    resolve(cwd, "tests", "e2e.conf"),
    userConfigPath(env),
  ];
}

/** @returns the absolute path of the config file to load. @throws ConfigNotFoundError */
export function locateConfig({ path, cwd, env }: LocateOptions): string {
  if (path !== undefined) return requireFile(resolve(cwd, path), `The config file ${resolve(cwd, path)}`);
  const fromEnv = env.E2E_CONFIG_PATH;
  if (fromEnv) {
    const file = resolve(cwd, fromEnv);
    return requireFile(file, `E2E_CONFIG_PATH points at ${file}, which`, " (no other location is tried)");
  }
  const candidates = searchPaths(cwd, env);
  const found = candidates.find(isFile);
  if (found) return found;
  const list = ["1. $E2E_CONFIG_PATH (not set)", ...candidates.map((c, i) => `${i + 2}. ${c}`)];
  throw new ConfigNotFoundError(
    candidates,
    `No configuration file found. Searched, in order:\n  ${list.join("\n  ")}\nCreate one with \`e2e init\` or set E2E_CONFIG_PATH.`,
  );
}

function requireFile(file: string, subject: string, note = ""): string {
  if (isFile(file)) return file;
  const problem = existsSync(file) ? "is not a file" : "does not exist";
  throw new ConfigNotFoundError([file], `${subject} ${problem}${note}`);
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
