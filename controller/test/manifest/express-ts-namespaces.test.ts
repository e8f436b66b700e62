// Classes exported from TypeScript namespaces, as tsc compiles `export namespace App { export
// class Server { … } }` to CommonJS: `var App; (function (App) { … App.Server = Server; })(App =
// exports.App || (exports.App = {}));` (TypeScript handbook, "Namespaces"; tsc's emit). The
// function runs once with `App` the exported object. Express's API as documented. Not copied
// from an app (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Express: classes exported from a TypeScript namespace (tsc's CommonJS output)", () => {
  it("reads classes reached as `require(…).App.Server` and the routes they add", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "debugger", main: "server.js" }),
      "routes.js": `"use strict";
var App;
(function (App) {
    var Routes = (function () {
        function Routes(base) {
            this.base = base;
        }
        Routes.prototype.addRoutes = function (app) {
            app.get(this.base + "/sessions", function (req, res) { res.end(); });
            app.post(this.base + "/sessions/:id/reset", function (req, res) { res.end(); });
        };
        return Routes;
    }());
    App.Routes = Routes;
})(App = exports.App || (exports.App = {}));
`,
      "server.js": `"use strict";
var express = require("express");
var routes = require("./routes");
var App;
(function (App) {
    var Server = (function () {
        function Server() {
            this.app = express();
        }
        Server.prototype.start = function () {
            new routes.App.Routes("/api").addRoutes(this.app);
            this.app.listen(1337);
        };
        return Server;
    }());
    App.Server = Server;
})(App || (App = {}));
new App.Server().start();
`,
    });
    expect(ids(s)).toEqual(["GET /api/sessions", "POST /api/sessions/{id}/reset"]);
  });
});
