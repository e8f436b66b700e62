// Modules a Node package never loads register no route (issue 20, point 5: precision on real
// packages). Node runs a package from the files its package.json names (Node's "Modules:
// Packages": `main`, default `index.js`, and `exports`; npm's `bin`) or that its npm scripts
// run, and then only the modules those load (`require`, `import`, `import()`), so a router in a
// file nothing loads is never mounted. Whatever the scan cannot see whole keeps every file.
// Written from those documents and Express's API, not copied from an app.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

const router = (path: string) => `const express = require("express");
const router = express.Router();
router.get("${path}", (req, res) => res.json([]));
module.exports = router;
`;

const pkg = (fields: Record<string, unknown>) => JSON.stringify({ name: "shop", ...fields });

describe("routes of modules the package never loads", () => {
  it("leaves out a router in a file no entry point loads, directly or through the modules it loads", async () => {
    const s = await scan({
      "package.json": pkg({ main: "server.js" }),
      "server.js": `const express = require("express");
const app = express();
app.use("/users", require("./routes/users"));
app.listen(3000);
`,
      "routes/users.js": router("/"),
      "legacy/old-api.js": router("/v0/orders"),
    });
    expect(ids(s)).toEqual(["GET /users"]);
  });

  it("starts from npm's bin (a file without an extension), `exports` and the files npm scripts run", async () => {
    const s = await scan({
      "package.json": pkg({
        main: "lib/index.js",
        bin: { shop: "bin/www" },
        exports: { ".": { require: "./lib/index.js" }, "./admin": { import: "./admin/index.mjs" } },
        scripts: { "start:jobs": "NODE_ENV=production node jobs/server.js --port 3001" },
      }),
      "lib/index.js": "module.exports = { version: 1 };\n",
      "bin/www": `#!/usr/bin/env node
const app = require("../app");
app.listen(process.env.PORT || 3000);
`,
      "app.js": `const express = require("express");
const app = express();
app.get("/health", (req, res) => res.send("ok"));
module.exports = app;
`,
      "admin/index.mjs": `import express from "express";
export const admin = express();
admin.get("/stats", (req, res) => res.json({}));
`,
      "jobs/server.js": `const express = require("express");
express().post("/jobs", (req, res) => res.sendStatus(202));
`,
      "scripts/one-off.js": `const express = require("express");
express().delete("/everything", (req, res) => res.end());
`,
    });
    expect(ids(s)).toEqual(["GET /health", "GET /stats", "POST /jobs"]);
  });

  it("keeps the files of a folder a module names as a path, or loads from by a computed name", async () => {
    const s = await scan({
      "package.json": pkg({ main: "src/index.js" }),
      "src/index.js": `const fs = require("fs");
const path = require("path");
const express = require("express");
const app = express();
for (const f of fs.readdirSync(path.join(__dirname, "routes"))) app.use(require(\`./routes/\${f}\`));
require("./plugins/loader")(app);
for (const f of require("glob").sync(path.join(__dirname, "../controllers/**/*.js"))) app.use(require(f));
app.listen(3000);
`,
      "src/routes/a.js": router("/a"),
      "controllers/admin/c.js": router("/c"),
      "src/plugins/loader.js": `module.exports = (app) => {
  for (const name of process.env.PLUGINS.split(",")) app.use(require(name));
};
`,
      "src/plugins/x.js": router("/x"),
      "examples/demo.js": router("/demo"),
    });
    expect(ids(s)).toEqual(["GET /a", "GET /c", "GET /x"]);
  });

  it("starts from a module a host application's own package.json field names (a plugin's)", async () => {
    // Node-RED reads `"node-red": { "nodes": { … } }` and loads each file itself.
    const s = await scan({
      "package.json": pkg({ main: "lib/index.js", "node-red": { nodes: { status: "nodes/status.js" } } }),
      "lib/index.js": "module.exports = {};\n",
      "nodes/status.js": `const express = require("express");
module.exports = (RED) => {
  const api = express.Router();
  api.get("/status", (req, res) => res.json({}));
};
`,
      "nodes/old/status-v0.js": router("/status-v0"),
    });
    expect(ids(s)).toEqual(["GET /status"]);
  });

  it("follows the entry point above a scanned sub-folder into it", async () => {
    const s = await scan(
      {
        "package.json": pkg({ main: "index.js" }),
        "index.js": `require("./src/server");\n`,
        "src/server.js": `const express = require("express");
const app = express();
app.use("/items", require("./items"));
app.listen(3000);
`,
        "src/items.js": router("/:id"),
        "src/unused/draft.js": router("/draft"),
      },
      "src",
    );
    expect(ids(s)).toEqual(["GET /items/{id}"]);
  });

  it("starts from every workspace package of a monorepo, and follows a package imported by name", async () => {
    const s = await scan({
      "package.json": JSON.stringify({ name: "shop-monorepo", private: true, workspaces: ["packages/*"] }),
      "packages/api/package.json": JSON.stringify({ name: "@shop/api", main: "index.js" }),
      "packages/api/index.js": `const express = require("express");
const app = express();
app.use(require("@shop/common/routes/health"));
app.listen(3000);
`,
      "packages/api/old/legacy.js": router("/v0"),
      "packages/common/package.json": JSON.stringify({ name: "@shop/common", main: "index.js" }),
      "packages/common/index.js": "module.exports = {};\n",
      "packages/common/routes/health.js": router("/health"),
      "packages/common/routes/unused.js": router("/unused"),
      "packages/admin/package.json": JSON.stringify({
        name: "@shop/admin",
        scripts: { start: "node server.js" },
      }),
      "packages/admin/server.js": `const express = require("express");
express().get("/admin", (req, res) => res.end());
`,
    });
    expect(ids(s)).toEqual(["GET /admin", "GET /health"]);
  });

  it("keeps a module that makes none of the framework's objects (its schemas), whoever loads it", async () => {
    // Loaded by a name computed from a setting the scan cannot read: only a module that makes
    // an app or a router of its own is left out when nothing is seen loading it.
    const s = await scan({
      "package.json": pkg({ main: "src/index.js" }),
      "src/index.js": `const express = require("express");
const app = express();
for (const name of process.env.SCHEMAS.split(",")) require(name);
app.get("/ping", (req, res) => res.send("pong"));
`,
      "schemas/user.ts": `import { z } from "zod";
export const User = z.object({ name: z.string() });
`,
      "tools/old-server.js": router("/old"),
    });
    expect(ids(s)).toEqual(["GET /ping"]);
    expect(s.dtos.map((d) => d.name)).toContain("User");
  });

  it("keeps every file when nothing it finds as an entry point loads the framework", async () => {
    // The app is started from somewhere the scan does not read (a Dockerfile, a Procfile).
    const s = await scan({
      "package.json": pkg({ main: "lib/index.js" }),
      "lib/index.js": "module.exports = { version: 1 };\n",
      "server/app.js": `const express = require("express");
express().get("/ping", (req, res) => res.send("pong"));
`,
    });
    expect(ids(s)).toEqual(["GET /ping"]);
  });

  it("keeps every file without a package.json, or without an entry point on disk", async () => {
    const files = {
      "a.js": `const express = require("express");
express().get("/a", (req, res) => res.end());
`,
      "b.js": `const express = require("express");
express().get("/b", (req, res) => res.end());
`,
    };
    expect(ids(await scan(files))).toEqual(["GET /a", "GET /b"]);
    expect(ids(await scan({ ...files, "package.json": pkg({ main: "dist/index.js" }) }))).toEqual([
      "GET /a",
      "GET /b",
    ]);
  });
});
