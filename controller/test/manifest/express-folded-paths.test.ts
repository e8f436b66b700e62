// Route paths an Express app computes with its own helpers (issue 20, point 5): project
// functions whose return folds to a string given their arguments, String/Array built-ins and
// `path.join`, rest parameters (`...parts`, `arguments`, Babel's rest loop), a settings object
// filled by `Object.assign` / lodash `merge`, `exports["default"]`, and an app handed on through
// a function's own parameter. Written from ECMA-262 (String.prototype.replace with a RegExp,
// Array.prototype.join, Function.prototype.call, rest parameters, Object.assign), lodash's and
// Node's documented APIs and Babel's documented output, not copied from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Express paths built by the project's own helpers", () => {
  it("folds a helper that trims with a regex, on a base handed through two functions' parameters", async () => {
    const s = await scan({
      "assets.js": `export const trim = (str) => str.replace(/\\/+$/, "");\n`,
      "defaults.js": `export const serverDefault = { base: process.env.BASE ?? "/web/", port: 3000 };\n`,
      "socket-server.js": `import { trim } from "./assets.js";
export async function server(app, { base }) {
  const basePath = trim(base);
  app.disable("x-powered-by").get(\`\${basePath}/sw.js\`, (req, res) => res.send("")).get(basePath, (req, res) => res.send(""));
}
`,
      "main.js": `import express from "express";
import { server } from "./socket-server.js";
import { serverDefault } from "./defaults.js";
export async function decorate(app, conf = serverDefault) {
  await server(app, conf);
}
export const start = (conf = serverDefault) => decorate(express(), conf);
`,
    });
    expect(ids(s)).toEqual(["GET /web", "GET /web/sw.js"]);
  });

  it("folds a rest-parameter join with chained regex replaces, and path.join", async () => {
    const s = await scan({
      "urljoin.js": `const normalize = (str) => str.replace(/[\\/]+/g, "/").replace(/\\/\\?/g, "?");
export const urljoin = (...parts) => normalize(parts.join("/"));
`,
      "app.js": `import express from "express";
import path from "node:path";
import { urljoin } from "./urljoin.js";
const root = "/cnc/";
const app = express();
app.get(urljoin(root, "api/state"), (req, res) => res.json({}));
app.post(urljoin(root, "/api/", "commands/:id"), (req, res) => res.json({}));
app.get(path.join(root, "..", "health"), (req, res) => res.json({}));
app.get(["/A", "/B"].join("").toLowerCase(), (req, res) => res.json({}));
`,
    });
    expect(ids(s)).toEqual(["GET /a/b", "GET /cnc/api/state", "GET /health", "POST /cnc/api/commands/{id}"]);
  });

  it('reads Babel\'s compiled rest loop, [].slice.call(args), exports["default"] and a settings object lodash merges into', async () => {
    const s = await scan({
      "lib/urljoin.js": `"use strict";
exports["default"] = void 0;
var urljoin = function urljoin() {
  for (var _len = arguments.length, args = new Array(_len), _key = 0; _key < _len; _key++) {
    args[_key] = arguments[_key];
  }
  var joined = [].slice.call(args, 0).join('/');
  return joined.replace(/[\\/]+/g, '/');
};
var _default = exports["default"] = urljoin;
`,
      "config/base.js": `"use strict";\nexports["default"] = void 0;\nvar _default = exports["default"] = { route: '/', verbosity: 0 };\n`,
      "config/production.js": `"use strict";\nexports["default"] = void 0;\nvar _default = exports["default"] = { route: '/machine/' };\n`,
      "config/settings.js": `"use strict";
exports["default"] = void 0;
var _merge = _interopRequireDefault(require("lodash/merge"));
var _base = _interopRequireDefault(require("./base"));
var _production = _interopRequireDefault(require("./production"));
function _interopRequireDefault(e) { return e && e.__esModule ? e : { "default": e }; }
var settings = {};
(0, _merge["default"])(settings, _base["default"], _production["default"]);
var _default = exports["default"] = settings;
`,
      "app.js": `"use strict";
var _express = _interopRequireDefault(require("express"));
var _urljoin = _interopRequireDefault(require("./lib/urljoin"));
var _settings = _interopRequireDefault(require("./config/settings"));
function _interopRequireDefault(e) { return e && e.__esModule ? e : { "default": e }; }
var app = (0, _express["default"])();
app.post((0, _urljoin["default"])(_settings["default"].route, 'api/signin'), function (req, res) { res.end(); });
app["delete"]((0, _urljoin["default"])(_settings["default"].route, 'api/users/:id'), function (req, res) { res.end(); });
`,
    });
    expect(ids(s)).toEqual(["DELETE /machine/api/users/{id}", "POST /machine/api/signin"]);
  });

  it("fills an object with Object.assign in the order written, and keeps a path it cannot fold out", async () => {
    const s = await scan({
      "app.js": `const express = require("express");
const conf = {};
Object.assign(conf, { prefix: "/old" }, { prefix: "/v2" });
const app = express();
const pick = (x) => x.prefix;
app.get(pick(conf) + "/items", (req, res) => res.json([]));
app.get(conf.prefix.replace(/v2/, (m) => m.toUpperCase()) + "/x", (req, res) => res.json([]));
app.get(String(Date.now()), (req, res) => res.json([]));
`,
    });
    expect(ids(s)).toEqual(["GET /v2/items"]);
  });
});
