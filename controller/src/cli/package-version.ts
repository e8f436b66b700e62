// The package's own package.json, found by walking up from this file (the path differs between
// the TypeScript source and dist/): its version (--version), and the TypeScript it is built and
// type-checked with, which `e2e init` puts in a new suite's devDependencies.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

interface OwnPackage {
  name?: string;
  version?: string;
  devDependencies?: Record<string, string>;
}

function ownPackage(): OwnPackage | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as OwnPackage;
      if (pkg.name === "gantry") return pkg;
    }
    dir = dirname(dir);
  }
  return undefined;
}

export function packageVersion(): string {
  return ownPackage()?.version ?? "0.0.0";
}

/** The `typescript` range of the package's devDependencies (undefined if it has none). */
export function typescriptRange(): string | undefined {
  return ownPackage()?.devDependencies?.typescript;
}
