// Laravel: the route files under `routes/` evaluated by php/laravel-router.ts, loaded the way the
// app loads them (a RouteServiceProvider's `group(base_path(…))`, bootstrap/app.php's
// `withRouting`), else by Laravel's defaults (`routes/api.php` under `/api`, middleware `api`).

import { posix } from "node:path";
import type { FileFacts, FrameworkScanner, ScanContribution } from "../scanner.js";
import type { Endpoint } from "../types.js";
import { LaravelRouter } from "./php/laravel-router.js";
import { extractPhpRoutes, type PhpRoutesFacts } from "./php/php-routes-extract.js";
import { sortEndpoints } from "./python/py-scanner-kit.js";

/** Files that declare or load routes: route files, service providers, bootstrap/app.php. */
const ROUTING_FILE = /(^|\/)(routes\/.*\.php|app\/Providers\/[^/]+\.php|bootstrap\/app\.php)$/;

export const laravelScanner: FrameworkScanner<PhpRoutesFacts> = {
  name: "laravel",
  kind: "framework",
  languages: ["php"],
  version: 1,
  reads: (path) => ROUTING_FILE.test(path),
  extract: (file) => (ROUTING_FILE.test(file.path) ? extractPhpRoutes(file.root) : undefined),
  link: (files) => linkLaravel(files),
};

function linkLaravel(files: readonly FileFacts<PhpRoutesFacts>[]): ScanContribution {
  const byPath = new Map(files.map((f) => [f.path, f.facts.stmts]));
  const routeFiles = files.map((f) => f.path).filter((p) => /(^|\/)routes\/[^/]+\.php$/.test(p));
  const endpoints = new Map<string, Endpoint>();
  // A Laravel app in a sub-folder of the tree: paths are relative to the folder holding routes/.
  for (const base of new Set(routeFiles.map((p) => p.slice(0, p.lastIndexOf("routes/"))))) {
    const router = new LaravelRouter((path) => byPath.get(`${base}${path}`));
    for (const f of files) {
      const rel = f.path.slice(base.length);
      if (f.path.startsWith(base) && !rel.startsWith("routes/")) router.runLoader(f.facts.stmts, rel);
    }
    const included = new Set<string>();
    for (const p of routeFiles)
      for (const s of byPath.get(p) ?? [])
        if ("include" in s)
          included.add(posix.normalize(posix.join(posix.dirname(p.slice(base.length)), s.include)));
    for (const p of routeFiles.filter((r) => r.startsWith(base)).map((r) => r.slice(base.length))) {
      if (router.loaded.has(p) || included.has(p)) continue;
      const api = posix.basename(p) === "api.php";
      router.load(p, { prefix: api ? "/api" : "", middleware: api ? ["api"] : ["web"] });
    }
    for (const r of router.routes) {
      const id = `${r.method} ${r.path}`;
      if (endpoints.has(id)) continue;
      const params = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
        name: m[1]!,
        in: "path" as const,
        type: "string",
        required: true,
      }));
      const endpoint: Endpoint = {
        id,
        method: r.method,
        path: r.path,
        handler: r.handler,
        file: `${base}${r.file}`,
        line: r.line,
        params,
        responses: [],
      };
      if (r.auth) endpoint.auth = true;
      endpoints.set(id, endpoint);
    }
  }
  return { endpoints: sortEndpoints([...endpoints.values()]), dtos: [], types: [] };
}
