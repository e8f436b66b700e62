// The app's own route table: a dumper that loads the app without serving it and prints one JSON
// line {method, path} per route (truth/), or a list read by hand (truth/*.routes).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { RealApp } from "./apps.js";
import type { Route } from "./compare.js";
import { venvPython } from "./fetch.js";

const HERE = import.meta.dirname;

// An app's own JSON log lines on stdout (WeTTY's) are not routes: only {method, path} objects are.
const jsonLines = (text: string): Route[] =>
  text
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Partial<Route>)
    .filter((r): r is Route => typeof r.method === "string" && typeof r.path === "string");

export function truthRoutes(app: RealApp, home: string, scratch: string): Route[] {
  const t = app.truth;
  if (t.kind === "hand") {
    return readFileSync(join(HERE, "truth", t.file), "utf8")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"))
      .map((l) => {
        const [method = "", path = ""] = l.split(/\s+/);
        return { method, path };
      });
  }
  const env = { ...process.env, HOME: scratch, ...("env" in t ? t.env : {}) };
  const opts = { cwd: scratch, env, encoding: "utf8" as const, maxBuffer: 64 << 20, timeout: 120_000 };
  if (t.kind === "python") {
    // Debian's interpreter: the packages were installed for it, not for another python3 on PATH;
    // a `pypi` app's virtualenv holds its packages.
    const python = app.package.kind === "pypi" ? venvPython(app) : "/usr/bin/python3";
    const dump = join(HERE, "truth", `dump_${t.dumper}.py`);
    // BENCH_APP_HOME: where the package was brought (a deb-src tree), for truth/flask_examples.py.
    return jsonLines(
      execFileSync(python, [dump, ...t.args], { ...opts, env: { ...env, BENCH_APP_HOME: home } }),
    );
  }
  if (t.kind === "ruby")
    return jsonLines(execFileSync("ruby", [join(HERE, "truth", `dump_${t.dumper}.rb`), home], opts));
  const script = join(HERE, "truth", t.script);
  const args = ["--require", join(HERE, "truth", "node-routes.cjs"), script, ...(t.args ?? [])];
  return jsonLines(execFileSync(process.execPath, args, { ...opts, env: { ...env, BENCH_APP_HOME: home } }));
}
