// Which files are tests, by the naming conventions of each ecosystem, and the name of the file a
// test is named after (`user.test.ts` → `user`, `test_user.py` → `user`, `UserTest.java` → `User`).
import { baseName } from "../resolve/paths.js";

const TEST_NAME = [
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  /^test_.+\.py$/,
  /_test\.py$/,
  /^conftest\.py$/,
  /_test\.go$/,
  /(Test|Tests|IT|TestCase)\.(java|kt)$/,
];

export function isTestFile(path: string): boolean {
  const name = baseName(path);
  if (TEST_NAME.some((pattern) => pattern.test(name))) return true;
  return /(^|\/)__tests__\//.test(path) && /\.[cm]?[jt]sx?$/.test(name);
}

/** Whether a path lies in a test folder (helpers and fixtures there are not code under test). */
export function inTestFolder(path: string): boolean {
  return /(^|\/)(test|tests|__tests__|spec|fixtures|testdata)\//.test(path);
}

/** The stem of the file a test is named after, or undefined when the name says nothing. */
export function testSubjectStem(path: string): string | undefined {
  const name = baseName(path);
  const stem =
    name.match(/^(.+)\.(test|spec)\.[cm]?[jt]sx?$/)?.[1] ??
    name.match(/^test_(.+)\.py$/)?.[1] ??
    name.match(/^(.+)_test\.(py|go)$/)?.[1] ??
    name.match(/^(.+?)(Test|Tests|IT|TestCase)\.(java|kt)$/)?.[1];
  return stem;
}

/** The name without its extension (`user.service.ts` → `user.service`, `types.d.ts` → `types`). */
export function stemOf(path: string): string {
  const name = baseName(path).replace(/\.d\.ts$/, ".ts");
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? name : name.slice(0, dot);
}
