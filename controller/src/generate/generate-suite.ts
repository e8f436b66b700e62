// A whole generated suite for one service of the manifest: page.ts, types.ts, setup.ts (when it
// opens a session) and modules/, as relative path → text, each file marked.

import type { ServiceManifest } from "../manifest/index.js";
import { HEADER, withMark } from "./marker.js";
import { pascal } from "./naming.js";
import { planSuite } from "./plan.js";
import { renderFixtures } from "./render-fixtures.js";
import { type Checks, renderModules } from "./render-modules.js";
import { renderPage } from "./render-page.js";
import { renderTypes } from "./render-types.js";

export interface SuiteOptions {
  /** services.<name>.auth is configured: the run logs in, so the suite opens no session itself. */
  configHasAuth?: boolean;
  /** "status": the same requests asserting status codes only (a baseline for comparisons). */
  checks?: Checks;
  /**
   * The health path of the module `e2e init` wrote (modules/01_health.ts), when it is there
   * unchanged: the page keeps a `health()` for it, so replacing init's page never breaks it.
   */
  initHealthPath?: string;
}

export function generateSuite(service: ServiceManifest, options: SuiteOptions = {}): Map<string, string> {
  const plan = planSuite(service, options.configHasAuth ?? false);
  const pageClass = `${pascal(service.name)}Page`;
  const header = HEADER(service.name);
  const files = new Map<string, string>();
  const add = (path: string, text: string) => files.set(path, withMark(`${header}\n${text}`));
  add("page.ts", renderPage(plan, pageClass, options.initHealthPath));
  add("types.ts", renderTypes(service));
  add("modules/fixtures.ts", renderFixtures(plan, pageClass));
  if (plan.session) {
    add(
      "setup.ts",
      [
        `import { openSession } from "./modules/fixtures.js";`,
        `import type ${pageClass} from "./page.js";`,
        "",
        "/** Opens the session every module's requests carry (routes of this API need a token). */",
        `export async function setup(page: ${pageClass}) {`,
        "  page.token = await openSession(page);",
        "}",
        "",
      ].join("\n"),
    );
  }
  for (const m of renderModules(plan, pageClass, options.checks ?? "full")) add(`modules/${m.name}`, m.text);
  return files;
}
