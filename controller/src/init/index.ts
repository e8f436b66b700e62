// `e2e init [path]`: writes a commented e2e.conf and a suite for the user's service (page class and
// one health module) into a project folder, plus package.json and tsconfig.json when absent.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { InitExistsError } from "./init-exists-error.js";
import { e2eConf } from "./templates/e2e-conf.js";
import { exampleHealthModule, examplePage } from "./templates/example-service.js";
import { checkInitService, INIT_DEFAULTS, type InitService } from "./templates/init-service.js";
import { packageJson, TSCONFIG } from "./templates/project-files.js";

export { InitExistsError } from "./init-exists-error.js";

export interface InitOptions extends Partial<InitService> {
  /** Overwrite the suite's files that already exist (package.json and tsconfig.json never are). */
  force?: boolean;
}

/** Project-relative path → content of every suite file init writes. */
function initFiles(service: InitService): Record<string, string> {
  return {
    "e2e.conf": e2eConf(service),
    [`services/${service.name}/page.ts`]: examplePage(service),
    [`services/${service.name}/modules/01_health.ts`]: exampleHealthModule(service),
  };
}

/**
 * Writes the files into `targetDir` (created if missing). Nothing is written when any suite file
 * exists and `force` is false.
 * @returns absolute paths written, in order
 * @throws Error naming a bad --name/--base-url/--health; InitExistsError (code E2E_INIT_EXISTS)
 *   listing the files that exist
 */
export async function initProject(targetDir: string, options: InitOptions): Promise<{ written: string[] }> {
  const service = checkInitService({
    name: options.name ?? INIT_DEFAULTS.name,
    baseUrl: options.baseUrl ?? INIT_DEFAULTS.baseUrl,
    health: options.health ?? INIT_DEFAULTS.health,
  });
  const root = resolve(targetDir);
  const files = Object.entries(initFiles(service)).map(([rel, text]) => ({ path: join(root, rel), text }));
  const existing = files.filter((f) => existsSync(f.path)).map((f) => f.path);
  if (existing.length > 0 && !options.force) throw new InitExistsError(existing);
  for (const [rel, text] of [
    ["package.json", packageJson(basename(root))],
    ["tsconfig.json", TSCONFIG],
  ] as const) {
    if (!existsSync(join(root, rel))) files.push({ path: join(root, rel), text });
  }
  for (const file of files) {
    await mkdir(dirname(file.path), { recursive: true });
    await writeFile(file.path, file.text);
  }
  return { written: files.map((f) => f.path) };
}
