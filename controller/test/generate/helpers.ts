// Shared by the generate-tests tests: a scan of this repository's two services into a manifest,
// written once per test file to a temporary folder.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { REPO_ROOT, runCli } from "../helpers/project.js";

/** `e2e manifest` of the repository's e2e.conf (services/auth and services/task-graph), to a temp file. */
export async function scanRepoServices(): Promise<string> {
  const out = join(mkdtempSync(join(tmpdir(), "gentests-manifest-")), "manifest.json");
  const r = await runCli(["manifest", "--out", out], { cwd: REPO_ROOT });
  if (r.code !== 0) throw new Error(`e2e manifest failed (${r.code}): ${r.stderr}`);
  return out;
}

/** Removes the temporary folder of a scan made by `scanRepoServices`. */
export function removeScan(manifestPath: string | undefined): void {
  if (manifestPath) rmSync(dirname(manifestPath), { recursive: true, force: true });
}
