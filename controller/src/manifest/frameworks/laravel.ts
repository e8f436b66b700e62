// Laravel: the route files under `routes/` evaluated by php/laravel-router.ts, loaded the way the
// app loads them (a RouteServiceProvider's `group(base_path(…))`, bootstrap/app.php's
// `withRouting`), else by Laravel's defaults (`routes/api.php` under `/api`, middleware `api`).

import { posix } from "node:path";
import { placeholderParams, routeName } from "../endpoint-params.js";
import type { FileFacts, FrameworkScanner, ScanContribution } from "../scanner.js";
import type { Dto, Endpoint } from "../types.js";
import { LaravelRouter } from "./php/laravel-router.js";
import { fieldsFromRules, type PhpClassFacts } from "./php/laravel-validation.js";
import { extractPhpRoutes, type PhpRoutesFacts } from "./php/php-routes-extract.js";
import { sortEndpoints } from "./python/py-scanner-kit.js";

/** Files that declare or load routes: route files, service providers, bootstrap/app.php. */
const ROUTING_FILE = /(^|\/)(routes\/.*\.php|app\/Providers\/[^/]+\.php|bootstrap\/app\.php)$/;
/** Controllers and FormRequests: the request shapes actions declare. */
const HTTP_FILE = /(^|\/)app\/Http\/.*\.php$/;

export const laravelScanner: FrameworkScanner<PhpRoutesFacts> = {
  name: "laravel",
  kind: "framework",
  languages: ["php"],
  version: 2,
  reads: (path) => ROUTING_FILE.test(path) || HTTP_FILE.test(path),
  extract: (file) =>
    ROUTING_FILE.test(file.path) || HTTP_FILE.test(file.path)
      ? extractPhpRoutes(file.root, HTTP_FILE.test(file.path))
      : undefined,
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
      const endpoint: Endpoint = {
        id,
        method: r.method,
        path: r.path,
        handler: r.handler,
        file: `${base}${r.file}`,
        line: r.line,
        params: placeholderParams(r.path),
        responses: [],
      };
      if (r.auth) endpoint.auth = true;
      endpoints.set(id, endpoint);
    }
  }
  const dtos = addRequestDtos([...endpoints.values()], files);
  return { endpoints: sortEndpoints([...endpoints.values()]), dtos, types: [] };
}

/**
 * An action typed with a FormRequest (`store(StoreUserRequest $request)`) takes that class as its
 * request DTO (fields from its rules, also inherited); one that calls `$request->validate([...])`
 * gets a DTO named after the route.
 */
function addRequestDtos(endpoints: Endpoint[], files: readonly FileFacts<PhpRoutesFacts>[]): Dto[] {
  const classes = new Map<string, { cls: PhpClassFacts; file: string }>();
  for (const f of files)
    for (const cls of f.facts.classes ?? []) classes.set(cls.name, { cls, file: f.path });
  const rulesOf = (name: string, depth = 0): [string, string[]][] | undefined => {
    const found = classes.get(name);
    if (!found || depth > 5) return undefined;
    return found.cls.rules ?? (found.cls.base ? rulesOf(found.cls.base, depth + 1) : undefined);
  };
  const dtos = new Map<string, Dto>();
  for (const e of endpoints) {
    const [clsName, action] = e.handler.split(".");
    const method =
      clsName && action ? classes.get(clsName)?.cls.methods.find((m) => m.name === action) : undefined;
    if (!method) continue;
    const formRequest = method.params.find((p) => rulesOf(p.type));
    if (formRequest) {
      const found = classes.get(formRequest.type)!;
      e.request = formRequest.type;
      if (!dtos.has(formRequest.type))
        dtos.set(formRequest.type, {
          name: formRequest.type,
          file: found.file,
          line: found.cls.line,
          fields: fieldsFromRules(rulesOf(formRequest.type)!),
          kind: "laravel-form-request",
        });
    } else if (method.validate) {
      const name = `${routeName(e.method, e.path)}Body`;
      e.request = name;
      const file = classes.get(clsName!)!.file;
      dtos.set(name, {
        name,
        file,
        line: classes.get(clsName!)!.cls.line,
        fields: fieldsFromRules(method.validate),
        kind: "laravel-validate",
      });
    }
  }
  return [...dtos.values()].sort((a, b) => a.name.localeCompare(b.name));
}
