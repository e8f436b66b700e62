// Rails: `config/routes.rb` (and `config/routes/*.rb` drawn from it) evaluated by
// ruby/rails-routes.ts; each route's path parameters (`:id`, `*path`) become `{name}`. A mounted
// engine is listed at its mount path with the engine as handler and the tag `mounted-engine`.

import posix from "node:path/posix";
import type { FileFacts, FrameworkScanner, ScanContribution } from "../scanner.js";
import type { Endpoint } from "../types.js";
import { sortEndpoints } from "./python/py-scanner-kit.js";
import { RailsRouter } from "./ruby/rails-routes.js";
import { extractRoutes, type RoutesFile } from "./ruby/rb-extract.js";

const ROUTES_FILE = /(^|\/)config\/routes(\.rb|\/[^/]+\.rb)$/;

export const railsScanner: FrameworkScanner<RoutesFile> = {
  name: "rails",
  kind: "framework",
  languages: ["ruby"],
  version: 1,
  reads: (path) => ROUTES_FILE.test(path),
  extract: (file) => (ROUTES_FILE.test(file.path) ? extractRoutes(file.root) : undefined),
  link: (files) => linkRails(files),
};

function linkRails(files: readonly FileFacts<RoutesFile>[]): ScanContribution {
  const endpoints = new Map<string, Endpoint>();
  for (const main of files.filter((f) => f.path.endsWith("config/routes.rb"))) {
    const dir = posix.dirname(main.path);
    const router = new RailsRouter((name) => {
      const drawn = files.find((f) => f.path === `${dir}/routes/${name}.rb`);
      return drawn ? { file: drawn.path, calls: drawn.facts.calls } : undefined;
    });
    router.evaluate(main.facts.calls, main.path);
    for (const r of router.routes) {
      const path = r.path.replace(/[:*]([A-Za-z_]\w*)/g, "{$1}");
      const id = `${r.method} ${path}`;
      if (endpoints.has(id)) continue; // Rails matches the first route drawn
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
        name: m[1]!,
        in: "path" as const,
        type: "string",
        required: true,
      }));
      const endpoint: Endpoint = {
        id,
        method: r.method,
        path,
        handler: r.handler,
        file: r.file,
        line: r.line,
        params,
        responses: [],
      };
      if (r.engine) {
        endpoint.tags = ["mounted-engine"];
        endpoint.description = `Rack engine ${r.engine} mounted here; its own routes are not listed`;
      }
      endpoints.set(id, endpoint);
    }
  }
  return { endpoints: sortEndpoints([...endpoints.values()]), dtos: [], types: [] };
}
