// An npm package as installed is often only its build: package.json's `bin`/`main`/`exports`
// (npm's and Node's documented entry points) name `build/index.js` or `dist/server.js`, and no
// source ships beside it. The scan skips build folders (compiled copies of sources it reads), so
// such a package scanned where it is installed gave no endpoint at all. The folder it runs from
// is read, unless the listed files hold what it is compiled from (TypeScript, code under `src/`)
// (issue 20).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const server = (path: string) => `import express from "express";
const app = express();
app.get("${path}", (req, res) => res.json({ ok: true }));
app.listen(3000);
`;

describe("a package that ships only its build", () => {
  it("reads the build folder its package.json runs from when no listed file is an entry point", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "proxy", type: "module", bin: { proxy: "build/index.js" } }),
      "build/index.js": server("/health"),
      "README.md": "# proxy\n",
    });
    expect(ids(s)).toEqual(["GET /health"]);
  });

  it("keeps skipping a build folder in a TypeScript project, its sources listed", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "api", main: "dist/index.js", scripts: { build: "tsc" } }),
      "tsconfig.json": `{
  // compiled into dist/
  "compilerOptions": { "outDir": "./dist", "rootDir": "src" }
}`,
      "src/index.ts": server("/v2/items"),
      "dist/index.js": server("/v1/items"),
    });
    expect(ids(s)).toEqual(["GET /v2/items"]);
  });

  it("reads it beside a launcher its bin names and maintainers' scripts", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "cnc", main: "dist/server-cli.js", bin: { cnc: "bin/cnc" } }),
      "bin/cnc": `#!/usr/bin/env node
require("../dist/server-cli")();
`,
      "scripts/release.js": "console.log('release');\n",
      "dist/server-cli.js": `const express = require("express");
module.exports = () => express().get("/api/state", (req, res) => res.json({})).listen(8000);
`,
    });
    expect(ids(s)).toEqual(["GET /api/state"]);
  });

  it("keeps skipping it in a JavaScript project whose sources are in src/", async () => {
    const s = await scan({
      "package.json": JSON.stringify({
        name: "app",
        main: "dist/index.js",
        scripts: { build: "babel src -d dist" },
      }),
      "src/index.js": server("/v2/items"),
      "dist/index.js": server("/v1/items"),
    });
    expect(ids(s)).toEqual(["GET /v2/items"]);
  });
});
