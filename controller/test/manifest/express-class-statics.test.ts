// A route path held in a class's static property as TypeScript emits it for targets before
// ES2022: `class Hub { … } Hub.PATH_EXPORT = "/_admin/export";` after the class (tsc's
// `useDefineForClassFields` off), read as `Hub.PATH_EXPORT` in the class's methods or elsewhere.
// Written from the TypeScript handbook's class statics and tsc's documented emit (issue 20).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("a path in a class's static property", () => {
  it("is the value assigned to it after the class", async () => {
    const s = await scan({
      "hub.js": `"use strict";
const express = require("express");
class EmulatorHub {
    createApp() {
        const app = express();
        app.get(EmulatorHub.PATH_EMULATORS, (req, res) => res.json({}));
        app.post(EmulatorHub.PATH_EXPORT, (req, res) => res.end());
        return app;
    }
}
exports.EmulatorHub = EmulatorHub;
EmulatorHub.PATH_EXPORT = "/_admin/export";
EmulatorHub.PATH_EMULATORS = "/emulators";
`,
      "server.js": `const { EmulatorHub } = require("./hub");
const app = new EmulatorHub().createApp();
app.get(\`\${EmulatorHub.PATH_EMULATORS}/count\`, (req, res) => res.json(0));
app.listen(4400);
`,
    });
    expect(ids(s)).toEqual(["GET /emulators", "GET /emulators/count", "POST /_admin/export"]);
  });

  it("is unknown when the property is assigned two different values", async () => {
    const s = await scan({
      "hub.js": `const express = require("express");
class Hub {}
Hub.PATH = "/a";
if (process.env.B) Hub.PATH = "/b";
const app = express();
app.get(Hub.PATH, (req, res) => res.end());
app.get("/ok", (req, res) => res.end());
app.listen(3000);
`,
    });
    expect(ids(s)).toEqual(["GET /ok"]);
  });
});
