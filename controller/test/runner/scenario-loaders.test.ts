// The two ScenarioLoaders on real files, in a plain Node process (fixtures/load-with.mjs):
// TypeScript written the way users write it, importing "gantry", its page and a helper, from a
// folder without package.json.

import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { projectTracker, REPO_ROOT } from "../helpers/project.js";

const run = promisify(execFile);
const { project, removeAll } = projectTracker();
afterAll(removeAll);

const p = project({
  "services/shop/page.ts": `import { BasePage } from "gantry";\nexport default class Shop extends BasePage {}\n`,
  "services/shop/modules/helpers.ts": `export const twice = (n: number): number => n * 2;\n`,
  "services/shop/modules/gantry-helper.ts": `import { PageResponse } from "gantry";\nexport const hasGantry = typeof PageResponse === "function";\n`,
  "services/shop/modules/03_helper_imports_gantry.ts": `import { hasGantry } from "./gantry-helper";\nexport function run() { return hasGantry; }\n`,
  "services/shop/modules/01_uses_all.ts": [
    `import { BasePage } from "gantry";`,
    `import Shop from "../page.ts";`,
    `import { twice } from "./helpers.ts";`,
    `type Unused = { a: number };`,
    `export const tags = ["smoke"];`,
    `export function run(): unknown {`,
    `  return { extendsBase: Shop.prototype instanceof BasePage, four: twice(2) };`,
    `}`,
    `export function fails(): never {`,
    `  throw new Error("boom");`,
    `}`,
    ``,
  ].join("\n"),
  "services/shop/modules/02_top_level_await.ts": `const n = await Promise.resolve(3);\nexport function run() { return n; }\n`,
});

async function loadWith(loader: string, module: string) {
  const { stdout } = await run(
    process.execPath,
    [join(REPO_ROOT, "controller/test/runner/fixtures/load-with.mjs"), loader, join(p.dir, module), p.dir],
    { cwd: REPO_ROOT },
  );
  return JSON.parse(stdout) as { tags: unknown; ran: unknown; location: string | null };
}

describe.each(["CompiledLoader", "ImportLoader"])("%s", (loader) => {
  it("loads a TypeScript scenario module that imports gantry, its page and a helper", async () => {
    const seen = await loadWith(loader, "services/shop/modules/01_uses_all.ts");
    expect(seen.tags).toEqual(["smoke"]);
    expect(seen.ran).toEqual({ extendsBase: true, four: 4 });
  });

  it("points a failure at its line in the TypeScript source", async () => {
    const seen = await loadWith(loader, "services/shop/modules/01_uses_all.ts");
    expect(seen.location).toBe("services/shop/modules/01_uses_all.ts:10:9");
  });

  it("gives a helper that the module imports by name, without extension, the running gantry too", async () => {
    expect((await loadWith(loader, "services/shop/modules/03_helper_imports_gantry.ts")).ran).toBe(true);
  });

  it("loads a module with top-level await", async () => {
    expect((await loadWith(loader, "services/shop/modules/02_top_level_await.ts")).ran).toBe(3);
  });
});
