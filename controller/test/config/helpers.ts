// Temp-dir helpers: every test writes real files and loads them with an explicit env, so the
// real ~/.config and the developer's environment are never read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";
import { ConfigError, loadConfig, type ResolvedConfig } from "../../src/config/index.js";

const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "gantry-config-"));
  dirs.push(dir);
  return dir;
}

export function writeFile(root: string, relativePath: string, text: string): string {
  const file = join(root, relativePath);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** An env without any real variable: HOME points into the temp dir. */
export function isolatedEnv(root: string, extra: Record<string, string> = {}): Record<string, string> {
  return { HOME: join(root, "home"), ...extra };
}

/** Writes `text` as <tmp>/e2e.conf and loads it from that folder. */
export function loadText(text: string, env: Record<string, string> = {}): ResolvedConfig {
  const root = tempDir();
  writeFile(root, "e2e.conf", text);
  return loadConfig({ cwd: root, env: isolatedEnv(root, env) });
}

/** The ConfigError thrown by loading `text` (fails the test if none). */
export function loadError(text: string, env: Record<string, string> = {}): ConfigError {
  try {
    loadText(text, env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("expected a ConfigError, but the config loaded");
}

/** A minimal valid config with one service, plus extra YAML lines appended at top level. */
export const MINIMAL = "general: {}\nservices:\n  auth:\n    base_url: http://127.0.0.1:8765\n";
