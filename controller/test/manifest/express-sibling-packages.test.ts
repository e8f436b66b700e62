// Route paths kept in a sibling package of the scanned tree and imported by its name: an npm
// workspace (`packages/paths` required as `@acme/paths`) or a scope folder of installed packages,
// the sibling shipping only its build (`main: "dist/index.js"`). Written from Node's module
// resolution ("Loading from node_modules folders": a bare name resolves to that package's folder,
// then to its package.json `main`, or to `name/sub` inside it), npm's workspaces (each linked into
// node_modules under its name) and Express's API (`router.use(path, router)`), not copied from an
// app (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const workspace = {
  "package.json": JSON.stringify({ name: "acme", private: true, workspaces: ["packages/*"] }),
  "packages/paths/package.json": JSON.stringify({ name: "@acme/paths", main: "dist/index.js" }),
  "packages/paths/dist/index.js": `"use strict";
exports.BASE = "/api";
exports.USERS = "/users";
`,
  "packages/paths/dist/extra.js": `exports.HEALTH = "/health";
`,
  "packages/server/package.json": JSON.stringify({ name: "@acme/server", main: "src/server.js" }),
  "packages/server/src/server.js": `const express = require("express");
const { BASE, USERS } = require("@acme/paths");
const { HEALTH } = require("@acme/paths/dist/extra");
const users = express.Router();
users.get("/", (req, res) => res.json([]));
users.get("/:id", (req, res) => res.json({}));
const api = express.Router();
api.use(USERS, users);
const app = express();
app.use(BASE, api);
app.get(HEALTH, (req, res) => res.send("ok"));
app.listen(3000);
`,
};

describe("paths imported by name from a package inside the tree", () => {
  it("reads a sibling package's constants, from its main and from a file under its name", async () => {
    expect(ids(await scan(workspace))).toEqual(["GET /api/users", "GET /api/users/{id}", "GET /health"]);
  });
});
