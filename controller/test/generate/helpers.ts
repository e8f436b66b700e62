// Shared by the generate-tests tests: a scan of this repository's two services into a manifest,
// written once per test file to a temporary folder.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT, runCli } from "../helpers/project.js";

/** `e2e manifest` of the repository's e2e.conf (services/auth and services/task-graph), to a temp file. */
export async function scanRepoServices(): Promise<string> {
  const out = join(mkdtempSync(join(tmpdir(), "gentests-manifest-")), "manifest.json");
  const r = await runCli(["manifest", "--out", out], { cwd: REPO_ROOT });
  if (r.code !== 0) throw new Error(`e2e manifest failed (${r.code}): ${r.stderr}`);
  return out;
}
