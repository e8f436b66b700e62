// A package whose entry point is a one-line launcher into its build (`main: "index.js"` holding
// `module.exports = require("./dist")`: Node resolves a folder to its `index.js`), and whose
// TypeScript sources are not shipped. TypeScript compiles what tsconfig.json's `include` (or
// `rootDir`) names, so other `.ts` files in the package (examples compiled by another tool) are
// not what the build was made from. Written from Node's "Modules" (folders as modules) and the
// TSConfig reference (`include`, `rootDir`); issue 20, point 5.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const compiledServer = `"use strict";
const express_1 = require("express");
const app = (0, express_1.default)();
app.get("/signalk", (req, res) => res.json({}));
app.listen(3000);
`;

describe("a build an entry point loads", () => {
  it("reads the build folder a launcher entry requires by its folder name", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "boat", main: "index.js", bin: { boat: "./bin/boat" } }),
      "index.js": `module.exports = require("./dist");\n`,
      "bin/boat": `#!/usr/bin/env node\nrequire("../dist");\n`,
      "dist/index.js": compiledServer,
    });
    expect(ids(s)).toEqual(["GET /signalk"]);
  });

  it("does not take TypeScript outside tsconfig.json's include for the build's sources", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "boat", main: "index.js" }),
      "tsconfig.json": `{ "include": ["./src/**/*"] }\n`,
      "index.js": `module.exports = require("./dist");\n`,
      "dist/index.js": compiledServer,
      "examples/plugin/assembly/index.ts": "export function run(): i32 { return 1; }\n",
    });
    expect(ids(s)).toEqual(["GET /signalk"]);
  });

  it("keeps skipping the build when a source tsconfig.json includes is listed", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "boat", main: "index.js" }),
      "tsconfig.json": `{ "include": ["./src/**/*"] }\n`,
      "index.js": `module.exports = require("./dist");\n`,
      "dist/index.js": compiledServer,
      "src/index.ts": `import express from "express";
const app = express();
app.get("/signalk/v2", (req, res) => res.json({}));
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /signalk/v2"]);
  });
});
