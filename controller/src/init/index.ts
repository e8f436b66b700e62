// `e2e init [path]`: writes a commented e2e.conf and one example service into a project folder.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { InitExistsError } from "./init-exists-error.js";
import { E2E_CONF } from "./templates/e2e-conf.js";
import { AUTH_HEALTH_MODULE, AUTH_PAGE } from "./templates/example-service.js";

export { InitExistsError } from "./init-exists-error.js";

/** Project-relative path → content of every file init writes. */
export const INIT_FILES: Readonly<Record<string, string>> = {
  "e2e.conf": E2E_CONF,
  "services/auth/page.ts": AUTH_PAGE,
  "services/auth/modules/01_health.ts": AUTH_HEALTH_MODULE,
};

export interface InitOptions {
  /** Overwrite files that already exist. */
  force?: boolean;
}

/**
 * Writes the files into `targetDir` (created if missing). Nothing is written when any of them
 * exists and `force` is false.
 * @returns absolute paths written, in order
 * @throws InitExistsError (code E2E_INIT_EXISTS) listing the files that exist
 */
export async function initProject(targetDir: string, options: InitOptions): Promise<{ written: string[] }> {
  const root = resolve(targetDir);
  const files = Object.entries(INIT_FILES).map(([rel, text]) => ({ path: join(root, rel), text }));
  const existing = files.filter((f) => existsSync(f.path)).map((f) => f.path);
  if (existing.length > 0 && !options.force) throw new InitExistsError(existing);
  for (const file of files) {
    await mkdir(dirname(file.path), { recursive: true });
    await writeFile(file.path, file.text);
  }
  return { written: files.map((f) => f.path) };
}
