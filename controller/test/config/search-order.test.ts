import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigNotFoundError, loadConfig } from "../../src/config/index.js";
import { isolatedEnv, MINIMAL, tempDir, writeFile } from "./helpers.js";

const LOCATIONS = ["e2e.conf", "config/e2e.conf", "tests/e2e.conf", "xdg/e2e/default.conf"] as const;

/** Writes a config at each of `at`, each naming its own location in project.name. */
function project(at: readonly string[]): string {
  const root = tempDir();
  for (const rel of at) writeFile(root, rel, `general:\n  project:\n    name: "${rel}"\n`);
  return root;
}

const nameOf = (root: string, env: Record<string, string> = {}) =>
  loadConfig({ cwd: root, env: isolatedEnv(root, { XDG_CONFIG_HOME: join(root, "xdg"), ...env }) }).general
    .project.name;

describe("config file search order", () => {
  it.each([
    [LOCATIONS, "e2e.conf"],
    [LOCATIONS.slice(1), "config/e2e.conf"],
    [LOCATIONS.slice(2), "tests/e2e.conf"],
    [LOCATIONS.slice(3), "xdg/e2e/default.conf"],
  ])("with files at %j it loads %s", (files, expected) => {
    expect(nameOf(project(files))).toBe(expected);
  });

  it("prefers E2E_CONFIG_PATH over every other location (a profile)", () => {
    const root = project(LOCATIONS);
    writeFile(root, "profiles/staging.conf", "general:\n  environment: staging\n");
    const config = loadConfig({
      cwd: root,
      env: isolatedEnv(root, { E2E_CONFIG_PATH: "profiles/staging.conf" }),
    });
    expect(config.general.environment).toBe("staging");
    expect(config.configPath).toBe(resolve(root, "profiles/staging.conf"));
  });

  it("fails when E2E_CONFIG_PATH names a missing file, without falling back to ./e2e.conf", () => {
    const root = project(["e2e.conf"]);
    const missing = join(root, "nope.conf");
    const err = catchError(() =>
      loadConfig({ cwd: root, env: isolatedEnv(root, { E2E_CONFIG_PATH: missing }) }),
    );
    expect(err).toBeInstanceOf(ConfigNotFoundError);
    expect(err).toMatchObject({ code: "E2E_CONFIG_NOT_FOUND", searched: [missing] });
    expect(err.message).toBe(
      `E2E_CONFIG_PATH points at ${missing}, which does not exist (no other location is tried)`,
    );
  });

  it("fails when E2E_CONFIG_PATH names a folder", () => {
    const root = project(["e2e.conf"]);
    const err = catchError(() =>
      loadConfig({ cwd: root, env: isolatedEnv(root, { E2E_CONFIG_PATH: root }) }),
    );
    expect(err.message).toBe(
      `E2E_CONFIG_PATH points at ${root}, which is not a file (no other location is tried)`,
    );
  });

  it("treats an empty E2E_CONFIG_PATH as unset", () => {
    expect(nameOf(project(["e2e.conf"]), { E2E_CONFIG_PATH: "" })).toBe("e2e.conf");
  });

  it("lists every path searched, in order, when no file exists", () => {
    const root = tempDir();
    const err = catchError(() =>
      loadConfig({ cwd: root, env: isolatedEnv(root, { XDG_CONFIG_HOME: join(root, "xdg") }) }),
    );
    const expected = [
      join(root, "e2e.conf"),
      join(root, "config/e2e.conf"),
      join(root, "tests/e2e.conf"),
      join(root, "xdg/e2e/default.conf"),
    ];
    expect(err).toBeInstanceOf(ConfigNotFoundError);
    expect((err as ConfigNotFoundError).searched).toEqual(expected);
    for (const path of expected) expect(err.message).toContain(path);
    expect(err.message).toContain("E2E_CONFIG_PATH (not set)");
  });

  it("uses ~/.config/e2e/default.conf when XDG_CONFIG_HOME is not set", () => {
    const root = tempDir();
    writeFile(root, "home/.config/e2e/default.conf", "general:\n  project:\n    name: from-home\n");
    expect(loadConfig({ cwd: root, env: isolatedEnv(root) }).general.project.name).toBe("from-home");
  });

  it("ignores a relative XDG_CONFIG_HOME, as the XDG spec says", () => {
    const root = tempDir();
    writeFile(root, "home/.config/e2e/default.conf", "general:\n  project:\n    name: from-home\n");
    writeFile(root, "rel/e2e/default.conf", "general:\n  project:\n    name: from-relative\n");
    expect(
      loadConfig({ cwd: root, env: isolatedEnv(root, { XDG_CONFIG_HOME: "rel" }) }).general.project.name,
    ).toBe("from-home");
  });

  it("loads an explicit path and fails without fallback when it is missing", () => {
    const root = project(["e2e.conf"]);
    writeFile(root, "other.conf", MINIMAL);
    expect(loadConfig({ cwd: root, path: "other.conf", env: isolatedEnv(root) }).services.auth).toBeDefined();
    expect(() => loadConfig({ cwd: root, path: "missing.conf", env: isolatedEnv(root) })).toThrow(
      ConfigNotFoundError,
    );
  });

  it("gives an absolute configPath and the file's folder as rootDir", () => {
    const root = project(["config/e2e.conf"]);
    const config = loadConfig({ cwd: root, env: isolatedEnv(root) });
    expect(config.configPath).toBe(join(root, "config/e2e.conf"));
    expect(config.rootDir).toBe(join(root, "config"));
  });
});

function catchError(fn: () => unknown): Error {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected an error");
}
