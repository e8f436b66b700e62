// Express route paths written as regular expressions (Express's guide, "Route paths": "Route
// paths can be strings, string patterns, or regular expressions", with `/.*fly$/`; its API for
// req.params: "When you use a regular expression for the route definition, capture groups are
// provided in the array using req.params[n]", with `/^\/commits\/(\w+)(?:\.\.(\w+))?$/`). The
// manifest writes a template whose every URL the route answers, not the pattern's source.
// Written from those documents, not copied from an app (issue 20, point 5).

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { endpointById, projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const ids = (s: ServiceManifest) => s.endpoints.map((e) => e.id).sort();

describe("Express routes whose path is a regular expression", () => {
  it("writes capture groups as parameters by index, named groups by name, and drops optional parts", async () => {
    const s = await scan({
      "app.js": `const express = require("express");
const app = express();
const repo = express.Router();
repo.get(/^\\/commits\\/(\\w+)(?:\\.\\.(\\w+))?$/, (req, res) => res.send(req.params[0]));
app.use("/repo", repo);
app.get(/^\\/([a-z0-9-]+)\\.json$/, (req, res) => res.json({}));
app.get(/^\\/users\\/(?<id>\\d+)\\/?$/, (req, res) => res.json({}));
app.get(/.*fly$/, (req, res) => res.send("fly"));
app.listen(3000);
`,
    });
    // `.*` may match nothing: `/fly` is answered, as `/butterfly` is.
    expect(ids(s)).toEqual([
      "GET /fly",
      "GET /repo/commits/{param0}",
      "GET /users/{id}",
      "GET /{param0}.json",
    ]);
    expect(endpointById(s, "GET /{param0}.json").params.map((p) => p.name)).toEqual(["param0"]);
  });

  it("writes a group's literal text out, a lone dot as the dot, and alternatives as one parameter", async () => {
    const s = await scan({
      "app.js": `const express = require("express");
const app = express();
app.get(/^\\/remote\\/([a-z0-9.-]+\\/favicon.png)$/, (req, res) => res.end());
app.delete(/^\\/(posts|pages)\\/(\\d+)$/, (req, res) => res.end());
app.get(/^\\/theme\\/(\\w+\\.\\w+)$/, (req, res) => res.end());
`,
    });
    expect(ids(s)).toEqual([
      "DELETE /{param0}/{param1}",
      "GET /remote/{part1}/favicon.png",
      "GET /theme/{part1}.{part2}",
    ]);
  });
});
