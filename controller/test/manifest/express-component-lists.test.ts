// Express apps handed to components kept in a list: a server holds instances of several
// classes in an array (pushed by one of its methods, or by the code that builds it), then
// loops over the array calling each element's method with the app (`c.addRoutes(app)`), each
// class adding its own routes. Written from JavaScript's semantics (`Array.prototype.push`
// appends; `forEach`, `for…of` and `for…in` with an index visit every element; a method call
// runs the method of the element's own class, with `this` the element) and Express's API
// (`app.get(path, handler)`); the ES5 forms are tsc's output for a class and its `get`
// accessor (`Object.defineProperty(C.prototype, …)`). Not copied from an app (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const components = {
  "src/dashboard.js": `class Dashboard {
  constructor(context) { this.base = context.base; }
  addRoutes(app) {
    app.get(this.base + "/dashboard", (req, res) => res.end());
    app.get(this.base + "/dashboard/:id", (req, res) => res.end());
  }
}
module.exports = Dashboard;
`,
  "src/api.js": `class Api {
  constructor(context) { this.base = context.base; }
  addRoutes(app) {
    app.post(this.base + "/api/sessions", (req, res) => res.end());
  }
}
module.exports = Api;
`,
};

const expected = ["GET /v1/dashboard", "GET /v1/dashboard/{id}", "POST /v1/api/sessions"];

describe("Express: components in a list, each handed the app by a loop", () => {
  it("runs each pushed component's method with the app (push in a method, forEach)", async () => {
    const s = await scan({
      ...components,
      "src/web.js": `const express = require("express");
class WebServer {
  constructor() {
    this.app = express();
    this.components = [];
  }
  add(component) { this.components.push(component); }
  start() {
    this.components.forEach((c) => c.addRoutes(this.app));
    this.app.listen(3000);
  }
}
module.exports = WebServer;
`,
      "src/server.js": `const WebServer = require("./web");
const Dashboard = require("./dashboard");
const Api = require("./api");
const context = { base: "/v1" };
const server = new WebServer();
server.add(new Dashboard(context));
server.add(new Api(context));
server.start();
`,
    });
    expect(ids(s).sort()).toEqual([...expected].sort());
  });

  it("reads pushes made on the instance's list by the code that builds it (for…of)", async () => {
    const s = await scan({
      ...components,
      "src/web.js": `const express = require("express");
class WebServer {
  constructor() {
    this.app = express();
    this.components = [];
  }
  start() {
    for (const c of this.components) c.addRoutes(this.app);
    this.app.listen(3000);
  }
}
module.exports = WebServer;
`,
      "src/server.js": `const WebServer = require("./web");
const Dashboard = require("./dashboard");
const Api = require("./api");
const context = { base: "/v1" };
const server = new WebServer();
const dashboard = new Dashboard(context);
server.components.push(dashboard);
server.components.push(new Api(context));
server.start();
`,
    });
    expect(ids(s).sort()).toEqual([...expected].sort());
  });

  it("reads an ES5 loop by index over the list (for…in, element read by subscript)", async () => {
    const s = await scan({
      ...components,
      "src/web.js": `var express = require("express");
var WebServer = (function () {
  function WebServer() {
    this._app = express();
    this._components = new Array();
  }
  WebServer.prototype.add = function (component) { this._components.push(component); };
  WebServer.prototype.start = function () {
    for (var id in this._components) {
      var component = this._components[id];
      component.addRoutes(this._app);
    }
    this._app.listen(3000);
  };
  return WebServer;
}());
module.exports = WebServer;
`,
      "src/server.js": `var WebServer = require("./web");
var Dashboard = require("./dashboard");
var Api = require("./api");
var context = { base: "/v1" };
var server = new WebServer();
server.add(new Dashboard(context));
server.add(new Api(context));
server.start();
`,
    });
    expect(ids(s).sort()).toEqual([...expected].sort());
  });

  it("reads a push through an accessor tsc writes with Object.defineProperty", async () => {
    const s = await scan({
      ...components,
      "src/web.js": `var express = require("express");
var WebServer = (function () {
  function WebServer() {
    this._app = express();
    this._components = new Array();
  }
  Object.defineProperty(WebServer.prototype, "components", {
    get: function () {
      return this._components;
    },
    enumerable: true,
    configurable: true
  });
  WebServer.prototype.start = function () {
    for (var id in this._components) {
      var component = this._components[id];
      component.addRoutes(this._app);
    }
    this._app.listen(3000);
  };
  return WebServer;
}());
module.exports = WebServer;
`,
      "src/server.js": `var WebServer = require("./web");
var Dashboard = require("./dashboard");
var Api = require("./api");
var context = { base: "/v1" };
var server = new WebServer();
server.components.push(new Dashboard(context));
server.components.push(new Api(context));
server.start();
`,
    });
    expect(ids(s).sort()).toEqual([...expected].sort());
  });

  it("reads what the constructor was given when a method of the new instance is called", async () => {
    const s = await scan({
      "src/routes.js": `class Routes {
  constructor(base) { this.base = base; }
  addRoutes(app) { app.get(this.base + "/sessions", (req, res) => res.end()); }
}
module.exports = Routes;
`,
      "src/server.js": `const express = require("express");
const Routes = require("./routes");
const app = express();
new Routes("/api").addRoutes(app);
const admin = new Routes("/admin");
admin.addRoutes(app);
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /admin/sessions", "GET /api/sessions"]);
  });
});
