// The package's public entry ("gantry"): what pages, modules and scripts import.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as gantry from "../src/index.js";
import { REPO_ROOT } from "./helpers/project.js";

describe('the "gantry" entry', () => {
  it("is controller/src/index.ts, shipped built with its types (an installed package has no source)", () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8"));
    expect(pkg.name).toBe("gantry");
    expect(pkg.exports["."]).toMatchObject({
      types: "./dist/controller/src/index.d.ts",
      source: "./controller/src/index.ts",
      default: "./dist/controller/src/index.js",
    });
    // Inside this repository the same name resolves to the source, for the type-check.
    const tsconfig = readFileSync(join(REPO_ROOT, "tsconfig.json"), "utf8");
    expect(tsconfig).toContain('"gantry": ["./controller/src/index.ts"]');
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
