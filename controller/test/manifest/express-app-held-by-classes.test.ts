// Express apps held in an attribute of one class instance (`this.app = express()`) and handed to
// the constructors of other classes that keep it (`this.app = app`) and add routes in their
// methods: written as ES2015 classes and as TypeScript's ES5 emit of the same classes (an IIFE
// returning a constructor function whose methods are set on its `prototype`). Written from
// JavaScript's semantics (`new C(x)` runs C's constructor with `this` the new object; a method
// called on it sees the same `this`) and Express's API (`app.METHOD(path, handler)`), not copied
// from an app (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const es2015 = {
  "server.js": `const express = require("express");
const http = require("http");
class Server {
  constructor(options) { this.options = options; }
  start() {
    this.app = express();
    http.createServer(this.app).listen(this.options.port);
  }
}
exports.Server = Server;
`,
  "api.js": `class Api {
  constructor(app, prefix) { this.app = app; this.prefix = prefix; }
  init() {
    this.app.get("/", (req, res) => res.json({}));
    this.app.get("/items/:id", (req, res) => res.json({}));
  }
}
exports.Api = Api;
`,
  "events.js": `class Events {
  constructor(app) { this.app = app; }
  subscribe() {
    this.app.post("/items/:id/events", (req, res) => res.sendStatus(204));
  }
}
exports.Events = Events;
`,
  "main.js": `const { Server } = require("./server");
const { Api } = require("./api");
const { Events } = require("./events");
class Main {
  run(options) {
    this.server = new Server(options);
    this.server.start();
    this.api = new Api(this.server.app);
    this.api.init();
    new Events(this.server.app).subscribe();
  }
}
new Main().run({ port: 3000 });
`,
};

const es5 = {
  "server.js": `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Server = void 0;
var express = require("express");
var http = require("http");
var Server = (function () {
    function Server(options) {
        this.options = options;
    }
    Server.prototype.start = function () {
        this.app = express();
        http.createServer(this.app).listen(this.options.port);
    };
    return Server;
}());
exports.Server = Server;
`,
  "api.js": `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Api = void 0;
var Api = (function () {
    function Api(app) {
        this.app = app;
    }
    Api.prototype.init = function () {
        var _this = this;
        this.app.get("/", function (req, res) { return _this.root(req, res); });
        this.app.get("/items/:id", function (req, res) { return res.json({}); });
    };
    Api.prototype.root = function (req, res) { res.json({}); };
    return Api;
}());
exports.Api = Api;
`,
  "events.js": `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Events = void 0;
var Events = (function () {
    function Events(app) {
        this.app = app;
    }
    Events.prototype.subscribe = function () {
        var _this = this;
        return new Promise(function (resolve) {
            _this.app.post("/items/:id/events", function (req, res) { res.sendStatus(204); });
            resolve();
        });
    };
    return Events;
}());
exports.Events = Events;
`,
  "main.js": `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
var server_1 = require("./server");
var api_1 = require("./api");
var events_1 = require("./events");
var Main = (function () {
    function Main() {
    }
    Main.prototype.run = function (options) {
        this.server = new server_1.Server(options);
        this.server.start();
        this.api = new api_1.Api(this.server.app);
        this.api.init();
        new events_1.Events(this.server.app).subscribe();
    };
    return Main;
}());
new Main().run({ port: 3000 });
`,
};

// The same ES5 tree with the classes re-exported by folder index modules, as tsc writes
// `export { Api } from "./api"` (a getter on `exports`) and `export * from "./events"`.
const es5Reexported = {
  ...Object.fromEntries(Object.entries(es5).map(([k, v]) => [k === "main.js" ? k : `lib/${k}`, v])),
  "lib/index.js": `"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    Object.defineProperty(o, k2, { enumerable: true, get: function() { return m[k]; } });
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __exportStar = (this && this.__exportStar) || function(m, exports) {
    for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports, p)) __createBinding(exports, m, p);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.Api = void 0;
var api_1 = require("./api");
Object.defineProperty(exports, "Api", { enumerable: true, get: function () { return api_1.Api; } });
__exportStar(require("./events"), exports);
__exportStar(require("./server"), exports);
`,
  "main.js": es5["main.js"]
    .replace('require("./server")', 'require("./lib")')
    .replace('require("./api")', 'require("./lib")')
    .replace('require("./events")', 'require("./lib")'),
};

const expected = ["GET /", "GET /items/{id}", "POST /items/{id}/events"];

describe("an Express app held by one class and handed to others", () => {
  it("follows it through ES2015 classes' attributes", async () => {
    expect(ids(await scan(es2015))).toEqual(expected);
  });

  it("follows it through TypeScript's ES5 emit of the same classes", async () => {
    expect(ids(await scan(es5))).toEqual(expected);
  });

  it("follows the classes through tsc's re-exports (a getter on `exports`, `__exportStar`)", async () => {
    expect(ids(await scan(es5Reexported))).toEqual(expected);
  });
});
