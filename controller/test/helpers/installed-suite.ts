// What `npm install` leaves in a suite folder made by `e2e init`, without a registry: the TypeScript
// its package.json lists (this repository's, which that range holds), @types, the tsc bin, and
// gantry with its types from this checkout's source (the packed package's dist/*.d.ts are built
// from it; install-from-tarball.test.ts checks those). So `npx --no-install tsc --noEmit` runs there
// as it would for a user, whether or not dist/ is built.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./project.js";

export function linkInstalled(dir: string): void {
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, ".bin"), { recursive: true });
  mkdirSync(join(modules, "gantry"));
  symlinkSync(join(REPO_ROOT, "node_modules/typescript"), join(modules, "typescript"));
  symlinkSync(join(REPO_ROOT, "node_modules/@types"), join(modules, "@types"));
  symlinkSync("../typescript/bin/tsc", join(modules, ".bin/tsc"));
  symlinkSync(join(REPO_ROOT, "controller"), join(modules, "gantry/controller"));
  symlinkSync(join(REPO_ROOT, "lib"), join(modules, "gantry/lib"));
  const entry = "./controller/src/index.ts";
  writeFileSync(
    join(modules, "gantry/package.json"),
    JSON.stringify({ name: "gantry", type: "module", exports: { ".": { types: entry, default: entry } } }),
  );
}
