// Route prefixes read from a JSON file the app ships and requires: Node's `require("./x.json")`
// parses the file as JSON (Node's modules documentation, "File modules"), and an ES module's
// `import config from "./x.json" with { type: "json" }` gives the same object. Express's API as
// documented. Not copied from an app (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Express: prefixes from a JSON file the app requires", () => {
  it("reads a property of a required JSON file as a path prefix", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "board", main: "src/server.js" }),
      "config.json": JSON.stringify({ server: { baseURL: "/board", port: 8080 } }),
      "src/server.js": `const express = require("express");
const config = require("../config.json");
const app = express();
const router = express.Router();
router.get("/cards", (req, res) => res.json([]));
app.use(config.server.baseURL + "/api", router);
app.get(\`\${config.server.baseURL}/health\`, (req, res) => res.end("ok"));
app.listen(config.server.port);
`,
    });
    expect(ids(s)).toEqual(["GET /board/api/cards", "GET /board/health"]);
  });

  it("reads a JSON module imported by an ES module", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "board", type: "module", main: "server.js" }),
      "settings.json": JSON.stringify({ prefix: "/v2" }),
      "server.js": `import express from "express";
import settings from "./settings.json" with { type: "json" };
const app = express();
app.get(settings.prefix + "/items", (req, res) => res.json([]));
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /v2/items"]);
  });
});
