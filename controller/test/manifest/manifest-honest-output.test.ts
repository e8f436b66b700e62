// What `e2e manifest` says when it cannot do the whole job (SPEC §5, issue 20): nothing found
// (which frameworks it looked for, which files looked like routes; --strict fails), a sub-folder
// scan that cannot follow an import across its border, and never a file written into node_modules.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeProject, type Project, runCli } from "../helpers/project.js";

const projects: Project[] = [];
afterAll(() => {
  for (const p of projects) p.remove();
});
const project = (files: Record<string, string>) => {
  const p = makeProject(files);
  projects.push(p);
  return p;
};

describe("e2e manifest, honest output", () => {
  it("names the frameworks it looked for and the files that looked like routes, and fails under --strict", async () => {
    const p = project({
      "go.mod": "module example.com/shop\n",
      "main.go": `package main

import "github.com/labstack/echo/v4"

func main() {
	e := echo.New()
	e.GET("/orders", listOrders)
	e.Logger.Fatal(e.Start(":8080"))
}
`,
      "README.md": "# shop\n",
    });
    const plain = await runCli(["manifest", "."], { cwd: p.dir });
    expect(plain.code).toBe(0);
    expect(plain.stderr).toContain("no endpoint found; looked for express, fastify");
    expect(plain.stderr).toContain("flask");
    expect(plain.stderr).toContain("1 file(s) look like routes");
    expect(plain.stderr).toContain("main.go");
    const strict = await runCli(["manifest", ".", "--strict"], { cwd: p.dir });
    expect(strict.code).toBe(1);
  });

  it("says when nothing even looks like a route", async () => {
    const p = project({ "notes.txt": "nothing here\n", "lib/util.js": "module.exports = (a) => a + 1;\n" });
    const r = await runCli(["manifest", ".", "--strict"], { cwd: p.dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no file looks like it declares routes");
  });

  it("writes the manifest of a package in node_modules beside it in the project, never into node_modules", async () => {
    const p = project({
      "package.json": '{"name":"host"}',
      "node_modules/tiny-api/package.json": '{"name":"tiny-api","dependencies":{"express":"^4"}}',
      "node_modules/tiny-api/server.js": `const express = require("express");
const app = express();
app.get("/health", (req, res) => res.send("ok"));
app.listen(3000);
`,
    });
    const r = await runCli(["manifest", "node_modules/tiny-api"], { cwd: p.dir });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(existsSync(join(p.dir, ".e2e/tiny-api/manifest.json"))).toBe(true);
    expect(existsSync(join(p.dir, "node_modules/tiny-api/.e2e"))).toBe(false);
    const refused = await runCli(["manifest", "node_modules/tiny-api", "--out", "node_modules/m.json"], {
      cwd: p.dir,
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("refusing to write into node_modules");
  });

  it("warns, naming the import, when a sub-folder scan cannot follow a prefix across the folder's border", async () => {
    const p = project({
      "package.json": '{"name":"api","dependencies":{"express":"^4"}}',
      "src/app.js": `const express = require("express");
const users = require("./routes/users");
const app = express();
app.use("/api/v1", users);
module.exports = app;
`,
      "src/routes/users.js": `const { Router } = require("express");
const router = Router();
router.get("/users", (req, res) => res.json([]));
module.exports = router;
`,
    });
    const r = await runCli(["manifest", "src/routes"], { cwd: p.dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("1 endpoints");
    expect(r.stderr).toContain("src/app.js:2 (outside the scanned folder) imports ./routes/users");
  });
});
