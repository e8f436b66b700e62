/**
 * Runs `@redocly/cli lint` (the repository's redocly.yaml) on an OpenAPI document, offline:
 * telemetry and the update notice are off, so the CLI makes no network call.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CLI = join(
  dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")),
  "bin",
  "cli.js",
);

export interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location?: { pointer?: string }[];
}

export interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: LintProblem[];
}

export async function lintOpenApi(document: unknown): Promise<LintReport> {
  const dir = await mkdtemp(join(tmpdir(), "openapi-lint-"));
  try {
    const file = join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(document));
    const args = [CLI, "lint", file, "--config", join(REPO_ROOT, "redocly.yaml"), "--format", "json"];
    const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
    // The CLI exits 1 when it finds errors; its JSON report is on stdout either way.
    const { stdout } = await run(process.execPath, args, {
      env,
      cwd: dir,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((err: { stdout?: string }) => {
      if (err.stdout?.trim().startsWith("{")) return { stdout: err.stdout };
      throw err;
    });
    return JSON.parse(stdout) as LintReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One line per problem: `error security-defined /paths/~1x/get: Every operation ...`. */
export function describeProblems(report: LintReport): string {
  return report.problems
    .map((p) => `${p.severity} ${p.ruleId} ${p.location?.[0]?.pointer ?? ""}: ${p.message}`)
    .join("\n");
}
