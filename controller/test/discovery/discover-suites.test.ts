import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ApiConfigLoader } from "../../src/config/api-config-loader.js";
import { discoverSuites } from "../../src/discovery/index.js";
import { confFor, projectTracker } from "../helpers/project.js";

const { project, removeAll } = projectTracker();
afterAll(removeAll);

function discover(files: Record<string, string>) {
  const p = project(files);
  return { dir: p.dir, ...discoverSuites(ApiConfigLoader.load(join(p.dir, "e2e.conf")).getConfig()) };
}

const conf = confFor({ users: { url: "http://127.0.0.1:1" }, orders: { url: "http://127.0.0.1:2" } });

describe("discoverSuites", () => {
  it("finds each configured service's page and numbered modules, services in config order and modules by name", () => {
    const { dir, suites, warnings } = discover({
      "e2e.conf": conf,
      "services/orders/modules/01_list.ts": "",
      "services/users/page.ts": "",
      "services/users/modules/10_delete.ts": "",
      "services/users/modules/02_create.mjs": "",
      "services/users/modules/01_health.ts": "",
    });
    expect(warnings).toEqual([]);
    expect(suites.map((s) => s.name)).toEqual(["users", "orders"]);
    const [users, orders] = suites;
    expect(users!.pageFile).toBe(join(dir, "services/users/page.ts"));
    expect(orders!.pageFile).toBeUndefined();
    expect(users!.modules.map((m) => [m.name, m.file])).toEqual([
      ["01_health", "services/users/modules/01_health.ts"],
      ["02_create", "services/users/modules/02_create.mjs"],
      ["10_delete", "services/users/modules/10_delete.ts"],
    ]);
    expect(users!.modules[0]!.path).toBe(join(dir, "services/users/modules/01_health.ts"));
  });

  it("leaves helpers, declaration files and other files in modules/ out", () => {
    const { suites } = discover({
      "e2e.conf": conf,
      "services/users/modules/01_health.ts": "",
      "services/users/modules/helpers.ts": "",
      "services/users/modules/02_types.d.ts": "",
      "services/users/modules/03_notes.md": "",
    });
    expect(suites[0]!.modules.map((m) => m.name)).toEqual(["01_health"]);
  });

  it("warns about a configured service without a folder and a folder that is no configured service", () => {
    const { suites, warnings } = discover({
      "e2e.conf": conf,
      "services/users/modules/01_health.ts": "",
      "services/billing/modules/01_pay.ts": "",
    });
    expect(suites.find((s) => s.name === "orders")!.modules).toEqual([]);
    expect(warnings).toEqual([
      expect.stringMatching(/^services\/billing\/ is not a service in .*e2e\.conf; skipped$/),
      "services.orders: no folder services/orders/ next to the config; it has no modules",
    ]);
  });
});
