// The infra shell scripts parse, and shellcheck finds no warnings in them.
import { describe, expect, it } from "vitest";
import { glob } from "tinyglobby";
import { REPO_ROOT, reportNotRun, run } from "./support/docker.js";

const scripts = (await glob(["infra/**/*.sh"], { cwd: REPO_ROOT })).sort();
let shellcheck: string | undefined;
try {
  await run("shellcheck", ["--version"], { timeout: 10_000 });
} catch {
  shellcheck = "shellcheck is not installed (make test-deps installs it)";
}
const noShellcheck = reportNotRun("shellcheck of infra/**/*.sh", shellcheck);

describe("infra shell scripts", () => {
  it("include the entry points", () => {
    for (const s of [
      "infra/images/redis8.sh",
      "infra/images/build.sh",
      "infra/docker/ensure-engine.sh",
      "infra/ci/stack-test.sh",
    ]) {
      expect(scripts).toContain(s);
    }
  });

  it.each(scripts)("%s parses (bash -n)", async (script) => {
    await expect(run("bash", ["-n", script])).resolves.toBeDefined();
  });

  it.skipIf(noShellcheck)("have no shellcheck warnings", async () => {
    const result = await run("shellcheck", ["-S", "warning", "-x", ...scripts]).catch((e: Error) => ({
      stdout: e.message,
    }));
    expect(result.stdout).toBe("");
  });
});
