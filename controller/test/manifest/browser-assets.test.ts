// Browser assets are not scanned (source-tree.ts): `public/` and `static/` folders and minified
// `*.min.*` files hold code served to browsers as it is, never a server's routes. node-red ships
// a 60k-line editor bundle in `public/` whose parse took most of a cold scan (issue 20, point 6).

import { describe, expect, it } from "vitest";
import { listSourceFiles } from "../../src/manifest/source-tree.js";
import { makeProject } from "../helpers/project.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

// Browser code that reads like an Express app: were it scanned, its routes would be found.
const browserBundle = `const app = require("express")();\napp.get("/from-the-browser", (req, res) => res.send(""));\n`;

const files = {
  "package.json": '{"dependencies":{"express":"^4.18.0"}}',
  "server.js": `const express = require("express");\nconst app = express();\napp.use(express.static("public"));\napp.get("/items", (req, res) => res.json([]));\napp.listen(3000);\n`,
  "public/js/editor.js": browserBundle,
  "src/public/app.js": browserBundle,
  "myapp/static/myapp/bundle.js": browserBundle,
  "lib/vendor.min.js": browserBundle,
  "lib/publicity.js": `module.exports = {};\n`,
};

describe("browser assets", () => {
  it("lists neither public/ nor static/ folders at any depth, nor *.min.* files", async () => {
    const p = makeProject(files);
    try {
      expect(await listSourceFiles(p.dir)).toEqual(["lib/publicity.js", "package.json", "server.js"]);
    } finally {
      p.remove();
    }
  });

  it("finds the server's routes and none of the browser bundles'", async () => {
    const s = await scan(files);
    expect(s.endpoints.map((e) => e.id)).toEqual(["GET /items"]);
  });
});
