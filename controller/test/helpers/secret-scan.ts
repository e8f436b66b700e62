// Reads everything a run wrote (reports, logs) plus its console, and asserts no secret is in any.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** `expected`: parts of the paths that must have been written; `secrets`: label → value. */
export function assertNoSecretWritten(
  dir: string,
  output: { stdout: string; stderr: string },
  expected: string[],
  secrets: Record<string, string>,
): void {
  const files = filesUnder(dir).filter((f) => /reports|logs/.test(f));
  const names = files.map((f) => f.slice(dir.length));
  for (const part of expected)
    assert.ok(
      names.some((n) => n.includes(part)),
      `no ${part} among ${names.join(", ")}`,
    );
  for (const [where, text] of [
    ["stdout", output.stdout],
    ["stderr", output.stderr],
    ...files.map((f) => [f, readFileSync(f, "utf8")]),
  ] as const) {
    for (const [label, value] of Object.entries(secrets))
      assert.ok(!text.includes(value), `${label} in ${where}`);
  }
}
