// bin/e2e.js picks what to run: the built CLI when it is current, else the TypeScript source.
// Exercised on a throwaway tree whose two CLIs only say which one ran.
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/project.js";

const root = mkdtempSync(join(tmpdir(), "gantry-bin-"));
mkdirSync(join(root, "bin"));
copyFileSync(join(REPO_ROOT, "bin/e2e.js"), join(root, "bin/e2e.js"));
symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"));
writeFileSync(join(root, "package.json"), '{ "type": "module" }\n');
const source = join(root, "controller/src/cli.ts");
const built = join(root, "dist/controller/src/cli.js");
mkdirSync(join(root, "controller/src"), { recursive: true });
mkdirSync(join(root, "dist/controller/src"), { recursive: true });
writeFileSync(source, 'const from: string = "source";\nconsole.log(from);\n');
writeFileSync(built, 'console.log("built");\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(env: Record<string, string> = {}) {
  const { GANTRY_FROM_SOURCE: _, ...rest } = process.env;
  const r = spawnSync(process.execPath, [join(root, "bin/e2e.js")], {
    env: { ...rest, ...env },
    encoding: "utf8",
  });
  return { out: r.stdout.trim(), err: r.stderr.trim() };
}

const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

describe("bin/e2e.js", () => {
  it("runs the built CLI when it is newer than every source file", () => {
    at(source, 1_000_000);
    at(built, 2_000_000);
    expect(run()).toEqual({ out: "built", err: "" });
  });

  it("runs the source, and says why, when a source file changed after the build", () => {
    at(source, 3_000_000);
    at(built, 2_000_000);
    const r = run();
    expect(r.out).toBe("source");
    expect(r.err).toMatch(/dist\/ is older than the source; running from source \(npm run build/);
  });

  it("runs the source when a lib/ file the CLI imports changed after the build", () => {
    const libFile = join(root, "lib/search/rank.ts");
    mkdirSync(join(root, "lib/search"), { recursive: true });
    writeFileSync(libFile, "export const weight = 1;\n");
    at(source, 1_000_000);
    at(built, 2_000_000);
    at(libFile, 3_000_000);
    try {
      expect(run().out).toBe("source");
    } finally {
      rmSync(join(root, "lib"), { recursive: true, force: true });
    }
  });

  it("runs the source when GANTRY_FROM_SOURCE=1, whatever the dates", () => {
    at(source, 1_000_000);
    at(built, 2_000_000);
    expect(run({ GANTRY_FROM_SOURCE: "1" }).out).toBe("source");
  });
});
