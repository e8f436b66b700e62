// Express routes added by a module loaded with `import()` (issue 20, point 5): an ES module's
// dynamic import fulfils to the module's namespace object, whose `default` is the module's
// default export (ECMAScript `import()`; Node's "Modules: ECMAScript modules"); a part of an app
// loaded only under an option is commonly loaded so. Written from those semantics and Express's
// API (`app.METHOD(path, handler)`), not copied from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const views = (path: string) => `export default function (app) {
  app.get("${path}", (req, res) => res.send("ok"));
  app.post("${path}/:id", (req, res) => res.send("ok"));
}
`;

describe("Express routes of a dynamically imported module", () => {
  it("follows `(await import('./x.js')).default(app)` and a namespace held in a name, under an option", async () => {
    const s = await scan({
      "app.js": `import express from "express";
import config from "./config.js";
import mainViews from "./views/main.js";

const app = express();
mainViews(app);

if (config.admin) {
  const adminViews = await import("./views/admin.js");
  adminViews.default(app);
}
(await import("./views/reports.js")).default(app);

export default app;
`,
      "config.js": "export default { admin: false };\n",
      "views/main.js": views("/items"),
      "views/admin.js": views("/admin"),
      "views/reports.js": views("/reports"),
    });
    expect(ids(s)).toEqual([
      "GET /admin",
      "GET /items",
      "GET /reports",
      "POST /admin/{id}",
      "POST /items/{id}",
      "POST /reports/{id}",
    ]);
  });
});
