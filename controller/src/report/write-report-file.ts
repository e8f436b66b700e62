// Writes one report file in one go: to a temporary name, then renamed, so a reader (CI, a browser)
// never sees half a report.

import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";

export async function writeReportFile(dir: string, name: string, content: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const target = join(dir, name);
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, content, "utf8");
  await rename(temporary, target);
  return target;
}
