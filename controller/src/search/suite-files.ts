// Which files of the suite beside the config `e2e search` indexes (SPEC §3 layout:
// services/<name>/page.ts and services/<name>/modules/NN_<words>.ts), relative to the project
// root. Listed on every search (the cache's staleness check), so it only reads directories.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, posix } from "node:path";

const MODULE_FILE = /^\d+_[\w-]+\.(ts|js|mts|mjs)$/;

export function suiteFiles(root: string): string[] {
  const servicesDir = join(root, "services");
  if (!existsSync(servicesDir)) return [];
  const out: string[] = [];
  for (const service of readdirSync(servicesDir).sort()) {
    const dir = join(servicesDir, service);
    if (!statSync(dir).isDirectory()) continue;
    if (existsSync(join(dir, "page.ts"))) out.push(posix.join("services", service, "page.ts"));
    const modules = join(dir, "modules");
    if (!existsSync(modules)) continue;
    for (const file of readdirSync(modules).sort())
      if (MODULE_FILE.test(file)) out.push(posix.join("services", service, "modules", file));
  }
  return out;
}
