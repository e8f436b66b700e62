// Express 5's named wildcards (issue 20, point 5; seen in real apps' catch-alls, `/{*splat}`
// and `/*all`): path-to-regexp 8, which Express 5 uses, requires a wildcard to have a name —
// `*name` matches the rest of the path, and braces make a part optional (`/{*splat}` also matches
// `/`). Express's migration guide writes them `/*splat` and `/{*splat}`. Written from those
// documents, not copied from an app: the manifest writes such a wildcard `{name}`, a path
// parameter named as the code names it.

import { describe, expect, it } from "vitest";
import type { ServiceManifest } from "../../src/manifest/types.js";
import { projectScanner } from "../helpers/scan-project.js";

const scan = projectScanner();

const routes = (s: ServiceManifest) =>
  s.endpoints.map((e) => `${e.id} ${e.params.map((p) => p.name).join(",")}`).sort();

describe("Express 5 named wildcards", () => {
  it("writes `*name` and `{*name}` as the path parameter `{name}`", async () => {
    const s = await scan({
      "server.js": `const express = require("express");
const app = express();
app.get("/files/*filepath", (req, res) => res.sendFile(req.params.filepath.join("/")));
app.get("/assets/:version/*rest", (req, res) => res.end());
app.get("/{*splat}", (req, res) => res.send("index"));
`,
    });
    expect(routes(s)).toEqual([
      "GET /assets/{version}/{rest} version,rest",
      "GET /files/{filepath} filepath",
      "GET /{splat} splat",
    ]);
  });
});
