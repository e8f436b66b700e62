// The package's public entry ("gantry"): what pages, modules and scripts import.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as gantry from "../src/index.js";
import { REPO_ROOT } from "./helpers/project.js";

describe('the "gantry" entry', () => {
  it("is controller/src/index.ts (built: dist/controller/src/index.js)", () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8"));
    expect(pkg.name).toBe("gantry");
    expect(pkg.exports["."]).toMatchObject({
      types: "./controller/src/index.ts",
      default: "./dist/controller/src/index.js",
    });
  });

  it("exports the config API and BasePage", async () => {
    for (const name of [
      "ApiConfigLoader",
      "ConfigError",
      "ConfigNotFoundError",
      "BasePage",
      "PageResponse",
    ]) {
      expect(typeof (gantry as Record<string, unknown>)[name], name).toBe("function");
    }
    const loader = gantry.ApiConfigLoader;
    expect(typeof loader.validateConfig).toBe("function");
    expect(typeof loader.prototype.getServiceUrl).toBe("function");
    expect(typeof gantry.BasePage.prototype.eventually).toBe("function");
    expect(typeof gantry.BasePage.prototype.testUser).toBe("function");
  });
});
