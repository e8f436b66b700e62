// The real apps of the evaluation (apps.json): which package brings each one, which folder
// `e2e manifest` scans, and where its route table comes from. Only names, versions and entry
// points live in this repository; the code is fetched at bench time (fetch.ts).
import { readFileSync } from "node:fs";

type Framework =
  | "express"
  | "fastify"
  | "koa"
  | "hono"
  | "nestjs"
  | "flask"
  | "django"
  | "fastapi"
  | "starlette"
  | "gin"
  | "rails"
  | "laravel"
  | "aspnet";

export interface RealApp {
  name: string;
  framework: Framework;
  /** `with`: more packages the app needs to load; `rebuild`: npm native modules to build. */
  package: {
    kind: "deb" | "deb-src" | "npm" | "pypi";
    name: string;
    version?: string;
    with?: string[];
    rebuild?: string[];
  };
  /**
   * The folder scanned, relative to the fetched package's folder ("/" for a Debian package; the
   * virtualenv's site-packages for a `pypi` one, so its root is the package's folder there).
   */
  root: string;
  /**
   * Where the truth comes from. `python`: one of truth/dump_*.py run with Debian's python3 (a
   * `pypi` app: its virtualenv's python) on `args`; `ruby`: truth/dump_rails.rb on the fetched tree; `node`: a script run with truth/node-routes.cjs preloaded (`args` after the script);
   * `hand`: a file of `METHOD path` lines read by hand from the code (`file`, under truth/).
   */
  truth:
    | { kind: "python"; dumper: "flask" | "django" | "fastapi"; args: string[]; env?: Record<string, string> }
    | { kind: "ruby"; dumper: "rails" }
    | { kind: "node"; script: string; args?: string[]; env?: Record<string, string> }
    | { kind: "hand"; file: string };
  note?: string;
}

export const loadApps = (file: string): RealApp[] => JSON.parse(readFileSync(file, "utf8")) as RealApp[];
