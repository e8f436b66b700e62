// Which files of a service's tree are scanned: source files, minus dependencies, build output,
// tests and the manifest's own folder (a test app's routes are not the service's).

import { glob } from "tinyglobby";

const IGNORED = [
  "**/node_modules/**",
  "**/dist/**",
  "**/build/**",
  "**/target/**",
  "**/coverage/**",
  "**/.*/**",
  "**/__pycache__/**",
  "**/venv/**",
  "**/test/**",
  "**/tests/**",
  "**/__tests__/**",
  "**/*.test.*",
  "**/*.spec.*",
  "**/*.d.ts",
];

/** Relative POSIX paths of the tree's files, sorted (so a scan's output never depends on disk order). */
export async function listSourceFiles(root: string): Promise<string[]> {
  const files = await glob("**/*", { cwd: root, ignore: IGNORED, onlyFiles: true, dot: false });
  return files.sort();
}
