// `e2e init [path]`: writes a commented e2e.conf and a suite for the user's service (page class and
// one health module) into a project folder, plus package.json and tsconfig.json when absent.
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { InitExistsError } from "./init-exists-error.js";
import { type ConfProject, e2eConf } from "./templates/e2e-conf.js";
import { exampleHealthModule, examplePage } from "./templates/example-service.js";
import { checkInitService, INIT_DEFAULTS, type InitService } from "./templates/init-service.js";
import { NEW_PACKAGE_VERSION, packageJson, TSCONFIG } from "./templates/project-files.js";
import { projectIdentity } from "./templates/project-identity.js";

export { InitExistsError } from "./init-exists-error.js";
export { initHealthPath, isInitPage } from "./init-owned.js";

export interface InitOptions extends Partial<InitService> {
  /** Overwrite the suite's files that already exist (package.json and tsconfig.json never are). */
  force?: boolean;
  /** The `typescript` range a package.json written by init lists in devDependencies (the CLI gives gantry's own). */
  typescript?: string;
}

export interface InitResult {
  /** The project folder, absolute. */
  root: string;
  /** Absolute paths written, in order. */
  written: string[];
  /** general.project as written into e2e.conf. */
  project: { name: string; version: string };
  /** Whether `tsc` can be had with `npm install`: listed by the package.json init wrote, already there, or missing. */
  typescript: "added" | "present" | "missing";
  service: InitService;
}

/** Project-relative path → content of every suite file init writes. */
function initFiles(service: InitService, project: ConfProject): Record<string, string> {
  return {
    "e2e.conf": e2eConf(service, project),
    [`services/${service.name}/page.ts`]: examplePage(service),
    [`services/${service.name}/modules/01_health.ts`]: exampleHealthModule(service),
  };
}

/** general.project: from the folder's package.json, else its name and the version init's package.json starts at. */
function confProject(root: string, writesPackageJson: boolean): ConfProject {
  const id = projectIdentity(root, NEW_PACKAGE_VERSION);
  const fromPackage = id.source === "package.json";
  return {
    name: id.name,
    version: id.version,
    nameNote: fromPackage ? "from package.json" : "the folder's name",
    versionNote: writesPackageJson
      ? "the version of the package.json init wrote"
      : id.versionFromPackage
        ? "from package.json"
        : "package.json gives none",
  };
}

/**
 * Writes the files into `targetDir` (created if missing). Nothing is written when any suite file
 * exists and `force` is false.
 * @throws UsageError naming a bad --name/--base-url/--health; InitExistsError (code E2E_INIT_EXISTS)
 *   listing the files that exist
 */
export async function initProject(targetDir: string, options: InitOptions): Promise<InitResult> {
  const service = checkInitService({
    name: options.name ?? INIT_DEFAULTS.name,
    baseUrl: options.baseUrl ?? INIT_DEFAULTS.baseUrl,
    health: options.health ?? INIT_DEFAULTS.health,
  });
  const root = resolve(targetDir);
  const writesPackageJson = !existsSync(join(root, "package.json"));
  const project = confProject(root, writesPackageJson);
  const files = Object.entries(initFiles(service, project)).map(([rel, text]) => ({
    path: join(root, rel),
    text,
  }));
  const existing = files.filter((f) => existsSync(f.path)).map((f) => f.path);
  if (existing.length > 0 && !options.force) throw new InitExistsError(existing);
  for (const [rel, text] of [
    ["package.json", packageJson(basename(root), options.typescript)],
    ["tsconfig.json", TSCONFIG],
  ] as const) {
    if (!existsSync(join(root, rel))) files.push({ path: join(root, rel), text });
  }
  for (const file of files) {
    await mkdir(dirname(file.path), { recursive: true });
    await writeFile(file.path, file.text);
  }
  const typescript = writesPackageJson
    ? options.typescript
      ? "added"
      : "missing"
    : projectIdentity(root, NEW_PACKAGE_VERSION).typescript
      ? "present"
      : "missing";
  return {
    root,
    written: files.map((f) => f.path),
    project: { name: project.name, version: project.version },
    typescript,
    service,
  };
}

/**
 * What to do after init, one command a line: install (TypeScript comes with the package.json init
 * wrote; else it is added), point e2e.conf at the service, run, and type-check.
 */
export function nextSteps(result: InitResult, shownRoot: string): string[] {
  const inRoot = (command: string) => (shownRoot === result.root ? command : `cd ${shownRoot} && ${command}`);
  const install =
    result.typescript === "missing"
      ? "npm install --save-dev typescript    # tsc, for type-checking the suite (npx tsc alone fetches an unrelated package)"
      : "npm install                          # the package.json's devDependencies: TypeScript, for tsc";
  return [
    "Next:",
    `  ${inRoot(install)}`,
    `  edit e2e.conf: services.${result.service.name}.base_url (now ${result.service.baseUrl}), then start the service`,
    "  npx e2e run                          # runs services/*/modules against it",
    "  npx tsc --noEmit                     # type-checks page.ts and the modules",
  ];
}
